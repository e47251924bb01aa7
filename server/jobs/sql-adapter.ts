import type { DbOrTx } from "../db";
import { driverClientOf } from "../framework-internals";

/**
 * pg-boss talks to the database through `executeSql(text, values)`. This adapter sends its
 * statements through the connection (or the transaction) Drizzle already holds, so a job can be
 * inserted inside the transaction of the change that causes it, on PGlite and PostgreSQL alike.
 */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

type PgliteLike = {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  exec(text: string): Promise<{ rows: Record<string, unknown>[] }[]>;
};
type PostgresLike = {
  unsafe(text: string, params?: unknown[]): Promise<Record<string, unknown>[]> & { simple(): Promise<unknown> };
  /** On the pool only (not inside a transaction): one connection for a statement list that holds its own BEGIN/COMMIT. */
  reserve?: () => Promise<PostgresLike & { release(): void }>;
};

/** The driver client under a Drizzle database or transaction (see framework-internals.ts for why). */
const clientOf = (db: DbOrTx) => driverClientOf(db) as PgliteLike | PostgresLike;

const isPglite = (c: PgliteLike | PostgresLike): c is PgliteLike => typeof (c as PgliteLike).exec === "function";

/** As node-postgres sends parameters (pg-boss is written for it): text, with arrays and objects encoded. */
function asText(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map((v) => (v === null ? "NULL" : `"${String(asText(v)).replace(/(["\\])/g, "\\$1")}"`)).join(",")}}`;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function sqlExecutor(db: DbOrTx): SqlExecutor {
  return {
    async executeSql(text, values) {
      const client = clientOf(db);
      if (isPglite(client)) {
        // PGlite's query() takes one statement; pg-boss's setup sends several without parameters.
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        return { rows: (await client.query(text, values)).rows };
      }
      if (!values || values.length === 0) {
        // pg-boss's setup and maintenance lists carry their own BEGIN ... COMMIT: postgres-js
        // runs those on one reserved connection only.
        let result: unknown;
        if (client.reserve && /\bBEGIN\b/i.test(text)) {
          const reserved = await client.reserve();
          try {
            result = await reserved.unsafe(text).simple();
          } finally {
            reserved.release();
          }
        } else {
          result = await client.unsafe(text).simple();
        }
        const list = Array.isArray(result) && result.length && Array.isArray(result[result.length - 1]) ? result[result.length - 1] : result;
        return { rows: [...((list as Record<string, unknown>[]) ?? [])] };
      }
      const rows = await client.unsafe(text, values.map(asText));
      return { rows: [...rows] };
    },
  };
}
