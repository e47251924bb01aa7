import type { Db } from "../db";
import { log } from "../lib/log";
import type { JobDefinition } from "./define";

/** Runs one fetched job through its handler (the worker and drainJobs share it). */
export async function runJob(db: Db, def: JobDefinition<never>, job: { id: string; data: unknown; retryCount?: number }): Promise<void> {
  const started = Date.now();
  try {
    await def.handler(job.data as never, { db, jobId: job.id, retryCount: job.retryCount ?? 0 });
    log.debug("job.done", { job: def.name, id: job.id, ms: Date.now() - started });
  } catch (error) {
    log.warn("job.failed", { job: def.name, id: job.id, retryCount: job.retryCount ?? 0, error: String(error) });
    throw error;
  }
}
