import "../server/load-env-files";
import { openAppDatabase } from "../server/jobs/open";
import { startWorker } from "../server/jobs/worker";
import { env } from "../server/env";
import { log } from "../server/lib/log";

/**
 * `npm run worker`: the job worker alone (mail, webhooks, AI, scheduled jobs), beside app
 * instances started with JOBS_IN_APP=false or not. Any number may run at once on PostgreSQL
 * (PGlite is single-process: there the app runs its worker itself).
 */
const e = env();
try {
  const db = await openAppDatabase({ databaseUrl: e.DATABASE_URL, pgliteDir: e.PGLITE_DIR });
  const worker = await startWorker(db.db);
  const stop = (signal: string) => {
    log.info("worker.stopping", { signal });
    worker
      .stop()
      .catch(() => {})
      .finally(() => db.close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
