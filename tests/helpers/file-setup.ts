import { afterAll, beforeAll } from "vitest";
import { setAppDatabase } from "../../server/db/global";
import { resetEnvCache } from "../../server/env";
import { setClock } from "../../server/lib/clock";
import { setMailTransport } from "../../server/services/mail/chain";
import { setDocumentStorage } from "../../server/services/documents/storage";
import { setMediaStorage } from "../../server/services/media/storage";
import { setWebhookResolver } from "../../server/services/webhooks/url-policy";
import { stopPdfWorker } from "./pdf-sync";

/**
 * Test files share their worker's loaded modules (vitest.config `isolate: false`: the server's
 * modules are imported once a worker, not once a file). Each file therefore starts from the
 * same state whatever ran before it in that worker: the real clock, the worker's environment as
 * it was at start (env() parsed again), no adapter or database left plugged in by another file,
 * and a fresh PDF reader (tests/helpers/pdf-sync.ts).
 */
const g = globalThis as { __testEnvAtStart?: Record<string, string | undefined> };
g.__testEnvAtStart ??= { ...process.env };
const envAtStart = g.__testEnvAtStart;

/** The worker's environment as it was at start, env() parsed again. */
function restoreEnv(): void {
  for (const k of Object.keys(process.env)) if (!(k in envAtStart) && !k.startsWith("VITEST")) delete process.env[k];
  for (const [k, v] of Object.entries(envAtStart)) if (!k.startsWith("VITEST")) process.env[k] = v;
  resetEnvCache();
}

function unplug(): void {
  setClock(null);
  setMailTransport(null);
  setMediaStorage(null);
  setDocumentStorage(null);
  setWebhookResolver(null);
  setAppDatabase(null);
}

// A file may change the environment when its module loads (before any hook): the environment is
// restored after each file, so that the next one starts as the first did.
beforeAll(() => {
  resetEnvCache();
  unplug();
});
afterAll(async () => {
  restoreEnv();
  unplug();
  await stopPdfWorker();
});
