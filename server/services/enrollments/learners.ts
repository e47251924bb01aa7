import { asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import { courses, enrollments, enrollmentStatusEnum, lessons, modules, questionnaires, quizAttempts, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { TLearnerRow, TLearnersFilter, TListLearnersInput } from "../../contracts/learners";
import type { Caller } from "../../auth/caller";
import { countOf, limitPage, maintainedTotal, paginate, totalKeys } from "../platform/pagination";
import { courseOfEnrollment, progressCountColumns } from "./access";
import { quizSummary } from "./quiz-summary";
import { progressTotals } from "./serialize";

/**
 * The course creator's learners (GET /learners): one row per enrollment of the courses the
 * caller owns (ADMIN, `courses.ownAll`: every course of the tenant), newest enrollment first,
 * with the progress the learner's own list shows (progressCountColumns + progressTotals, the
 * adaptive path applied), the last activity and the quiz results of GET /enrollments/{id}/quiz-scores.
 */

/** The courses the caller owns, as isCourseOwner (who-may.ts) decides for one course. */
function ownedCourses(caller: Caller): SQL | undefined {
  return caller.can("courses.ownAll") ? undefined : eq(courses.creatorId, caller.userId);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function nameMatches(search: string): SQL | undefined {
  const like = `%${escapeLike(search)}%`;
  return or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.email, like), sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${like}`);
}

/** The where-clause over `enrollments JOIN courses JOIN users` of a caller and filters. */
function learnersWhere(caller: Caller, f: TLearnersFilter, ...more: (SQL | undefined)[]): SQL {
  return caller.scope.where(
    enrollments,
    f.courseId ? eq(enrollments.courseId, f.courseId) : undefined,
    f.status ? eq(enrollments.status, f.status) : undefined,
    f.search ? nameMatches(f.search) : undefined,
    ownedCourses(caller),
    ...more,
  )!;
}

function pageQuery(db: Db, scope: TenantScope, where: SQL) {
  return db
    .select({
      enrollment: enrollments,
      course: { id: courses.id, title: courses.title },
      learner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      ...progressCountColumns(scope),
      // The keyset of the export keeps the database's own timestamp text (microseconds).
      cursorAt: sql<string>`${enrollments.enrolledAt}::text`,
    })
    .from(enrollments)
    .innerJoin(courses, courseOfEnrollment(scope))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(where)
    .orderBy(desc(enrollments.enrolledAt), desc(enrollments.id));
}
type PageRow = Awaited<ReturnType<typeof pageQuery>>[number];

/** The quiz results of some enrollments, two queries whatever their number: the courses' QUIZ lessons and the attempts grouped per lesson. */
async function resultsOf(db: Db, scope: TenantScope, rows: PageRow[]): Promise<Map<string, TLearnerRow["results"]>> {
  const results = new Map<string, TLearnerRow["results"]>();
  if (!rows.length) return results;
  const courseIds = [...new Set(rows.map((r) => r.course.id))];
  const [quizLessons, stats] = await Promise.all([
    db
      .select({ courseId: lessons.courseId, lessonId: lessons.id, title: sql<string>`coalesce(${questionnaires.title}, ${lessons.title})` })
      .from(lessons)
      .innerJoin(modules, scope.where(modules, eq(modules.id, lessons.moduleId)))
      .leftJoin(questionnaires, scope.where(questionnaires, eq(questionnaires.id, lessons.questionnaireId)))
      .where(scope.where(lessons, inArray(lessons.courseId, courseIds), eq(lessons.kind, "QUIZ"), isNotNull(lessons.questionnaireId)))
      .orderBy(asc(modules.position), asc(lessons.position), asc(lessons.id)),
    db
      .select({
        enrollmentId: quizAttempts.enrollmentId,
        lessonId: quizAttempts.lessonId,
        attempts: sql<number>`count(*)`.mapWith(Number),
        best: sql<number>`max(${quizAttempts.percentage})`.mapWith(Number),
        passed: sql<boolean>`bool_or(${quizAttempts.passed})`,
      })
      .from(quizAttempts)
      .where(scope.where(quizAttempts, inArray(quizAttempts.enrollmentId, rows.map((r) => r.enrollment.id))))
      .groupBy(quizAttempts.enrollmentId, quizAttempts.lessonId),
  ]);
  const statOf = new Map(stats.map((s) => [`${s.enrollmentId}/${s.lessonId}`, s]));
  for (const r of rows) {
    const ofCourse = quizLessons.filter((l) => l.courseId === r.course.id);
    const scores = ofCourse.map((l) => {
      const s = statOf.get(`${r.enrollment.id}/${l.lessonId}`);
      return { lessonId: l.lessonId, title: l.title, attempts: s?.attempts ?? 0, bestPercentage: s ? s.best : null, passed: s ? s.passed === true || (s.passed as unknown) === "t" : false };
    });
    const attempted = scores.filter((s) => s.attempts > 0);
    results.set(r.enrollment.id, {
      quizCount: scores.length,
      attempted: attempted.length,
      passedCount: attempted.filter((s) => s.passed).length,
      average: quizSummary(scores).average,
      quizzes: attempted.map((s) => ({ lessonId: s.lessonId, title: s.title, attempts: s.attempts, bestPercentage: s.bestPercentage ?? 0, passed: s.passed })),
    });
  }
  return results;
}

async function toLearnerRows(db: Db, scope: TenantScope, rows: PageRow[]): Promise<TLearnerRow[]> {
  const results = await resultsOf(db, scope, rows);
  return rows.map((r) => ({
    enrollmentId: r.enrollment.id,
    learner: r.learner,
    course: r.course,
    status: r.enrollment.status,
    enrolledAt: r.enrollment.enrolledAt.toISOString(),
    completedAt: r.enrollment.completedAt?.toISOString() ?? null,
    lastActivityAt: r.enrollment.lastActivityAt?.toISOString() ?? null,
    progress: progressTotals(r.completedLessons, r.totalLessons),
    results: results.get(r.enrollment.id)!,
  }));
}

/** GET /learners: one page, walking enrollments_tenant_enrolled_idx (tenant, enrolled_at desc, id desc) in order. */
export async function listLearners(db: Db, caller: Caller, q: TListLearnersInput) {
  const { scope } = caller;
  const where = learnersWhere(caller, q);
  const joinsNeeded = Boolean(ownedCourses(caller) || q.search);
  return paginate(limitPage(q), {
    rows: (limit, offset) => pageQuery(db, scope, where).limit(limit).offset(offset),
    total: () => {
      if (joinsNeeded) {
        return countOf(db.select({ n: count() }).from(enrollments).innerJoin(courses, courseOfEnrollment(scope)).innerJoin(users, eq(users.id, enrollments.userId)).where(where));
      }
      // ADMIN without a search: the maintained counters, or the (tenant, course, status) index for one course.
      if (!q.courseId) return maintainedTotal(db, scope, totalKeys("enrollments", q.status ? [q.status] : enrollmentStatusEnum.enumValues));
      return countOf(db.select({ n: count() }).from(enrollments).where(where));
    },
    map: (rows) => toLearnerRows(db, scope, rows),
  });
}

/** The same rows for the export, in batches read with keyset pagination (memory stays flat). */
export async function* learnerBatches(db: Db, caller: Caller, f: TLearnersFilter, batchSize = 500): AsyncGenerator<TLearnerRow[]> {
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor ? sql`(${enrollments.enrolledAt}, ${enrollments.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined;
    const rows: PageRow[] = await pageQuery(db, caller.scope, learnersWhere(caller, f, after)).limit(batchSize);
    if (rows.length === 0) return;
    yield toLearnerRows(db, caller.scope, rows);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.enrollment.id };
  }
}
