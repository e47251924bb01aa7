import { and, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { lessons } from "../../db/schema";
import type { TAiJob } from "../../contracts/ai";
import { findJob } from "../../jobs/inspect";
import { notFound } from "../../errors";
import type { Caller } from "../../auth/caller";
import type { AiJob } from "./ai-queue";

const STATE: Record<string, TAiJob["state"]> = {
  created: "QUEUED",
  retry: "QUEUED",
  active: "RUNNING",
  completed: "COMPLETED",
  cancelled: "FAILED",
  failed: "FAILED",
};

/**
 * GET /ai/jobs/{id}: where a background AI job stands. The state is the job queue's; the progress
 * is read from the lessons themselves (written since the job was queued), so it cannot drift
 * from what the course shows. Another tenant's job is not found.
 */
export async function getAiJob(db: Db, caller: Caller, id: string): Promise<TAiJob> {
  const job = await findJob<AiJob>(db, "ai.run", id);
  const data = job?.data;
  if (!job || !data || data.tenantId !== caller.tenant.id) throw notFound("Job");
  const createdAt = job.createdOn;
  const courseId = data.kind === "generate-all" ? data.courseId : data.draftId;
  const written = and(ne(sql`trim(${lessons.content})`, ""), gte(lessons.updatedAt, createdAt));
  const scope = caller.scope;
  const [progress] =
    data.kind === "generate-all"
      ? await db
          .select({ total: sql<number>`${data.lessonIds.length}::int`, done: sql<number>`count(*) filter (where ${written})::int` })
          .from(lessons)
          .where(scope.where(lessons, inArray(lessons.id, data.lessonIds.length ? data.lessonIds : ["-"])))
      : await db
          .select({ total: sql<number>`count(*)::int`, done: sql<number>`count(*) filter (where ${written})::int` })
          .from(lessons)
          .where(scope.where(lessons, eq(lessons.courseId, courseId), eq(lessons.kind, "TEXT")));
  return {
    id: job.id,
    kind: data.kind,
    state: STATE[job.state] ?? "QUEUED",
    courseId,
    lessonsTotal: Number(progress?.total ?? 0),
    lessonsWritten: Number(progress?.done ?? 0),
    createdAt: createdAt.toISOString(),
    finishedAt: job.completedOn?.toISOString() ?? null,
  };
}
