import { count, desc, eq, gte, lt, lte, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import { activityLogs, courses, enrollments, users } from "../../db/schema";
import type { TActivityItem, TListActivityInput } from "../../contracts/activity";
import { countOf, limitPage, maintainedTotal, paginate, totalKeys } from "../platform/pagination";
import { notFound } from "../../errors";
import { assertCourseOwner, getCourse } from "../courses/access";
import { enrollmentNotFound } from "../enrollments/access";
import type { Caller } from "../../auth/caller";

const columns = {
  log: activityLogs,
  firstName: users.firstName,
  lastName: users.lastName,
};

type Row = { log: typeof activityLogs.$inferSelect; firstName: string | null; lastName: string | null };

function serialize(r: Row): TActivityItem {
  return {
    id: r.log.id,
    userId: r.log.userId,
    userName: r.firstName !== null && r.lastName !== null ? `${r.firstName} ${r.lastName}`.trim() : null,
    action: r.log.action,
    courseId: r.log.courseId,
    enrollmentId: r.log.enrollmentId,
    lessonId: r.log.lessonId,
    metadata: r.log.metadata,
    createdAt: r.log.createdAt.toISOString(),
  };
}

async function latest(db: Db, where: SQL, limit: number): Promise<TActivityItem[]> {
  const rows = await db
    .select(columns)
    .from(activityLogs)
    .leftJoin(users, eq(users.id, activityLogs.userId))
    .where(where)
    .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
    .limit(limit);
  return rows.map(serialize);
}

/** GET /courses/{slug}/activity-log: the course's CREATOR or an ADMIN. The course id is accepted in place of the slug. */
export async function courseActivity(db: Db, caller: Caller, slugOrId: string, limit: number): Promise<TActivityItem[]> {
  const { scope } = caller;
  const [course] = await db
    .select()
    .from(courses)
    .where(scope.where(courses, or(eq(courses.slug, slugOrId.toLowerCase()), eq(courses.id, slugOrId))))
    .limit(1);
  if (!course) throw notFound("Course");
  assertCourseOwner(course, caller);
  return latest(db, scope.where(activityLogs, eq(activityLogs.courseId, course.id)), limit);
}

/** GET /enrollments/{id}/activity-log: the CREATOR of the enrollment's course or an ADMIN. */
export async function enrollmentActivity(db: Db, caller: Caller, enrollmentId: string, limit: number): Promise<TActivityItem[]> {
  const { scope } = caller;
  const [enrollment] = await db.select().from(enrollments).where(scope.where(enrollments, eq(enrollments.id, enrollmentId))).limit(1);
  if (!enrollment) throw enrollmentNotFound();
  assertCourseOwner(await getCourse(db, scope, enrollment.courseId), caller);
  return latest(db, scope.where(activityLogs, eq(activityLogs.enrollmentId, enrollment.id)), limit);
}

/** A date-only bound covers its whole day (UTC); a date-time is taken as is. */
const isDateOnly = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
function upperBound(s: string): SQL {
  if (!isDateOnly(s)) return lte(activityLogs.createdAt, new Date(s));
  const next = new Date(`${s}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return lt(activityLogs.createdAt, next);
}

/** GET /activity-logs (ADMIN): the tenant's log, newest first, filtered and paginated. */
export async function listActivity(db: Db, caller: Caller, q: TListActivityInput) {
  const { scope } = caller;
  const where = scope.where(
    activityLogs,
    q.userId ? eq(activityLogs.userId, q.userId) : undefined,
    q.action ? eq(activityLogs.action, q.action) : undefined,
    q.dateFrom ? gte(activityLogs.createdAt, new Date(isDateOnly(q.dateFrom) ? `${q.dateFrom}T00:00:00.000Z` : q.dateFrom)) : undefined,
    q.dateTo ? upperBound(q.dateTo) : undefined,
  );
  // Walks activity_logs_tenant_created_idx (tenant, created_at, id) in order. The whole log's
  // total is the maintained counter; a filtered total counts its matches (a date range is a range of
  // that index).
  const filtered = Boolean(q.userId || q.action || q.dateFrom || q.dateTo);
  return paginate(limitPage(q), {
    rows: (limit, offset) =>
      db
        .select(columns)
        .from(activityLogs)
        .leftJoin(users, eq(users.id, activityLogs.userId))
        .where(where)
        .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
        .limit(limit)
        .offset(offset),
    total: () => (filtered ? countOf(db.select({ n: count() }).from(activityLogs).where(where)) : maintainedTotal(db, scope, totalKeys("activity_logs"))),
    map: (rows) => rows.map(serialize),
  });
}
