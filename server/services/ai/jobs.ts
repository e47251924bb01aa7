import { defineJob } from "../../jobs/define";
import { forTenant } from "../../db/tenant-scope";
import type { AiJob } from "./ai-queue";
import { writeLessons } from "./generate-all";
import { writeDraftLessons } from "./regenerate";
import { aiProvider } from "./select-provider";

/**
 * The 202 AI operations' background work on the job worker: queued in the request's
 * transaction (with the debit), it survives a restart and is retried if its worker dies. Its
 * progress is what the activity log records (QUEUED, then COMPLETED or STOPPED_...).
 */
export const aiJobs = [
  defineJob<AiJob>("ai.run", {
    // The writers skip lessons already written (onlyEmpty, empty-lesson targets) and refund what they could not write.
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 30 * 60,
    handler: async (job, { db }) => {
      const scope = forTenant(job.tenantId);
      const provider = aiProvider();
      if (job.kind === "generate-all") await writeLessons(db, scope, { ...job, provider });
      else await writeDraftLessons(db, scope, { ...job, provider });
    },
  }),
];
