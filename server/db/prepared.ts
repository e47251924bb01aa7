import type { DbOrTx } from "./client";

/**
 * Hot statements that Drizzle builds ONCE per database handle and then only binds (issue #24:
 * building SQL was ~14 % of a request's CPU). `build` makes the statement(s) with
 * `sql.placeholder(...)` and `.prepare(name)`; the result is kept for that handle (a WeakMap, so a
 * closed handle or a finished transaction takes its statements with it). A statement whose SQL
 * depends on the request (an optional filter, a sort) is one entry per shape, named after it.
 */
const statements = new WeakMap<object, Map<string, unknown>>();

export function preparedOn<T>(db: DbOrTx, name: string, build: () => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) byName.set(name, (statement = build()));
  return statement;
}
