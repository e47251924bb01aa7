import { rm } from "node:fs/promises";
import path from "node:path";
import postgres from "postgres";

/** Where the benchmark's data lives: a throw-away PostgreSQL database, else a fresh PGlite directory. */
export type BenchDatabase = {
  backend: "postgres" | "pglite";
  /** Human-readable location (database name or directory). */
  label: string;
  /** DATABASE_URL or PGLITE_DIR for child processes. */
  env: Record<string, string>;
  drop(): Promise<void>;
  /**
   * Jobs due now (queued, retrying or running) in the app's job queue; null where another process
   * cannot read it (PGlite: the app holds the directory).
   */
  dueJobs(): Promise<number | null>;
};

const PG_HOST = "127.0.0.1";
const PG_PORT = 5432;
const PG_USER = "postgres";
export const PGLITE_DIR = ".data/bench";

const adminUrl = (db: string) => `postgres://${PG_USER}@${PG_HOST}:${PG_PORT}/${db}`;

/** PostgreSQL when one answers on 127.0.0.1:5432 (trust auth), else PGlite; `forcePglite` skips the probe. */
export async function createBenchDatabase(forcePglite = false): Promise<BenchDatabase> {
  if (forcePglite) return createPglite();
  const admin = postgres(adminUrl("postgres"), { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch {
    await admin.end({ timeout: 1 }).catch(() => undefined);
    return createPglite();
  }
  const name = `bench_${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}_${process.pid}`;
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end({ timeout: 1 });
  }
  let dropped = false;
  return {
    backend: "postgres",
    label: `${name} on ${PG_HOST}:${PG_PORT}`,
    env: { DATABASE_URL: adminUrl(name) },
    async dueJobs() {
      const sql = postgres(adminUrl(name), { max: 1, connect_timeout: 3, onnotice: () => {} });
      try {
        const [row] = await sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()`;
        return Number(row?.n ?? 0);
      } finally {
        await sql.end({ timeout: 1 });
      }
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      const sql = postgres(adminUrl("postgres"), { max: 1, connect_timeout: 3, onnotice: () => {} });
      try {
        await sql.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await sql.end({ timeout: 1 });
      }
    },
  };
}

async function createPglite(): Promise<BenchDatabase> {
  const dir = path.resolve(PGLITE_DIR);
  const removeAll = async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(`${dir}.lock`, { recursive: true, force: true });
  };
  await removeAll();
  return { backend: "pglite", label: PGLITE_DIR, env: { PGLITE_DIR }, drop: removeAll, dueJobs: async () => null };
}
