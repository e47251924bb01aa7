import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db";
import { rawRows } from "../db/raw-rows";
import { JOB_SCHEMA } from "./boss";
import type { JobName } from "./names";

/** A job as the queue keeps it (pg-boss's job table, or its archive once finished long enough ago). */
export type JobRow<D = unknown> = { id: string; name: string; state: string; data: D; createdOn: Date; completedOn: Date | null };

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** One job of a queue by id, live or archived; null when the queue never had it. */
export async function findJob<D>(db: DbOrTx, name: JobName, id: string): Promise<JobRow<D> | null> {
  const schema = sql.raw(JOB_SCHEMA);
  const [row] = await rawRows<{ id: string; name: string; state: string; data: D | string; created_on: Date | string; completed_on: Date | string | null }>(
    db,
    sql`select id, name, state, data, created_on, completed_on from ${schema}.job where name = ${name} and id = ${id}::uuid
        union all select id, name, state, data, created_on, completed_on from ${schema}.archive where name = ${name} and id = ${id}::uuid limit 1`,
  );
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    data: (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as D,
    createdOn: asDate(row.created_on),
    completedOn: row.completed_on ? asDate(row.completed_on) : null,
  };
}

/** Jobs of these queues not finished yet: `waiting` (created or retry) or also `active` ones (`unfinished`). */
export async function countJobs(db: DbOrTx, names: readonly JobName[], which: "waiting" | "unfinished"): Promise<number> {
  const states = which === "waiting" ? ["created", "retry"] : ["created", "retry", "active"];
  const [row] = await rawRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from ${sql.raw(JOB_SCHEMA)}.job where name in ${names} and state::text in ${states}`,
  );
  return Number(row?.n ?? 0);
}
