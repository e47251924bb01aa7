import type { DbOrTx } from "../../db";
import { defineJob } from "../../jobs/define";
import { enqueue } from "../../jobs/queue";

/**
 * The webhook jobs. `webhook.deliver` {deliveryId, attempt} runs one attempt (delivery.ts);
 * `event.dispatch` {eventId} (the outbox relay, services/platform/event-jobs.ts) fans an event out
 * (dispatch.ts). Both are enqueued in the caller's transaction: a job exists iff its change commits.
 */
export type DeliverJob = { deliveryId: string; attempt: number };
export type DispatchJob = { eventId: string };
export type WebhookJob = { name: "webhook.deliver"; data: DeliverJob } | { name: "event.dispatch"; data: DispatchJob };

/** Enqueue in `db`'s transaction; one queued job per delivery attempt (singleton key). */
export async function enqueueWebhookJob(db: DbOrTx, job: WebhookJob, startAfter?: Date): Promise<void> {
  const singletonKey = job.name === "webhook.deliver" ? `${job.data.deliveryId}:${job.data.attempt}` : job.data.eventId;
  await enqueue(db, job.name, job.data, { singletonKey, ...(startAfter ? { startAfter } : {}) });
}

/** Defined here, run by delivery.ts: imported lazily to keep the job list free of cycles. */
export const webhookJobs = [
  defineJob<DeliverJob>("webhook.deliver", {
    // The retry schedule is the handler's own (WEBHOOK_RETRY_DELAYS_SECONDS through startAfter);
    // pg-boss retries only a handler that threw (database unavailable), without consuming an attempt.
    retryLimit: 5,
    retryDelaySeconds: 10,
    retryBackoff: true,
    // Longer than WEBHOOK_TIMEOUT_SECONDS (30 s by default): a worker that died mid-attempt is retried.
    expireInSeconds: 5 * 60,
    concurrency: 4,
    handler: async (data, { db }) => {
      const { deliverWebhook } = await import("./delivery");
      await deliverWebhook(db, data);
    },
  }),
];
