import { sql } from "drizzle-orm";
import type { Db } from "../../server/db";
import { JOB_SCHEMA } from "../../server/jobs/boss";
import type { JobName } from "../../server/jobs/names";

export { drainJobs } from "../../server/jobs/drain";

/** Jobs of a queue waiting to run (created or retry), for assertions between a request and the worker. */
export async function queuedJobs(db: Db, name: JobName): Promise<number> {
  const rows = await db.execute<{ n: number | string }>(
    sql`select count(*)::int as n from ${sql.raw(JOB_SCHEMA)}.job where name = ${name} and state in ('created', 'retry')`,
  );
  const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { n: number | string }[] }).rows) as { n: number | string }[];
  return Number(list[0]?.n ?? 0);
}
