import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { adaptivePaths, courses, enrollments, lessonProgress, lessons, modules, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { TProgressSummary, TUpdateProgressInput } from "../../contracts/enrollments";
import { notFound, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { logActivity } from "../activity/log";
import { emitEvent } from "../platform/events";
import { enqueueCertificate } from "../documents/certificate-job";
import { scheduleSurveys } from "../surveys/invitations";
import { assertOwnEnrollment, enrollmentProgress, getReadableEnrollment, lockEnrollment } from "./access";
import { fullName, percentOf, serializeEnrollment, serializeProgressRecord, type EnrollmentRow } from "./serialize";
import { barredEnrollmentError } from "./barred";
import { isBarredStatus } from "../platform/who-may";
import type { Caller } from "../../auth/caller";
import { inLearnerPath, learnerPathOf, lessonPathRole } from "./path-filter";

type ProgressStatus = (typeof lessonProgress.$inferSelect)["status"];
export type LessonRow = typeof lessons.$inferSelect;

/** Progress never goes backwards: a completed lesson stays completed (it is training evidence). */
const RANK: Record<ProgressStatus, number> = { NOT_STARTED: 0, IN_PROGRESS: 1, COMPLETED: 2 };

/** Spec: progress updates require an ACTIVE enrollment (422 otherwise; SUSPENDED and REVOKED with their own reason). */
export function assertActive(enrollment: EnrollmentRow): void {
  if (isBarredStatus(enrollment.status)) throw barredEnrollmentError(enrollment.status);
  if (enrollment.status !== "ACTIVE") throw unprocessable("Enrollment is not active", { status: [`The enrollment is ${enrollment.status}`] }, "ENROLLMENT_NOT_ACTIVE");
}

/** A lesson of the enrollment's course: 404 when unknown in the tenant, 422 when it belongs to another course. */
export async function lessonOfCourse(db: DbOrTx, scope: TenantScope, lessonId: string, courseId: string): Promise<LessonRow> {
  const [lesson] = await db.select().from(lessons).where(scope.where(lessons, eq(lessons.id, lessonId))).limit(1);
  if (!lesson) throw notFound("Lesson");
  if (lesson.courseId !== courseId) throw unprocessable("Lesson is not part of this course", { lessonId: ["Not a lesson of the enrollment's course"] });
  return lesson;
}

/** A module's lessons on the enrollment's path (inLearnerPath) and how many of them it completed (the course's: enrollmentProgress). */
async function moduleCompletionCounts(db: DbOrTx, scope: TenantScope, enrollmentId: string, filter: SQL) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      completed: sql<number>`count(${lessonProgress.id}) filter (where ${lessonProgress.status} = 'COMPLETED')`.mapWith(Number),
    })
    .from(lessons)
    .leftJoin(lessonProgress, scope.where(lessonProgress, eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.enrollmentId, enrollmentId)))
    .where(scope.where(lessons, filter, inLearnerPath(scope, enrollmentId)));
  return { total: row?.total ?? 0, completed: row?.completed ?? 0 };
}

/**
 * Whether a lesson has something to follow, by kind: TEXT its markdown, VIDEO its video and FILE
 * its document (uploaded or linked; notes alone are not the video or the document), LIVE_SESSION
 * its session or link, QUIZ its questionnaire. A lesson without
 * content cannot be marked COMPLETED (recordProgress, 422 LESSON_EMPTY); the learner's detail
 * carries it as `hasContent` so the player does not offer "mark complete".
 */
function lessonHasContent(l: Pick<LessonRow, "kind" | "content" | "mediaId" | "mediaUrl" | "packageId" | "liveSessionId" | "questionnaireId">): boolean {
  switch (l.kind) {
    case "TEXT":
      return l.content.trim() !== "";
    case "VIDEO":
    case "FILE":
      return Boolean(l.mediaId || l.mediaUrl?.trim() || l.packageId);
    case "LIVE_SESSION":
      return Boolean(l.liveSessionId || l.mediaUrl?.trim());
    case "QUIZ":
      return Boolean(l.questionnaireId);
  }
}

/** 422 LESSON_EMPTY when `status` completes a lesson that has no content. */
function assertCompletable(lesson: LessonRow, status: ProgressStatus): void {
  if (status === "COMPLETED" && !lessonHasContent(lesson)) {
    throw unprocessable("The lesson has no content: it cannot be completed", { lessonId: ["The lesson has no content yet"] }, "LESSON_EMPTY");
  }
}

/**
 * Sets a lesson's status for an enrollment the caller has LOCKED (lockEnrollment) in `tx`, then
 * runs the completion cascade: lesson -> module (activity module.completed) -> course (the
 * enrollment becomes COMPLETED, event enrollment.completed). The lock makes concurrent calls on
 * one enrollment run one after the other, so the last lesson completes the enrollment exactly once.
 * `timeSpentSeconds` is added to the lesson's total.
 */
export async function applyLessonStatus(
  tx: DbOrTx,
  scope: TenantScope,
  enrollment: EnrollmentRow,
  lesson: Pick<LessonRow, "id" | "moduleId">,
  change: { status: ProgressStatus; timeSpentSeconds?: number },
  now: Date,
) {
  const [existing] = await tx
    .select()
    .from(lessonProgress)
    .where(scope.where(lessonProgress, eq(lessonProgress.enrollmentId, enrollment.id), eq(lessonProgress.lessonId, lesson.id)))
    .limit(1);
  const previous: ProgressStatus = existing?.status ?? "NOT_STARTED";
  const next = RANK[change.status] > RANK[previous] ? change.status : previous;
  const values = {
    status: next,
    timeSpentSeconds: (existing?.timeSpentSeconds ?? 0) + (change.timeSpentSeconds ?? 0),
    startedAt: existing?.startedAt ?? (RANK[next] >= 1 ? now : null),
    completedAt: existing?.completedAt ?? (next === "COMPLETED" ? now : null),
    updatedAt: now,
  };
  const [progress] = existing
    ? await tx.update(lessonProgress).set(values).where(scope.where(lessonProgress, eq(lessonProgress.id, existing.id))).returning()
    : await tx
        .insert(lessonProgress)
        .values(scope.values(lessonProgress, { id: newId("prg"), enrollmentId: enrollment.id, lessonId: lesson.id, ...values }))
        .returning();

  const about = { userId: enrollment.userId, courseId: enrollment.courseId, enrollmentId: enrollment.id, lessonId: lesson.id };
  if (!existing?.startedAt && values.startedAt) await logActivity(tx, scope, { ...about, action: "lesson.started" }, now);
  const newlyCompleted = next === "COMPLETED" && previous !== "COMPLETED";
  let moduleCompleted = false;
  if (newlyCompleted) {
    await logActivity(tx, scope, { ...about, action: "lesson.completed", metadata: { timeSpentSeconds: values.timeSpentSeconds } }, now);
    const mod = await moduleCompletionCounts(tx, scope, enrollment.id, eq(lessons.moduleId, lesson.moduleId));
    if (mod.completed === mod.total) {
      moduleCompleted = true;
      await logActivity(tx, scope, { ...about, action: "module.completed", metadata: { moduleId: lesson.moduleId } }, now);
    }
  }

  const course = await enrollmentProgress(tx, scope, enrollment.id);
  const completesCourse = next === "COMPLETED" && enrollment.status === "ACTIVE" && course.totalLessons > 0 && course.completedLessons === course.totalLessons;
  const [updated] = await tx
    .update(enrollments)
    .set(completesCourse ? { status: "COMPLETED", completedAt: now, lastActivityAt: now, updatedAt: now } : { lastActivityAt: now, updatedAt: now })
    .where(scope.where(enrollments, eq(enrollments.id, enrollment.id)))
    .returning();
  if (completesCourse) await completeEnrollment(tx, scope, updated!, now);

  return {
    progress: progress!,
    moduleCompleted,
    enrollment: { status: updated!.status, completedAt: updated!.completedAt?.toISOString() ?? null, ...course },
  };
}

/** Event and activity of an enrollment that just reached 100 %. */
async function completeEnrollment(tx: DbOrTx, scope: TenantScope, enrollment: EnrollmentRow, now: Date): Promise<void> {
  const [info] = await tx
    .select({ courseTitle: courses.title, firstName: users.firstName, lastName: users.lastName })
    .from(courses)
    .innerJoin(users, eq(users.id, enrollment.userId))
    .where(scope.where(courses, eq(courses.id, enrollment.courseId)))
    .limit(1);
  await emitEvent(tx, scope, "enrollment.completed", {
    enrollmentId: enrollment.id,
    courseId: enrollment.courseId,
    userId: enrollment.userId,
    courseTitle: info!.courseTitle,
    userName: fullName(info!),
    enrolledAt: enrollment.enrolledAt.toISOString(),
    completedAt: now.toISOString(),
  });
  await logActivity(tx, scope, { userId: enrollment.userId, action: "enrollment.completed", courseId: enrollment.courseId, enrollmentId: enrollment.id }, now);
  // The certificate of completion (certificat de réalisation) is rendered by a job, after the commit.
  await enqueueCertificate(tx, scope, enrollment.id);
  // The end-of-course and follow-up satisfaction surveys (services/surveys/invitations.ts), with the completion.
  await scheduleSurveys(tx, scope, enrollment, now);
}

/** POST /enrollments/{id}/progress/{lessonId}: the learner's own ACTIVE enrollment only. */
export async function recordProgress(db: Db, caller: Caller, input: TUpdateProgressInput, now: Date) {
  const { scope } = caller;
  return db.transaction(async (tx) => {
    const enrollment = await lockEnrollment(tx, scope, input.id);
    assertOwnEnrollment(enrollment, caller);
    assertActive(enrollment);
    const lesson = await lessonOfCourse(tx, scope, input.lessonId, enrollment.courseId);
    assertCompletable(lesson, input.status);
    const result = await applyLessonStatus(tx, scope, enrollment, lesson, { status: input.status, timeSpentSeconds: input.timeSpentSeconds }, now);
    return {
      id: result.progress.id,
      enrollmentId: enrollment.id,
      lessonId: lesson.id,
      ...serializeProgressRecord(result.progress),
      moduleCompleted: result.moduleCompleted,
      enrollment: result.enrollment,
    };
  });
}

/** Per-module completion of an enrollment, modules in course order. */
async function moduleProgress(db: DbOrTx, scope: TenantScope, enrollmentId: string, courseId: string) {
  return db
    .select({
      moduleId: modules.id,
      title: modules.title,
      total: sql<number>`count(${lessons.id})`.mapWith(Number),
      completed: sql<number>`count(${lessonProgress.id}) filter (where ${lessonProgress.status} = 'COMPLETED')`.mapWith(Number),
    })
    .from(modules)
    .leftJoin(lessons, scope.where(lessons, eq(lessons.moduleId, modules.id), inLearnerPath(scope, enrollmentId)))
    .leftJoin(lessonProgress, scope.where(lessonProgress, eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.enrollmentId, enrollmentId)))
    .where(scope.where(modules, eq(modules.courseId, courseId)))
    .groupBy(modules.id, modules.title, modules.position)
    .orderBy(asc(modules.position), asc(modules.id));
}

/** GET /enrollments/{id}/progress. */
export async function getProgressSummary(db: Db, caller: Caller, id: string): Promise<TProgressSummary> {
  const { enrollment } = await getReadableEnrollment(db, caller, id);
  const rows = await moduleProgress(db, caller.scope, enrollment.id, enrollment.courseId);
  return {
    enrollmentId: enrollment.id,
    status: enrollment.status,
    ...(await enrollmentProgress(db, caller.scope, enrollment.id)),
    modules: rows.map((r) => ({ ...r, percentage: percentOf(r.completed, r.total) })),
  };
}

/**
 * GET /enrollments/{id}: the enrollment with every lesson of its course, grouped by module.
 * Lessons without a progress record are NOT_STARTED with `progress: null`. With an individual
 * adaptive path, each lesson has its `pathRole` (CORE, SKIPPED, EXTRA), the extra lessons the
 * score did not trigger are left out, and `progress` counts the path only (enrollmentProgress, the lists' own counts).
 */
export async function getEnrollmentDetail(db: Db, caller: Caller, id: string) {
  const { scope } = caller;
  const { enrollment, course } = await getReadableEnrollment(db, caller, id);
  const [learner] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, enrollment.userId))
    .limit(1);
  const mods = await db
    .select({ id: modules.id, title: modules.title, position: modules.position })
    .from(modules)
    .where(scope.where(modules, eq(modules.courseId, course.id)))
    .orderBy(asc(modules.position), asc(modules.id));
  const rows = await db
    .select({ lesson: lessons, progress: lessonProgress })
    .from(lessons)
    .leftJoin(lessonProgress, scope.where(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.enrollmentId, enrollment.id))))
    .where(scope.where(lessons, eq(lessons.courseId, course.id)))
    .orderBy(asc(lessons.position), asc(lessons.id));
  const path = await learnerPathOf(db, scope, enrollment.id);
  const [definition] = path
    ? [path]
    : await db
        .select({ id: adaptivePaths.id })
        .from(adaptivePaths)
        .where(scope.where(adaptivePaths, eq(adaptivePaths.variant, "SCORE_RULES"), eq(adaptivePaths.baseCourseId, course.id)))
        .limit(1);

  const byModule = new Map(mods.map((m) => [m.id, { ...m, lessons: [] as LessonItem[] }]));
  for (const { lesson, progress } of rows) {
    const pathRole = lessonPathRole(path, lesson.id);
    if (pathRole === "HIDDEN") continue;
    byModule.get(lesson.moduleId)?.lessons.push({
      id: lesson.id,
      title: lesson.title,
      kind: lesson.kind,
      position: lesson.position,
      durationMinutes: lesson.durationMinutes,
      status: progress?.status ?? "NOT_STARTED",
      progress: progress ? serializeProgressRecord(progress) : null,
      pathRole,
      hasContent: lessonHasContent(lesson),
    });
  }
  return {
    ...serializeEnrollment(enrollment),
    learner: learner ?? { id: enrollment.userId, firstName: "", lastName: "", email: "" },
    course: { id: course.id, title: course.title, slug: course.slug, bannerMediaId: course.bannerMediaId, status: course.status },
    progress: await enrollmentProgress(db, scope, enrollment.id),
    modules: [...byModule.values()],
    adaptivePath: path
      ? { id: path.id, name: path.definition.name, positioningScore: path.positioningScore, summary: path.summary, generatedAt: path.generatedAt.toISOString(), skippedLessons: path.skippedLessonIds.length, extraLessons: path.extraLessonIds.length }
      : null,
    adaptivePathAvailable: Boolean(definition),
  };
}

type LessonItem = {
  id: string;
  title: string;
  kind: LessonRow["kind"];
  position: number;
  durationMinutes: number | null;
  status: ProgressStatus;
  progress: ReturnType<typeof serializeProgressRecord> | null;
  pathRole: "CORE" | "SKIPPED" | "EXTRA";
  hasContent: boolean;
};
