import type { Db } from "../db";
import { env } from "../env";
import { log } from "../lib/log";
import { JOB_SCHEMA } from "./boss";
import { PgBoss } from "./pg-boss";
import { JOBS } from "./registry";
import { runJob } from "./run-job";
import { sqlExecutor } from "./sql-adapter";

export type JobWorker = { stop(): Promise<void> };

/**
 * The background worker: polls every queue of the registry, runs the scheduled jobs (one tick
 * per schedule across all workers), and fails and retries jobs whose worker died (pg-boss
 * supervision, `expireInSeconds`). Runs inside the app (server.ts) unless JOBS_IN_APP=false,
 * and alone with `npm run worker`; any number of workers may run at once.
 */
export async function startWorker(db: Db, opts: { pollingIntervalSeconds?: number } = {}): Promise<JobWorker> {
  const e = env();
  const boss = new PgBoss({
    db: sqlExecutor(db),
    schema: JOB_SCHEMA,
    migrate: false,
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: e.JOB_MAINTENANCE_INTERVAL_SECONDS,
  });
  boss.on("error", (error: unknown) => log.error("jobs.error", { error: String(error) }));
  await boss.start();
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? e.JOB_POLL_INTERVAL_SECONDS;
  for (const def of JOBS) {
    for (let i = 0; i < def.concurrency; i += 1) {
      // pg-boss waits out the polling interval after every fetch, even one that found a job: one
      // job per second per worker. A worker that found work asks for the next job at once
      // (`notifyWorker`), so a backlog drains at the speed of its jobs; an idle worker polls.
      const workerId: string = await boss.work(def.name, { batchSize: 1, pollingIntervalSeconds, includeMetadata: true }, async (jobs) => {
        for (const job of jobs) await runJob(db, def, job);
        if (jobs.length) boss.notifyWorker(workerId);
      });
    }
    if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: "Europe/Paris" });
  }
  log.info("jobs.started", { queues: JOBS.length });
  return {
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}
