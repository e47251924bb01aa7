import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { lessons } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { clock } from "../../lib/clock";
import { log } from "../../lib/log";
import { AI_OPERATIONS, lessonsCost } from "./costs";
import { isEmptyText, loadCourseTree, lessonCount, toCourseContext, type CourseTree } from "./course-tree";
import { credit, debit, assertCredits } from "./credits";
import { enqueueAiJob } from "./ai-queue";
import { ownedCourseTree, recordAiActivity, type AiDeps } from "./operation";
import { lessonContent, type AiProvider } from "./provider";
import type { Caller } from "../../auth/caller";

/**
 * POST /courses/{courseId}/generate-all-content (202): the TEXT lessons to write (only the empty
 * ones when `onlyEmpty`, the default) are counted, the full estimate (x 20) is debited up front,
 * and a job writes them one by one. A lesson that cannot be written (provider failure, lesson
 * deleted, or written by its author meanwhile with `onlyEmpty`) is refunded when the job ends
 * (ledger operation `generate-all-content.refund`). Other lesson kinds are skipped.
 */
export async function generateAllContent(
  db: Db,
  caller: Caller,
  input: { courseId: string; onlyEmpty: boolean },
  deps: AiDeps,
): Promise<{ enqueued: number; skipped: number; totalCost: number; jobId: string | null }> {
  const tree = await ownedCourseTree(db, caller, input.courseId);
  const targets = tree.modules.flatMap((m) => m.lessons.filter((l) => (input.onlyEmpty ? isEmptyText(l) : l.kind === "TEXT")).map((l) => l.id));
  const totalCost = lessonsCost(targets.length);
  const operation = AI_OPERATIONS.generateAll;
  await assertCredits(db, caller.scope, totalCost, operation);
  const skipped = lessonCount(tree) - targets.length;
  if (!targets.length) return { enqueued: 0, skipped, totalCost: 0, jobId: null };

  const jobId = await db.transaction(async (tx) => {
    await debit(tx, caller.scope, { amount: totalCost, operation, courseId: input.courseId, userId: caller.userId }, deps.now);
    await recordAiActivity(tx, caller, input.courseId, { operation, creditsConsumed: totalCost, status: "QUEUED", lessons: targets.length }, deps.now);
    // Written by the job worker; queued in this transaction, so a debit always has its job.
    return enqueueAiJob(tx, { kind: "generate-all", tenantId: caller.tenant.id, courseId: input.courseId, lessonIds: targets, onlyEmpty: input.onlyEmpty, userId: caller.userId });
  });
  return { enqueued: targets.length, skipped, totalCost, jobId };
}

export type WriteLessonsJob = { courseId: string; lessonIds: string[]; onlyEmpty: boolean; userId: string };

export async function writeLessons(db: Db, scope: TenantScope, job: WriteLessonsJob & { provider: AiProvider }): Promise<void> {
  let tree: CourseTree | null = null;
  try {
    tree = await loadCourseTree(db, scope, job.courseId);
  } catch (error) {
    log.warn("ai.generate_all.course_gone", { courseId: job.courseId, error: String(error) });
  }
  const ctx = tree ? toCourseContext(tree) : null;
  let written = 0;
  for (const lessonId of job.lessonIds) {
    const mi = tree?.modules.findIndex((m) => m.lessons.some((l) => l.id === lessonId)) ?? -1;
    if (!tree || !ctx || mi < 0) continue;
    const li = tree.modules[mi]!.lessons.findIndex((l) => l.id === lessonId);
    try {
      const markdown = await lessonContent(job.provider, ctx, mi, li);
      const onlyEmpty = job.onlyEmpty ? sql`trim(${lessons.content}) = ''` : undefined;
      const done = await db
        .update(lessons)
        .set({ content: markdown, updatedAt: clock.now() })
        .where(scope.where(lessons, eq(lessons.id, lessonId), onlyEmpty))
        .returning({ id: lessons.id });
      written += done.length;
    } catch (error) {
      log.warn("ai.generate_all.lesson_failed", { courseId: job.courseId, lessonId, error: String(error) });
    }
  }
  const failed = job.lessonIds.length - written;
  const refund = lessonsCost(failed);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const ref = { courseId: job.courseId, userId: job.userId };
    if (refund) await credit(tx, scope, { amount: refund, operation: AI_OPERATIONS.generateAllRefund, ...ref }, now);
    await recordAiActivity(
      tx,
      { scope, userId: job.userId },
      job.courseId,
      { operation: AI_OPERATIONS.generateAll, status: failed ? "COMPLETED_WITH_ERRORS" : "COMPLETED", lessonsGenerated: written, lessonsFailed: failed, creditsRefunded: refund },
      now,
    );
  });
}
