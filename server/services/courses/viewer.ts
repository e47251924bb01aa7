import { and, eq, or } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courses } from "../../db/schema";
import { notFound } from "../../errors";
import type { PublicCaller } from "../../auth/caller";
import { isCourseOwner, isParticipant } from "../platform/who-may";
import type { CourseRow } from "./access";

/**
 * A PUBLISHED course is visible to everyone; DRAFT and ARCHIVED ones to their owner (creator or
 * ADMIN) and to its participants (ACTIVE or COMPLETED enrollment: archiving keeps their access).
 * The viewer is the procedure's caller, possibly anonymous (publicTenantProcedure).
 */
async function canViewCourse(db: DbOrTx, viewer: PublicCaller, course: CourseRow): Promise<boolean> {
  if (course.status === "PUBLISHED") return true;
  if (!viewer.userId || !viewer.role) return false;
  if (isCourseOwner(course, viewer)) return true;
  return isParticipant(db, viewer, course.id);
}

/** The course by slug (or by id), if the viewer may see it; 404 otherwise (no existence leak). */
export async function getVisibleCourse(db: DbOrTx, viewer: PublicCaller, slugOrId: string): Promise<CourseRow> {
  const [course] = await db
    .select()
    .from(courses)
    .where(viewer.scope.where(courses, and(or(eq(courses.slug, slugOrId), eq(courses.id, slugOrId)))))
    .limit(1);
  if (!course || !(await canViewCourse(db, viewer, course))) throw notFound("Course");
  return course;
}

/** Same rule, by id only. */
export async function getVisibleCourseById(db: DbOrTx, viewer: PublicCaller, courseId: string): Promise<CourseRow> {
  const [course] = await db.select().from(courses).where(viewer.scope.where(courses, eq(courses.id, courseId))).limit(1);
  if (!course || !(await canViewCourse(db, viewer, course))) throw notFound("Course");
  return course;
}
