import type { DbOrTx } from "../../db";
import { enqueue } from "../../jobs/queue";

/** What an `ai.run` job carries: the tenant and the writer's own input (the provider is chosen when it runs). */
export type AiJob = { tenantId: string; userId: string } & (
  | { kind: "generate-all"; courseId: string; lessonIds: string[]; onlyEmpty: boolean }
  | { kind: "regenerate"; draftId: string; brief: string }
);

/** Queues the writing part of a 202 AI operation, in the transaction that debited its credits. */
export async function enqueueAiJob(db: DbOrTx, job: AiJob): Promise<string> {
  const id = await enqueue(db, "ai.run", job as unknown as Record<string, unknown>);
  if (!id) throw new Error("ai.run: the job was not queued (queue missing?)");
  return id;
}
