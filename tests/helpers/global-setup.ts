import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type { DbHandle } from "../../server/db";
import { openAppDatabase as openDatabase } from "../../server/jobs/open";

/**
 * Migrate once per run, and seed the demo data once per run:
 * - on PGlite, dump two data directories (migrated; migrated + demo) that each test file loads
 *   (~0.6 s instead of ~3 s to migrate and ~7 s to seed);
 * - on PostgreSQL (DATABASE_URL set), two template databases that each test file clones.
 * The demo template is seeded when the run starts: its relative dates ("today's session") are
 * at most one run old when a file reads them.
 */
export default async function setup(project: TestProject) {
  // The workers' environment (vitest.config `test.env`): the demo accounts' password hashes
  // must be made at the test cost, as a worker would make them.
  for (const [k, v] of Object.entries(project.config.env ?? {})) process.env[k] ??= String(v);
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: postgres } = await import("postgres");
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    const template = `tp_template_${process.pid}`;
    const demoTemplate = `tp_demo_${process.pid}`;
    for (const name of [template, demoTemplate]) await admin.unsafe(`drop database if exists ${name}`);
    await admin.unsafe(`create database ${template}`);
    const at = (name: string) => {
      const u = new URL(url);
      u.pathname = `/${name}`;
      return u.toString();
    };
    await (await openDatabase({ databaseUrl: at(template), poolSize: 1 })).close();
    await admin.unsafe(`create database ${demoTemplate} template ${template}`);
    const demo = await openDatabase({ databaseUrl: at(demoTemplate), poolSize: 1, migrate: false });
    await seedInto(demo);
    await demo.close();
    project.provide("pgTemplate", template);
    project.provide("pgDemoTemplate", demoTemplate);
    return async () => {
      const dbs = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`tp_test_${process.pid}_%`} or datname in (${template}, ${demoTemplate})`;
      for (const { datname } of dbs) await admin.unsafe(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }
  // One file per run (pid): two runs at once (two checkouts sharing node_modules, or two
  // terminals) must not load each other's schema.
  const dir = path.join(os.tmpdir(), "test-db");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  const demoFile = path.join(dir, `pglite-demo-${process.pid}.tar`);
  const handle = await openDatabase({});
  writeFileSync(file, await dump(handle));
  await handle.close();
  const demo = await openDatabase({ pgliteLoadDataDir: new Blob([readFileSync(file)]), migrate: false });
  await seedInto(demo);
  writeFileSync(demoFile, await dump(demo));
  await demo.close();
  project.provide("pgliteTemplate", file);
  project.provide("pgliteDemoTemplate", demoFile);
  return () => {
    rmSync(file, { force: true });
    rmSync(demoFile, { force: true });
  };
}

/** The demo data as tests/factories seedDemoData makes it (no rendered PDFs). */
async function seedInto(handle: DbHandle): Promise<void> {
  const { seedDemoData } = await import("../factories");
  await seedDemoData(handle.db);
}

async function dump(handle: DbHandle): Promise<Buffer> {
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
  return Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgDemoTemplate?: string;
    pgliteTemplate?: string;
    pgliteDemoTemplate?: string;
  }
}
