import type { DbOrTx } from "../../db";
import { activityLogs } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { newId } from "../../lib/ids";

/** Actions recorded in the learning activity log (spec, Activity log). */
export type ActivityAction =
  | "course.created"
  | "course.updated"
  | "course.published"
  | "course.archived"
  | "course.duplicated"
  | "course.viewed"
  | "course.ai_generated"
  | "enrollment.created"
  | "enrollment.cancelled"
  | "enrollment.updated"
  | "enrollment.completed"
  | "enrollment.suspended"
  | "enrollment.reactivated"
  | "enrollment.revoked"
  | "lesson.started"
  | "lesson.completed"
  | "module.completed"
  | "quiz.submitted"
  | "survey.scheduled"
  | "survey.skipped"
  | "survey.sent"
  | "survey.answered";

/**
 * The one activity writer: call it inside the transaction of the action it records, so the
 * log holds exactly what happened.
 */
export async function logActivity(
  tx: DbOrTx,
  scope: TenantScope,
  entry: { userId: string | null; action: ActivityAction; courseId?: string; enrollmentId?: string; lessonId?: string; metadata?: Record<string, unknown> },
  at?: Date,
): Promise<void> {
  await tx.insert(activityLogs).values(
    scope.values(activityLogs, {
      id: newId("act"),
      userId: entry.userId,
      action: entry.action,
      courseId: entry.courseId ?? null,
      enrollmentId: entry.enrollmentId ?? null,
      lessonId: entry.lessonId ?? null,
      metadata: entry.metadata ?? {},
      ...(at ? { createdAt: at } : {}),
    }),
  );
}
