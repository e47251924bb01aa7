import { and, eq, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courses, enrollments, memberships } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { Role } from "../../auth/permissions";
import { notFound } from "../../errors";
import { isCourseOwner, type CourseRow } from "./access";

/** Whoever looks at the catalogue: possibly anonymous (public operations), else a role in the tenant. */
export type Viewer = { scope: TenantScope; userId: string | null; role: Role | null };

/** The caller's active role in the tenant (a learner known only through enrollments is a LEARNER). */
export async function resolveViewer(db: DbOrTx, scope: TenantScope, userId: string | null): Promise<Viewer> {
  if (!userId) return { scope, userId: null, role: null };
  const [m] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(scope.where(memberships, eq(memberships.userId, userId), eq(memberships.status, "ACTIVE")))
    .limit(1);
  if (m) return { scope, userId, role: m.role };
  const [e] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(scope.where(enrollments, eq(enrollments.userId, userId), inArray(enrollments.status, ["ACTIVE", "COMPLETED"])))
    .limit(1);
  return { scope, userId, role: e ? "LEARNER" : null };
}

/**
 * A PUBLISHED course is visible to everyone; DRAFT and ARCHIVED ones to their owner (creator or
 * ADMIN) and to learners enrolled in them (ACTIVE or COMPLETED: archiving keeps their access).
 */
export async function canViewCourse(db: DbOrTx, viewer: Viewer, course: CourseRow): Promise<boolean> {
  if (course.status === "PUBLISHED") return true;
  if (!viewer.userId || !viewer.role) return false;
  if (isCourseOwner(course, { userId: viewer.userId, role: viewer.role })) return true;
  const [e] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      viewer.scope.where(
        enrollments,
        eq(enrollments.courseId, course.id),
        eq(enrollments.userId, viewer.userId),
        inArray(enrollments.status, ["ACTIVE", "COMPLETED"]),
      ),
    )
    .limit(1);
  return !!e;
}

/** The course by slug (or by id), if the viewer may see it; 404 otherwise (no existence leak). */
export async function getVisibleCourse(db: DbOrTx, viewer: Viewer, slugOrId: string): Promise<CourseRow> {
  const [course] = await db
    .select()
    .from(courses)
    .where(viewer.scope.where(courses, and(or(eq(courses.slug, slugOrId), eq(courses.id, slugOrId)))))
    .limit(1);
  if (!course || !(await canViewCourse(db, viewer, course))) throw notFound("Course");
  return course;
}

/** Same rule, by id only. */
export async function getVisibleCourseById(db: DbOrTx, viewer: Viewer, courseId: string): Promise<CourseRow> {
  const [course] = await db.select().from(courses).where(viewer.scope.where(courses, eq(courses.id, courseId))).limit(1);
  if (!course || !(await canViewCourse(db, viewer, course))) throw notFound("Course");
  return course;
}
