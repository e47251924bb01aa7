import { defineJob } from "../../jobs/define";
import { deliverWebhook } from "./delivery";
import type { DeliverJob } from "./jobs";

/** `webhook.deliver` {deliveryId, attempt}: one delivery attempt (delivery.ts). Listed in server/jobs/registry.ts. */
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
      await deliverWebhook(db, data);
    },
  }),
];
