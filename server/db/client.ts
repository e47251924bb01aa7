import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import * as schema from "./schema";

export { schema };
type Schema = typeof schema;
/** One type for both drivers (PGlite and postgres-js). */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type DbHandle = {
  db: Db;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
  /** Liveness probe for /api/health. */
  ping(): Promise<void>;
};
