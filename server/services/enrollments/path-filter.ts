import { eq, sql, type Column, type SQL } from "drizzle-orm";
import { learnerAdaptivePaths, lessons } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { DbOrTx } from "../../db";

/**
 * THE rule of what an enrollment's progress counts (every progress figure goes through it: the
 * completion cascade, GET /enrollments/{id}, /progress, the lists and exports): the lessons of
 * its course, except those its individual adaptive path (learner_adaptive_paths) skips or leaves
 * out. Without an individual path, every lesson counts. A where-clause on `lessons`;
 * `enrollmentId` is a value or a column (`enrollments.id` in correlated list counts).
 */
export function inLearnerPath(scope: TenantScope, enrollmentId: string | Column | SQL): SQL {
  return sql`not exists (select 1 from ${learnerAdaptivePaths} where ${scope.where(learnerAdaptivePaths, eq(learnerAdaptivePaths.enrollmentId, enrollmentId as string))} and ${lessons.id} = any(${learnerAdaptivePaths.skippedLessonIds} || ${learnerAdaptivePaths.hiddenLessonIds}))`;
}

export type LearnerPathRow = typeof learnerAdaptivePaths.$inferSelect;
export type PathRole = "CORE" | "SKIPPED" | "EXTRA" | "HIDDEN";

/** The enrollment's individual adaptive path, or null. */
export async function learnerPathOf(db: DbOrTx, scope: TenantScope, enrollmentId: string): Promise<LearnerPathRow | null> {
  const [row] = await db.select().from(learnerAdaptivePaths).where(scope.where(learnerAdaptivePaths, eq(learnerAdaptivePaths.enrollmentId, enrollmentId))).limit(1);
  return row ?? null;
}

/** How the player shows a lesson (what counts is inLearnerPath): EXTRA, SKIPPED, HIDDEN (left out), else CORE. */
export function lessonPathRole(path: Pick<LearnerPathRow, "skippedLessonIds" | "extraLessonIds" | "hiddenLessonIds"> | null, lessonId: string): PathRole {
  if (!path) return "CORE";
  if (path.extraLessonIds.includes(lessonId)) return "EXTRA";
  if (path.skippedLessonIds.includes(lessonId)) return "SKIPPED";
  if (path.hiddenLessonIds.includes(lessonId)) return "HIDDEN";
  return "CORE";
}
