import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql, type Logger } from "drizzle-orm";
import type { DbHandle } from "./client";
import { schema } from "./client";
import { withTransactionRetry } from "./transaction";
import { preparingClient } from "../framework-internals";

export type { Db, DbHandle, DbOrTx, Tx } from "./client";

const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.resolve(here, "../../drizzle");

/**
 * PGlite (embedded) when DATABASE_URL is unset, else PostgreSQL through postgres-js.
 * Migrations are applied before the handle is returned.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  pgliteDir?: string;
  /** A migrated data-directory dump to start from (tests). */
  pgliteLoadDataDir?: Blob;
  migrate?: boolean;
  poolSize?: number;
  /** Drizzle query logger (tests record the SQL of a request with it). */
  logger?: Logger;
}): Promise<DbHandle> {
  const handle = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.logger) : await openPglite(opts);
  // Every `db.transaction` retries deadlocks and serialization failures, then answers 503 (db/transaction.ts).
  withTransactionRetry(handle.db);
  if (opts.migrate !== false) await runMigrations(handle);
  return handle;
}

async function openPostgres(url: string, max: number, logger?: Logger): Promise<DbHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, { max, onnotice: () => {} });
  // Every statement prepared once per connection, the transactions' too (see framework-internals.ts).
  const db = drizzle(preparingClient(client), { schema, casing: "snake_case", logger });
  return {
    db: db as unknown as DbHandle["db"],
    driver: "postgres",
    close: () => client.end({ timeout: 5 }),
    ping: async () => {
      await client`select 1`;
    },
  };
}

async function openPglite(opts: { pgliteDir?: string; pgliteLoadDataDir?: Blob; logger?: Logger }): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let release: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  if (opts.pgliteDir) {
    dataDir = path.resolve(opts.pgliteDir);
    mkdirSync(path.dirname(dataDir), { recursive: true });
    mkdirSync(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
  }
  try {
    const client = await PGlite.create({ dataDir, loadDataDir: opts.pgliteLoadDataDir });
    const db = drizzle(client, { schema, casing: "snake_case", logger: opts.logger });
    return {
      db: db as unknown as DbHandle["db"],
      driver: "pglite",
      close: async () => {
        await client.close();
        await release?.();
      },
      ping: async () => {
        await client.query("select 1");
      },
    };
  } catch (error) {
    await release?.();
    throw error;
  }
}

/**
 * PGlite is single-process: two processes on one data directory both "succeed" and one
 * loses its writes. A lock file with a heartbeat makes the second one fail loudly.
 */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const lockfile = await import("proper-lockfile");
  try {
    return await lockfile.lock(dir, { lockfilePath: `${dir}.lock`, stale: 15_000, update: 5_000 });
  } catch (error) {
    if ((error as { code?: string }).code === "ELOCKED") {
      throw new Error(
        `The embedded database in ${dir} is in use by another process (the app is probably running). ` +
          "Stop it first, or run this command through the running app; PGlite cannot be shared between processes.",
      );
    }
    throw error;
  }
}

async function runMigrations(handle: DbHandle): Promise<void> {
  if (handle.driver === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    // Several processes may boot at once (tests, app + worker): serialise migrations.
    await handle.db.execute(sql`select pg_advisory_lock(7246001)`);
    try {
      await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await handle.db.execute(sql`select pg_advisory_unlock(7246001)`);
    }
  }
}
