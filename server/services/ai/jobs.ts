import { log } from "../../lib/log";

/**
 * The in-process runner of the 202 AI operations: a job starts after the response is sent
 * (setImmediate), runs with the database handle it was given, and logs its failure instead of
 * throwing. `awaitAiJobs` lets tests (and a graceful shutdown) wait until every job is done;
 * `holdAiJobs` lets a test look at the state between the response and the job.
 */
const running = new Set<Promise<void>>();
let gate: Promise<void> | null = null;

export function enqueueAiJob(name: string, run: () => Promise<void>): void {
  const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => gate)
    .then(run)
    .catch((error: unknown) => log.error("ai.job.failed", { job: name, error: String(error), stack: (error as Error | undefined)?.stack }))
    .finally(() => running.delete(job));
  running.add(job);
}

/** Resolves once no AI job is queued or running (jobs started meanwhile are awaited too). */
export async function awaitAiJobs(): Promise<void> {
  while (running.size) await Promise.allSettled([...running]);
}

export const pendingAiJobs = (): number => running.size;

/** Tests: jobs queued from now on wait until the returned function is called. */
export function holdAiJobs(): () => void {
  let release = () => {};
  gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return () => {
    release();
    gate = null;
  };
}
