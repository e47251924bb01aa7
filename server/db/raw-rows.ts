import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "./client";

/**
 * Rows of a raw SQL statement on both drivers: PGlite answers `{ rows }`, postgres-js an array.
 * For the few reads the query builder cannot express (the job queue's own tables, catalogue views).
 */
export async function rawRows<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
