import type { Db } from "../db";
import { senderBoss } from "./boss";
import { JOBS } from "./registry";
import { runJob } from "./run-job";
import { sqlExecutor } from "./sql-adapter";
import type { JobName } from "./names";

/**
 * Runs every due job, and the jobs they enqueue, until the queues are idle; returns how many ran.
 * Deterministic (one job at a time, in queue order), for tests, scripts and the seed: the
 * background worker does the same work concurrently. `runDelayed` also runs jobs whose
 * `startAfter` has not come yet (a retry schedule is then walked without waiting).
 */
export async function drainJobs(db: Db, opts: { runDelayed?: boolean; only?: JobName[]; maxJobs?: number } = {}): Promise<number> {
  const boss = senderBoss();
  const executor = sqlExecutor(db);
  const defs = opts.only ? JOBS.filter((j) => opts.only!.includes(j.name)) : JOBS;
  const max = opts.maxJobs ?? 10_000;
  let ran = 0;
  for (;;) {
    let progressed = false;
    for (const def of defs) {
      for (;;) {
        const [job] = await boss.fetch<unknown>(def.name, { db: executor, batchSize: 1, includeMetadata: true, ignoreStartAfter: opts.runDelayed === true });
        if (!job) break;
        progressed = true;
        ran += 1;
        try {
          await runJob(db, def, job);
          await boss.complete(def.name, job.id, {}, { db: executor });
        } catch (error) {
          await boss.fail(def.name, job.id, { message: String(error) }, { db: executor });
        }
        if (ran >= max) throw new Error(`drainJobs: more than ${max} jobs, probably a job that re-enqueues itself forever`);
      }
    }
    if (!progressed) return ran;
  }
}
