import type { DbOrTx } from "../../db";

/**
 * The webhook jobs and how they are enqueued. Until the job worker (server/jobs) is on this
 * branch, enqueueing goes through a replaceable function; tests record the jobs and run the
 * handlers themselves.
 */
export type DeliverJob = { deliveryId: string; attempt: number };
export type DispatchJob = { eventId: string };
export type WebhookJob = { name: "webhook.deliver"; data: DeliverJob } | { name: "event.dispatch"; data: DispatchJob };
export type Enqueuer = (db: DbOrTx, job: WebhookJob, startAfter?: Date) => Promise<void>;

let enqueuer: Enqueuer = async () => undefined;

export function setWebhookEnqueuer(next: Enqueuer): void {
  enqueuer = next;
}

/** Enqueue in `db`'s transaction: the job exists iff the transaction commits. */
export function enqueueWebhookJob(db: DbOrTx, job: WebhookJob, startAfter?: Date): Promise<void> {
  return enqueuer(db, job, startAfter);
}
