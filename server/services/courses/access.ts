import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courses } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { forbidden, notFound } from "../../errors";
import type { Role } from "../../auth/permissions";

export type CourseRow = typeof courses.$inferSelect;
/** Who is acting, in which tenant: built by routers from the procedure context. */
export type LearningCaller = { scope: TenantScope; userId: string; role: Role };

/** The course of the caller's tenant, or 404 (another tenant's id matches nothing). */
export async function getCourse(db: DbOrTx, scope: TenantScope, courseId: string, opts: { forUpdate?: boolean } = {}): Promise<CourseRow> {
  const q = db.select().from(courses).where(scope.where(courses, eq(courses.id, courseId))).limit(1);
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound("Course");
  return row;
}

/** Owner rules: the course's creator, or an ADMIN of the tenant (full tenant access). */
export function isCourseOwner(course: Pick<CourseRow, "creatorId">, caller: Pick<LearningCaller, "userId" | "role">): boolean {
  return caller.role === "ADMIN" || course.creatorId === caller.userId;
}

export function assertCourseOwner(course: Pick<CourseRow, "creatorId">, caller: Pick<LearningCaller, "userId" | "role">): void {
  if (!isCourseOwner(course, caller)) throw forbidden("Forbidden: you do not own this course", "COURSE_NOT_OWNED");
}

/** Loads a course and checks ownership: 404 outside the tenant, 403 for someone else's course. */
export async function getOwnedCourse(db: DbOrTx, caller: LearningCaller, courseId: string, opts: { forUpdate?: boolean } = {}): Promise<CourseRow> {
  const course = await getCourse(db, caller.scope, courseId, opts);
  assertCourseOwner(course, caller);
  return course;
}
