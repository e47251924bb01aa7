import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { enrollments, lessons, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { getOwnedCourse, type CourseRow } from "../courses/access";
import { progressCountColumns } from "./access";
import { csvLine, UTF8_BOM } from "./csv";
import { fullName, percentOf } from "./serialize";
import type { Caller } from "../../auth/caller";

export const EXPORT_COLUMNS = [
  "enrollmentId",
  "learnerName",
  "email",
  "status",
  "enrolledAt",
  "completedAt",
  "lastActivityAt",
  "percentage",
  "traineeCategory",
  "financingSource",
] as const;

export type ExportTarget = { tenantId: string; courseId: string; filename: string };

/** CREATOR of the course or ADMIN: 404 outside the tenant, 403 for someone else's course. */
export async function authorizeExport(db: Db, caller: Caller, courseId: string): Promise<ExportTarget> {
  const course = await getOwnedCourse(db, caller, courseId);
  return { tenantId: caller.scope.tenantId, courseId: course.id, filename: exportFilename(course) };
}

function exportFilename(course: Pick<CourseRow, "slug">): string {
  const safe = course.slug.replace(/[^a-z0-9-]/gi, "").slice(0, 80) || "course";
  return `enrollments-${safe}.csv`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : "");

type Cursor = { at: string; id: string };

/** One batch of the course's enrollments after `cursor`, in (enrolledAt, id) order. */
async function exportBatch(db: Db, scope: TenantScope, courseId: string, cursor: Cursor | null, limit: number) {
  return db
    .select({
      enrollment: enrollments,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      completedLessons: progressCountColumns(scope).completedLessons,
      // The cursor keeps the database's own timestamp text (microseconds), not a rounded JS Date.
      cursorAt: sql<string>`${enrollments.enrolledAt}::text`,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(
      scope.where(
        enrollments,
        and(eq(enrollments.courseId, courseId), cursor ? sql`(${enrollments.enrolledAt}, ${enrollments.id}) > (${cursor.at}::timestamptz, ${cursor.id})` : undefined),
      ),
    )
    .orderBy(asc(enrollments.enrolledAt), asc(enrollments.id))
    .limit(limit);
}

/**
 * The export as CSV chunks: the header first, then one chunk per batch of enrollments read with
 * keyset pagination, so memory stays flat whatever the course's size.
 */
export async function* exportCsvChunks(db: Db, scope: TenantScope, courseId: string, batchSize = 500): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine([...EXPORT_COLUMNS]);
  const [lessonCount] = await db.select({ n: count() }).from(lessons).where(scope.where(lessons, eq(lessons.courseId, courseId)));
  const totalLessons = Number(lessonCount?.n ?? 0);
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await exportBatch(db, scope, courseId, cursor, batchSize);
    if (rows.length === 0) return;
    yield rows
      .map((r) =>
        csvLine([
          r.enrollment.id,
          fullName(r),
          r.email,
          r.enrollment.status,
          iso(r.enrollment.enrolledAt),
          iso(r.enrollment.completedAt),
          iso(r.enrollment.lastActivityAt),
          percentOf(r.completedLessons, totalLessons),
          r.enrollment.traineeCategory,
          r.enrollment.financingSource,
        ]),
      )
      .join("");
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.enrollment.id };
  }
}

/** The whole export as one string (the tRPC transport; REST streams the chunks). */
export async function exportCsvText(db: Db, caller: Caller, courseId: string): Promise<string> {
  const target = await authorizeExport(db, caller, courseId);
  let out = "";
  for await (const chunk of exportCsvChunks(db, caller.scope, target.courseId)) out += chunk;
  return out;
}
