import "./server/load-env-files";
import type http from "node:http";
import { openAppDatabase } from "./server/jobs/open";
import { startWorker, type JobWorker } from "./server/jobs/worker";
import { setAppDatabase } from "./server/db/global";
import { seedDemo } from "./server/seed/demo";
import { env } from "./server/env";
import { createApiHandler } from "./server/http/api-handler";
import { createAppServer } from "./server/http/app-server";
import { log } from "./server/lib/log";
import { withoutHeaderPrefix } from "./server/framework-internals";
import { warmFacturxValidator } from "./server/services/billing/facturx/validation";

/**
 * The app's own Node server: the API (/api/v1, /api/trpc, /api/health) is served by
 * server/http/api-handler.ts (REST route table, raw routes, tRPC's Node adapter); everything else (pages, next-auth) goes to Next.
 * Same code in development and production. SERVE_PAGES=false makes an API-only instance: Next is
 * not loaded (no build needed) and any other path answers 404 (docs/scale.md: instances behind
 * one load balancer may split pages and API).
 */
async function main(): Promise<void> {
  const e = env();
  const dev = e.NODE_ENV !== "production";
  const db = await openAppDatabase({ databaseUrl: e.DATABASE_URL, pgliteDir: e.PGLITE_DIR });
  setAppDatabase(db);
  log.info("db.ready", { driver: db.driver });
  if (dev && process.env.SEED_ON_START !== "false") {
    await seedDemo(db.db, e.SEED_PASSWORD);
    log.info("db.seeded", { tenants: ["acme", "globex"] });
  }
  // The job worker (mail, webhooks, AI, scheduled jobs) runs inside the app unless JOBS_IN_APP=false (then `npm run worker`).
  const worker: JobWorker | null = e.JOBS_IN_APP ? await startWorker(db.db) : null;
  const api = createApiHandler(db.db);
  const pages = e.SERVE_PAGES ? await startNext(dev, e.PORT) : null;
  const handleNext: PageHandler = pages?.handle ?? notFound;

  // Request targets reach the handlers in origin form (an absolute-form line's host is dropped); slow senders get 408.
  const server = createAppServer((req, res) => {
    api(req, res)
      .then((handled) => (handled ? undefined : handleNext(forNext(req), withoutHeaderPrefix(res, "x-middleware-"))))
      .catch((error: unknown) => {
        log.error("server.unhandled", { error: String(error) });
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ statusCode: 500, message: "Internal server error" }));
      });
  }, { requestTimeoutMs: e.REQUEST_TIMEOUT_MS, headersTimeoutMs: e.HEADERS_TIMEOUT_MS });
  server.listen(e.PORT, e.HOST, () => {
    log.info("server.listening", { url: `http://localhost:${e.PORT}`, tenants: `http://acme.${e.APP_ROOT_DOMAIN}` });
    // The Factur-X validator (SaxonJS and the compiled Schematrons, about 30 MB of SEF) is loaded
    // in a document worker thread once the server listens, so that the first issue does not pay it.
    warmFacturxValidator().then(
      (r) => log.info("facturx.validator.ready", r),
      (error: unknown) => log.error("facturx.validator.warm_failed", { error: String(error) }),
    );
  });

  const shutdown = (signal: string) => {
    log.info("server.stopping", { signal });
    server.close();
    void pages?.close();
    (worker?.stop() ?? Promise.resolve())
      .catch(() => {})
      .finally(() => db.close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

type PageHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/** Next's request handler for the pages and next-auth (loaded only when this instance serves pages). */
async function startNext(dev: boolean, port: number): Promise<{ handle: PageHandler; close: () => Promise<void> }> {
  const { default: next } = await import("next");
  const app = next({ dev, hostname: "localhost", port });
  await app.prepare();
  const handle = app.getRequestHandler();
  return { handle: (req, res) => handle(req, res), close: async () => app.close?.() };
}

/** An API-only instance's answer to any other path. */
async function notFound(_req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found: this instance serves the API only (SERVE_PAGES=false)");
}

/**
 * Pages and next-auth see the client address of the socket as X-Forwarded-For (a value sent by the
 * client is not trusted: login throttling counts per client address).
 */
function forNext(req: http.IncomingMessage): http.IncomingMessage {
  req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
  return req;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
