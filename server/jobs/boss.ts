import { PgBoss } from "./pg-boss";
import type { DbOrTx } from "../db";
import { sqlExecutor, type SqlExecutor } from "./sql-adapter";
import type { JobDefinition } from "./define";
import { env } from "../env";

/** pg-boss's tables live in their own schema, installed and migrated by pg-boss itself. */
export const JOB_SCHEMA = "pgboss";

const unusedExecutor: SqlExecutor = {
  executeSql: () => Promise.reject(new Error("jobs: pass the database or transaction explicitly")),
};

let sender: PgBoss | undefined;
/**
 * A pg-boss client that never starts and never holds a connection: every call passes the
 * database or transaction to use (`{ db: sqlExecutor(tx) }`).
 */
export function senderBoss(): PgBoss {
  sender ??= new PgBoss({ db: unusedExecutor, schema: JOB_SCHEMA, migrate: false, supervise: false, schedule: false });
  return sender;
}

/** Creates or migrates pg-boss's schema, then every queue of the registry (idempotent; run at boot). */
export async function installJobQueue(db: DbOrTx, definitions: readonly JobDefinition<never>[]): Promise<void> {
  const executor = sqlExecutor(db);
  const boss = new PgBoss({ db: executor, schema: JOB_SCHEMA, migrate: true, supervise: false, schedule: false });
  const installed = await boss.isInstalled();
  if (!installed) {
    await executor.executeSql(PgBoss.getConstructionPlans(JOB_SCHEMA));
  } else {
    const version = Number(await boss.schemaVersion());
    const target = await targetSchemaVersion();
    if (version && version < target) await executor.executeSql(PgBoss.getMigrationPlans(JOB_SCHEMA, version as unknown as string));
  }
  for (const def of definitions) {
    const options = {
      name: def.name,
      retryLimit: def.retryLimit,
      retryDelay: Math.min(def.retryDelaySeconds, env().JOB_RETRY_DELAY_MAX_SECONDS ?? Number.POSITIVE_INFINITY),
      retryBackoff: def.retryBackoff,
      expireInSeconds: Math.min(def.expireInSeconds, env().JOB_EXPIRE_MAX_SECONDS ?? Number.POSITIVE_INFINITY),
    };
    if (await boss.getQueue(def.name)) await boss.updateQueue(def.name, options);
    else await boss.createQueue(def.name, options);
  }
}

async function targetSchemaVersion(): Promise<number> {
  const { createRequire } = await import("node:module");
  const require = createRequire(import.meta.url);
  return (require("pg-boss/version.json") as { schema: number }).schema;
}
