import type { Db } from "../db";
import type { JobName } from "./names";

export type JobContext = {
  /** The application database (a handler opens its own transactions on it). */
  db: Db;
  jobId: string;
  /** 0 on the first run, then 1, 2... on pg-boss's retries. */
  retryCount: number;
};

export type JobDefinition<T = unknown> = {
  name: JobName;
  handler: (data: T, ctx: JobContext) => Promise<void>;
  /** pg-boss retries after a thrown error (exponential when retryBackoff). */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A job still active after this long (its worker died) is failed and retried. */
  expireInSeconds: number;
  /** Cron (Europe/Paris) for scheduled jobs: pg-boss sends one job per tick, whatever the number of workers. */
  cron?: string;
  /** Workers polling this queue in one process. */
  concurrency: number;
};

/**
 * One kind of background work. Handlers run at least once (a worker may die after doing the
 * work and before recording it): each must be idempotent.
 */
export function defineJob<T>(
  name: JobName,
  spec: {
    handler: (data: T, ctx: JobContext) => Promise<void>;
    retryLimit?: number;
    retryDelaySeconds?: number;
    retryBackoff?: boolean;
    expireInSeconds?: number;
    cron?: string;
    concurrency?: number;
  },
): JobDefinition<T> {
  return {
    name,
    handler: spec.handler,
    retryLimit: spec.retryLimit ?? 5,
    retryDelaySeconds: spec.retryDelaySeconds ?? 30,
    retryBackoff: spec.retryBackoff ?? true,
    expireInSeconds: spec.expireInSeconds ?? 15 * 60,
    cron: spec.cron,
    concurrency: spec.concurrency ?? 1,
  };
}
