import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { enrollments, lessonProgress, lessons, quizAttempts } from "../../db/schema";
import { inLearnerPath } from "../enrollments/path-filter";
import { getReadableCourse } from "./detail";
import { isoDay, loadPublicationFacts, publicationCheck, publicationErrors } from "./qualiopi";
import { getVisibleCourseById } from "./viewer";
import { effectiveCourseNda } from "../billing/legal-identity";
import type { Caller, PublicCaller } from "../../auth/caller";

/** GET /courses/{id}/qualiopi-status: the 422 list of publish, plus the richer publication check. */
export async function getQualiopiStatus(db: DbOrTx, caller: Caller, courseId: string, now: Date) {
  const course = await getReadableCourse(db, caller, courseId);
  const facts = await loadPublicationFacts(db, caller.scope, course, now);
  const errors = publicationErrors(facts);
  return { valid: errors.length === 0, errors, check: publicationCheck(facts) };
}

/** GET /courses/{id}/qualiopi-info: the legal fields shown on the course sheet. */
export async function getQualiopiInfo(db: DbOrTx, viewer: PublicCaller, courseId: string, now: Date) {
  const c = await getVisibleCourseById(db, viewer, courseId);
  return {
    // The organisation's NDA (legal identity), the one every document prints.
    activityNumber: await effectiveCourseNda(db, viewer.scope.tenantId, c),
    certificationNumber: c.certificationNumber,
    certificationValidUntil: c.certificationValidUntil,
    certificationValid: c.certificationValidUntil ? c.certificationValidUntil >= isoDay(now) : null,
    disabilityReferentContact: c.disabilityReferentContact,
    accessibilityInfo: c.accessibilityInfo,
  };
}

const ratio = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 10_000) / 10_000 : 0);

/**
 * GET /courses/{id}/public-stats (Qualiopi indicator 2, result indicators). successRate =
 * COMPLETED over all enrollments (0..1); averageProgress = mean share of the course's lessons
 * completed per non-cancelled enrollment, over the lessons of its adaptive path (0..1); averageQuizScore = mean attempt percentage of the
 * non-cancelled enrollments.
 */
export async function getPublicStats(db: DbOrTx, viewer: PublicCaller, courseId: string) {
  const course = await getVisibleCourseById(db, viewer, courseId);
  const { scope } = viewer;
  const live = and(eq(enrollments.courseId, course.id), ne(enrollments.status, "CANCELLED"));
  const [[counts], [lessonRow], [progressRow], [quizRow]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        active: sql<number>`count(*) filter (where ${enrollments.status} = 'ACTIVE')`.mapWith(Number),
        completed: sql<number>`count(*) filter (where ${enrollments.status} = 'COMPLETED')`.mapWith(Number),
        live: sql<number>`count(*) filter (where ${enrollments.status} <> 'CANCELLED')`.mapWith(Number),
      })
      .from(enrollments)
      .where(scope.where(enrollments, eq(enrollments.courseId, course.id))),
    // The lessons each live enrollment must do: its course's, on its individual adaptive path (inLearnerPath).
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(enrollments)
      .innerJoin(lessons, scope.where(lessons, eq(lessons.courseId, enrollments.courseId), inLearnerPath(scope, enrollments.id)))
      .where(scope.where(enrollments, live)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(lessonProgress)
      .innerJoin(enrollments, eq(enrollments.id, lessonProgress.enrollmentId))
      .innerJoin(lessons, scope.where(lessons, eq(lessons.id, lessonProgress.lessonId), inLearnerPath(scope, enrollments.id)))
      .where(scope.where(lessonProgress, eq(lessonProgress.status, "COMPLETED"), live)),
    db
      .select({ avg: sql<string | null>`avg(${quizAttempts.percentage})` })
      .from(quizAttempts)
      .innerJoin(enrollments, eq(enrollments.id, quizAttempts.enrollmentId))
      .where(scope.where(quizAttempts, live)),
  ]);
  const r = {
    total: counts?.total ?? 0,
    active: counts?.active ?? 0,
    completed: counts?.completed ?? 0,
    live: counts?.live ?? 0,
    lessons: lessonRow?.n ?? 0,
    completedLessons: progressRow?.n ?? 0,
    averageQuizScore: quizRow?.avg ?? null,
  };
  return {
    enrollments: r.total,
    active: r.active,
    completed: r.completed,
    successRate: ratio(r.completed, r.total),
    averageProgress: ratio(r.completedLessons, r.lessons),
    averageQuizScore: r.averageQuizScore === null ? null : Math.round(Number(r.averageQuizScore) * 100) / 100,
  };
}
