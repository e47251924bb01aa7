import type { DbOrTx } from "../../db";
import { enqueue } from "../../jobs/queue";

/**
 * The webhook jobs. `webhook.deliver` {deliveryId, attempt} runs one attempt (delivery.ts);
 * `event.dispatch` {eventId} (the outbox relay, services/platform/event-jobs.ts) fans an event out
 * (dispatch.ts). Both are enqueued in the caller's transaction: a job exists iff its change commits.
 */
export type DeliverJob = { deliveryId: string; attempt: number };
type DispatchJob = { eventId: string };
export type WebhookJob = { name: "webhook.deliver"; data: DeliverJob } | { name: "event.dispatch"; data: DispatchJob };

/** Enqueue in `db`'s transaction; one queued job per delivery attempt (singleton key). */
export async function enqueueWebhookJob(db: DbOrTx, job: WebhookJob, startAfter?: Date): Promise<void> {
  const singletonKey = job.name === "webhook.deliver" ? `${job.data.deliveryId}:${job.data.attempt}` : job.data.eventId;
  await enqueue(db, job.name, job.data, { singletonKey, ...(startAfter ? { startAfter } : {}) });
}
