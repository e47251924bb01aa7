import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courses } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { forbidden, notFound } from "../../errors";
import { isCourseOwner } from "../platform/who-may";
import type { Caller } from "../../auth/caller";

export type CourseRow = typeof courses.$inferSelect;

/** The course of the caller's tenant, or 404 (another tenant's id matches nothing). */
export async function getCourse(db: DbOrTx, scope: TenantScope, courseId: string, opts: { forUpdate?: boolean } = {}): Promise<CourseRow> {
  const q = db.select().from(courses).where(scope.where(courses, eq(courses.id, courseId))).limit(1);
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound("Course");
  return row;
}

export function assertCourseOwner(course: Pick<CourseRow, "creatorId">, caller: Pick<Caller, "userId" | "can">): void {
  if (!isCourseOwner(course, caller)) throw forbidden("Forbidden: you do not own this course", "COURSE_NOT_OWNED");
}

/** Loads a course and checks ownership: 404 outside the tenant, 403 for someone else's course. */
export async function getOwnedCourse(db: DbOrTx, caller: Caller, courseId: string, opts: { forUpdate?: boolean } = {}): Promise<CourseRow> {
  const course = await getCourse(db, caller.scope, courseId, opts);
  assertCourseOwner(course, caller);
  return course;
}
