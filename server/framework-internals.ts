import type http from "node:http";
import type { DbOrTx } from "./db";

/**
 * The only places where the app reaches below a framework's public API. Each one says why no
 * public API does the job; anything else in the code base uses public APIs only. When a framework
 * upgrade breaks one of these, the tests that name it fail (see each function).
 */

/**
 * The driver client under a Drizzle database *or transaction* (PGlite / postgres-js).
 * Why: pg-boss sends its own SQL (several statements, its own BEGIN/COMMIT, `$n` parameters as
 * node-postgres encodes them), and a job must be inserted inside the transaction of the change
 * that causes it. Drizzle's public `db.$client` exists on the root database only, not on a
 * transaction, and `tx.execute()` runs one statement through Drizzle's own parameter encoding.
 * Tested by tests/integration/job-worker.test.ts (a job enqueued in a rolled-back transaction is lost).
 */
export function driverClientOf(db: DbOrTx): unknown {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error("framework-internals: no driver client under this Drizzle handle");
  return client;
}

/**
 * Drops the headers whose name starts with `prefix` from everything the response sets.
 * Why: Next's request handler sets its internal routing headers (`x-middleware-rewrite` names the
 * tenant's internal path) on the Node response itself, and Next offers no option to keep them
 * server-side; the custom server hands Next a response whose `setHeader` ignores them.
 * Tested by e2e/security-headers.spec.ts.
 */
export function withoutHeaderPrefix(res: http.ServerResponse, prefix: string): http.ServerResponse {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) =>
    name.toLowerCase().startsWith(prefix) ? res : setHeader(name, value)) as typeof res.setHeader;
  return res;
}
