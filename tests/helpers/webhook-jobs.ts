import type { Db } from "../../server/db";
import { deliverWebhook } from "../../server/services/webhooks/delivery";
import { dispatchEvent } from "../../server/services/webhooks/dispatch";
import { setWebhookEnqueuer, type WebhookJob } from "../../server/services/webhooks/jobs";

/**
 * Until the job worker is on this branch: webhook jobs are recorded (only once their transaction
 * commits is not modelled: tests roll nothing back) and run by `runDue` when their time has come.
 */
export type Queued = { job: WebhookJob; startAfter: Date | null };

export function recordWebhookJobs() {
  const queue: Queued[] = [];
  setWebhookEnqueuer(async (_db, job, startAfter) => {
    queue.push({ job, startAfter: startAfter ?? null });
  });
  return {
    queue,
    /** Runs every job due at `now` (and the due jobs they enqueue); returns how many ran. */
    async runDue(db: Db, now: () => Date): Promise<number> {
      let ran = 0;
      for (;;) {
        const i = queue.findIndex((q) => !q.startAfter || q.startAfter.getTime() <= now().getTime());
        if (i < 0) return ran;
        const [q] = queue.splice(i, 1);
        ran++;
        if (q!.job.name === "event.dispatch") await dispatchEvent(db, q!.job.data.eventId, now());
        else await deliverWebhook(db, q!.job.data, now);
      }
    },
  };
}
