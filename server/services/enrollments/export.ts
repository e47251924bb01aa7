import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { enrollments, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { getOwnedCourse, type CourseRow } from "../courses/access";
import { progressCountColumns } from "./access";
import { fullName, progressTotals } from "./serialize";
import type { Caller } from "../../auth/caller";
import type { ExportColumn, ExportTable } from "../exports/table";
import { enrollmentStatusFr, financingSourceFr, traineeCategoryFr } from "../exports/labels";

type ExportRow = {
  id: string;
  learnerName: string;
  email: string;
  status: string;
  enrolledAt: Date;
  completedAt: Date | null;
  lastActivityAt: Date | null;
  percentage: number;
  traineeCategory: string | null;
  financingSource: string | null;
};

/**
 * The progress export's columns (the spec names none: French headers). Dates in the
 * organisation's time zone; the status, category and financing in words.
 */
const EXPORT_COLUMNS: ExportColumn<ExportRow>[] = [
  { key: "enrollmentId", label: "Inscription", type: "text", value: (r) => r.id, width: 30 },
  { key: "learnerName", label: "Apprenant", type: "text", value: (r) => r.learnerName, width: 28 },
  { key: "email", label: "E-mail", type: "text", value: (r) => r.email, width: 30 },
  { key: "status", label: "Statut", type: "text", value: (r) => enrollmentStatusFr(r.status) },
  { key: "enrolledAt", label: "Inscrit le", type: "datetime", value: (r) => r.enrolledAt, width: 18 },
  { key: "completedAt", label: "Terminée le", type: "datetime", value: (r) => r.completedAt, width: 18 },
  { key: "lastActivityAt", label: "Dernière activité", type: "datetime", value: (r) => r.lastActivityAt, width: 18 },
  { key: "percentage", label: "Progression (%)", type: "integer", value: (r) => r.percentage },
  { key: "traineeCategory", label: "Catégorie de stagiaire", type: "text", value: (r) => traineeCategoryFr(r.traineeCategory), width: 22 },
  { key: "financingSource", label: "Financement", type: "text", value: (r) => financingSourceFr(r.financingSource), width: 18 },
];

export type ExportTarget = { tenantId: string; courseId: string; filename: string };

/** CREATOR of the course or ADMIN: 404 outside the tenant, 403 for someone else's course. */
export async function authorizeExport(db: Db, caller: Caller, courseId: string): Promise<ExportTarget> {
  const course = await getOwnedCourse(db, caller, courseId);
  return { tenantId: caller.scope.tenantId, courseId: course.id, filename: exportFilename(course) };
}

function exportFilename(course: Pick<CourseRow, "slug">): string {
  const safe = course.slug.replace(/[^a-z0-9-]/gi, "").slice(0, 80) || "course";
  return `inscriptions-${safe}`;
}

type Cursor = { at: string; id: string };

/** One batch of the course's enrollments after `cursor`, in (enrolledAt, id) order. */
async function exportBatch(db: Db, scope: TenantScope, courseId: string, cursor: Cursor | null, limit: number) {
  return db
    .select({
      enrollment: enrollments,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      ...progressCountColumns(scope),
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

/** The course's enrollments in batches read with keyset pagination (memory stays flat whatever the course's size). */
async function* exportRows(db: Db, scope: TenantScope, courseId: string, batchSize: number): AsyncGenerator<ExportRow[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await exportBatch(db, scope, courseId, cursor, batchSize);
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      id: r.enrollment.id,
      learnerName: fullName(r),
      email: r.email,
      status: r.enrollment.status,
      enrolledAt: r.enrollment.enrolledAt,
      completedAt: r.enrollment.completedAt,
      lastActivityAt: r.enrollment.lastActivityAt,
      percentage: progressTotals(r.completedLessons, r.totalLessons).percentage,
      traineeCategory: r.enrollment.traineeCategory,
      financingSource: r.enrollment.financingSource,
    }));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.enrollment.id };
  }
}

/** The progress export as a table (server/services/exports/table.ts writes it as CSV or XLSX). */
export function enrollmentsExportTable(db: Db, scope: TenantScope, target: ExportTarget, timeZone: string, batchSize = 500): ExportTable<ExportRow> {
  return {
    filename: target.filename,
    sheetName: "Inscriptions",
    columns: EXPORT_COLUMNS,
    timeZone,
    rows: () => exportRows(db, scope, target.courseId, batchSize),
  };
}
