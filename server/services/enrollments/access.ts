import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { sameTenant } from "../../db/tenant-scope";
import type { DbOrTx } from "../../db";
import { courses, enrollments, lessonProgress, lessons } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { forbidden, notFound } from "../../errors";
import type { CourseRow } from "../courses/access";
import { progressTotals, type EnrollmentRow } from "./serialize";
import type { Caller } from "../../auth/caller";
import { inLearnerPath } from "./path-filter";
import { funderEnrollments } from "../platform/who-may";

/**
 * Who may read an enrollment: `enrollments.readTenant` (ADMIN) every enrollment of the tenant;
 * a FUNDER (`funders.perimeter`) the enrollments their funder finances (who-may.ts
 * funderEnrollments); anyone else the enrollments they are the learner of and those of the
 * courses they created. `funder: false` (quiz feedback) narrows the tenant-wide read to
 * `quiz.readTenant` (ADMIN) and gives a FUNDER nothing. Used as a where-clause on
 * `enrollments JOIN courses`, so anything else is simply not found (404).
 */
function readableBy(caller: Caller, opts: { funder: boolean } = { funder: true }): SQL | undefined {
  if (caller.can(opts.funder ? "enrollments.readTenant" : "quiz.readTenant")) return undefined;
  if (caller.can("funders.perimeter")) return opts.funder ? funderEnrollments(caller) : sql`false`;
  return or(eq(enrollments.userId, caller.userId), eq(courses.creatorId, caller.userId));
}

/** Join condition enrollments -> their course, kept inside the tenant. */
export const courseOfEnrollment = (scope: TenantScope): SQL => scope.where(courses, eq(courses.id, enrollments.courseId));

export const enrollmentNotFound = () => notFound("Enrollment");

/** The enrollment with its course when the caller may read it, else 404. `funder: false` drops FUNDER's tenant-wide read. */
export async function getReadableEnrollment(
  db: DbOrTx,
  caller: Caller,
  id: string,
  opts: { funder: boolean } = { funder: true },
): Promise<{ enrollment: EnrollmentRow; course: CourseRow }> {
  const [row] = await db
    .select({ enrollment: enrollments, course: courses })
    .from(enrollments)
    .innerJoin(courses, courseOfEnrollment(caller.scope))
    .where(caller.scope.where(enrollments, eq(enrollments.id, id), readableBy(caller, opts)))
    .limit(1);
  if (!row) throw enrollmentNotFound();
  return row;
}

/**
 * Locks the enrollment row (SELECT ... FOR UPDATE) for the rest of the transaction: progress
 * calls and state changes of one enrollment run one after the other, so a transition is
 * decided on the latest committed state.
 */
export async function lockEnrollment(tx: DbOrTx, scope: TenantScope, id: string): Promise<EnrollmentRow> {
  const [row] = await tx.select().from(enrollments).where(scope.where(enrollments, eq(enrollments.id, id))).limit(1).for("update");
  if (!row) throw enrollmentNotFound();
  return row;
}

/** Progress writes are the learner's own: 403 for anyone else's enrollment. */
export function assertOwnEnrollment(enrollment: EnrollmentRow, caller: Caller): void {
  if (enrollment.userId !== caller.userId) throw forbidden("Forbidden: not your enrollment");
}

/**
 * THE progress of an enrollment, as correlated counts over `enrollments`: the lessons of the
 * enrollment's path (inLearnerPath) and the completed ones. Lists select these columns; one
 * enrollment (the learner's page, the completion cascade) reads them through enrollmentProgress.
 */
export function progressCountColumns(scope: TenantScope) {
  return {
    totalLessons: sql<number>`(select count(*) from ${lessons} where ${scope.where(lessons, eq(lessons.courseId, enrollments.courseId), inLearnerPath(scope, enrollments.id))})`.mapWith(Number),
    completedLessons: sql<number>`(select count(*) from ${lessonProgress} join ${lessons} on ${sameTenant(lessons, lessonProgress, lessons.id, lessonProgress.lessonId)} where ${scope.where(
      lessonProgress,
      and(eq(lessonProgress.enrollmentId, enrollments.id), eq(lessonProgress.status, "COMPLETED")),
      inLearnerPath(scope, enrollments.id),
    )})`.mapWith(Number),
  };
}

/** One enrollment's progress totals, from the same columns as the lists (progressCountColumns + progressTotals). */
export async function enrollmentProgress(db: DbOrTx, scope: TenantScope, enrollmentId: string) {
  const [row] = await db.select(progressCountColumns(scope)).from(enrollments).where(scope.where(enrollments, eq(enrollments.id, enrollmentId))).limit(1);
  return progressTotals(row?.completedLessons ?? 0, row?.totalLessons ?? 0);
}
