import { eq, or } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courses } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { forbidden, notFound } from "../../errors";
import { isCourseOwner } from "../platform/who-may";
import type { Caller } from "../../auth/caller";

export type CourseRow = typeof courses.$inferSelect;

/** The course of the caller's tenant, or 404 (another tenant's id matches nothing). */
export async function getCourse(db: DbOrTx, scope: TenantScope, courseId: string, opts: { forUpdate?: boolean; orSlug?: boolean } = {}): Promise<CourseRow> {
  // `orSlug`: the path /courses/{id} names a course by its slug or its id (PATCH, DELETE)
  const match = opts.orSlug ? or(eq(courses.id, courseId), eq(courses.slug, courseId.toLowerCase())) : eq(courses.id, courseId);
  const q = db.select().from(courses).where(scope.where(courses, match)).limit(1);
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound("Course");
  return row;
}

export function assertCourseOwner(course: Pick<CourseRow, "creatorId">, caller: Pick<Caller, "userId" | "can">): void {
  if (!isCourseOwner(course, caller)) throw forbidden("Forbidden: you do not own this course", "COURSE_NOT_OWNED");
}

/** Loads a course and checks ownership: 404 outside the tenant, 403 for someone else's course. */
export async function getOwnedCourse(db: DbOrTx, caller: Caller, courseId: string, opts: { forUpdate?: boolean; orSlug?: boolean } = {}): Promise<CourseRow> {
  const course = await getCourse(db, caller.scope, courseId, opts);
  assertCourseOwner(course, caller);
  return course;
}
