import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import type { Logger } from "drizzle-orm";
import { openDatabase, type DbHandle } from "../../server/db";

/**
 * A fresh, migrated database for one test file: PGlite from the dump, or a PostgreSQL clone.
 * `demo: true` starts it with the demo data (tests/factories seedDemoData, seeded once per run).
 */
export async function freshDatabase(opts: { logger?: Logger; poolSize?: number; demo?: boolean } = {}): Promise<DbHandle> {
  if (process.env.DATABASE_URL && inject("pgTemplate")) return (await freshPostgresDatabase(opts)).handle;
  const file = inject(opts.demo ? "pgliteDemoTemplate" : "pgliteTemplate");
  if (!file) throw new Error("global setup did not prepare a database template");
  const blob = new Blob([readFileSync(file)]);
  return openDatabase({ pgliteLoadDataDir: blob, migrate: false, logger: opts.logger });
}

/**
 * A PostgreSQL clone of the run's migrated template (job queue installed), with its address for
 * other processes (tests/helpers/instances.ts); dropped on close. Needs DATABASE_URL.
 */
export async function freshPostgresDatabase(opts: { logger?: Logger; poolSize?: number; demo?: boolean } = {}): Promise<{ handle: DbHandle; url: string }> {
  const url = process.env.DATABASE_URL;
  const pgTemplate = inject(opts.demo ? "pgDemoTemplate" : "pgTemplate");
  if (!url || !pgTemplate) throw new Error("freshPostgresDatabase needs DATABASE_URL (the global setup's template)");
  const { default: postgres } = await import("postgres");
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const name = `tp_test_${process.ppid}_${randomBytes(5).toString("hex")}`;
  // The template is owned by the global setup's pid; the worker's parent is that process.
  await admin.unsafe(`create database ${name} template ${pgTemplate}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: u.toString(), migrate: false, poolSize: opts.poolSize ?? 5, logger: opts.logger });
  const close = handle.close;
  return {
    url: u.toString(),
    handle: {
      ...handle,
      close: async () => {
        await close();
        const again = postgres(url, { max: 1, onnotice: () => {} });
        await again.unsafe(`drop database if exists ${name} with (force)`);
        await again.end();
      },
    },
  };
}
