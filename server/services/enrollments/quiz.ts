import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { lessons, modules, questionnaires, questions, quizAttempts } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { TSubmitQuizInput } from "../../contracts/enrollments";
import { badRequest, notFound, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { logActivity } from "../activity/log";
import { assertOwnEnrollment, getReadableEnrollment, lockEnrollment } from "./access";
import { applyLessonStatus, assertActive, lessonOfCourse } from "./progress";
import { correctChoiceIds, isScored, scoreAnswers } from "./scoring";
import { quizSummary } from "./quiz-summary";
import type { Caller } from "../../auth/caller";

async function questionsOf(db: DbOrTx, scope: TenantScope, questionnaireId: string) {
  return db
    .select()
    .from(questions)
    .where(scope.where(questions, eq(questions.questionnaireId, questionnaireId)))
    .orderBy(asc(questions.position), asc(questions.id));
}

type Scored = Exclude<ReturnType<typeof scoreAnswers>, { errors: unknown }>;

/** Stores one scored attempt (the answers with their results, the score, passed): submitQuizAttempt's and the demo seed's one write. */
export async function insertQuizAttempt(tx: DbOrTx, scope: TenantScope, at: { enrollmentId: string; lessonId: string; questionnaireId: string }, scored: Scored, now: Date) {
  const [attempt] = await tx
    .insert(quizAttempts)
    .values(
      scope.values(quizAttempts, {
        id: newId("qat"),
        ...at,
        answers: scored.results,
        score: scored.score,
        maxScore: scored.maxScore,
        percentage: scored.percentage,
        passed: scored.passed,
        createdAt: now,
      }),
    )
    .returning();
  return attempt!;
}

/**
 * POST /enrollments/{id}/quiz-attempts/{lessonId}: the learner's own ACTIVE enrollment, a QUIZ
 * lesson of its course. Scored on the server and stored. A passed attempt (any attempt at a
 * POSITIONING questionnaire) completes the lesson through the progress cascade (which may
 * complete the enrollment); a failed one leaves it IN_PROGRESS. Attempts are unlimited; the best one counts for "passed".
 */
export async function submitQuizAttempt(db: Db, caller: Caller, input: TSubmitQuizInput, now: Date) {
  const { scope } = caller;
  return db.transaction(async (tx) => {
    const enrollment = await lockEnrollment(tx, scope, input.id);
    assertOwnEnrollment(enrollment, caller);
    assertActive(enrollment);
    const lesson = await lessonOfCourse(tx, scope, input.lessonId, enrollment.courseId);
    if (lesson.kind !== "QUIZ" || !lesson.questionnaireId) throw unprocessable("Lesson is not a quiz", { lessonId: ["Not a QUIZ lesson with a questionnaire"] }, "NOT_A_QUIZ");
    const [questionnaire] = await tx.select().from(questionnaires).where(scope.where(questionnaires, eq(questionnaires.id, lesson.questionnaireId))).limit(1);
    if (!questionnaire) throw unprocessable("Lesson is not a quiz", { lessonId: ["The quiz has no questionnaire"] }, "NOT_A_QUIZ");
    const scored = scoreAnswers(await questionsOf(tx, scope, questionnaire.id), input.answers, questionnaire.passMark);
    if ("errors" in scored) throw badRequest("Validation failed", scored.errors);

    const attempt = await insertQuizAttempt(tx, scope, { enrollmentId: enrollment.id, lessonId: lesson.id, questionnaireId: questionnaire.id }, scored, now);
    await logActivity(
      tx,
      scope,
      {
        userId: enrollment.userId,
        action: "quiz.submitted",
        courseId: enrollment.courseId,
        enrollmentId: enrollment.id,
        lessonId: lesson.id,
        metadata: { attemptId: attempt.id, questionnaireId: questionnaire.id, score: scored.score, maxScore: scored.maxScore, percentage: scored.percentage, passed: scored.passed },
      },
      now,
    );
    // A positioning test is not an exam: any attempt completes its lesson (its pass mark says whether the learner already masters the course).
    const completes = scored.passed || questionnaire.kind === "POSITIONING";
    const cascade = await applyLessonStatus(tx, scope, enrollment, lesson, { status: completes ? "COMPLETED" : "IN_PROGRESS" }, now);
    return {
      attemptId: attempt.id,
      lessonId: lesson.id,
      questionnaireId: questionnaire.id,
      score: scored.score,
      maxScore: scored.maxScore,
      percentage: scored.percentage,
      passMark: questionnaire.passMark,
      passed: scored.passed,
      createdAt: attempt.createdAt.toISOString(),
      lessonStatus: cascade.progress.status,
      enrollmentStatus: cascade.enrollment.status,
    };
  });
}

/** GET /enrollments/{id}/quiz-scores: every quiz lesson of the course, with the enrollment's attempts. */
export async function getQuizScores(db: Db, caller: Caller, id: string) {
  const { scope } = caller;
  const { enrollment } = await getReadableEnrollment(db, caller, id);
  const quizLessons = await db
    .select({ lessonId: lessons.id, questionnaireId: lessons.questionnaireId, lessonTitle: lessons.title, questionnaireTitle: questionnaires.title })
    .from(lessons)
    .innerJoin(modules, scope.where(modules, eq(modules.id, lessons.moduleId)))
    .leftJoin(questionnaires, scope.where(questionnaires, eq(questionnaires.id, lessons.questionnaireId)))
    .where(scope.where(lessons, eq(lessons.courseId, enrollment.courseId), eq(lessons.kind, "QUIZ"), isNotNull(lessons.questionnaireId)))
    .orderBy(asc(modules.position), asc(lessons.position), asc(lessons.id));
  const stats = await db
    .select({
      lessonId: quizAttempts.lessonId,
      attempts: sql<number>`count(*)`.mapWith(Number),
      best: sql<number>`max(${quizAttempts.percentage})`.mapWith(Number),
      last: sql<number>`(array_agg(${quizAttempts.percentage} order by ${quizAttempts.createdAt} desc, ${quizAttempts.id} desc))[1]`.mapWith(Number),
      passed: sql<boolean>`bool_or(${quizAttempts.passed})`,
    })
    .from(quizAttempts)
    .where(scope.where(quizAttempts, eq(quizAttempts.enrollmentId, enrollment.id)))
    .groupBy(quizAttempts.lessonId);
  const byLesson = new Map(stats.map((s) => [s.lessonId, s]));
  const scores = quizLessons.map((l) => {
    const s = byLesson.get(l.lessonId);
    return {
      lessonId: l.lessonId,
      questionnaireId: l.questionnaireId!,
      title: l.questionnaireTitle ?? l.lessonTitle,
      bestPercentage: s ? s.best : null,
      lastPercentage: s ? s.last : null,
      attempts: s?.attempts ?? 0,
      passed: s ? s.passed === true || (s.passed as unknown) === "t" : false,
    };
  });
  return { scores, ...quizSummary(scores) };
}

/**
 * GET /enrollments/{id}/quiz-feedback/{lessonId}: the last attempt's answers with the correct
 * answers and explanations. The learner themself, the course's creator or an ADMIN (other
 * callers, FUNDER included, get 404); 404 before the first attempt.
 */
export async function getQuizFeedback(db: Db, caller: Caller, id: string, lessonId: string) {
  const { scope } = caller;
  const { enrollment } = await getReadableEnrollment(db, caller, id, { funder: false });
  const [lesson] = await db
    .select()
    .from(lessons)
    .where(scope.where(lessons, and(eq(lessons.id, lessonId), eq(lessons.courseId, enrollment.courseId))))
    .limit(1);
  if (!lesson) throw notFound("Lesson");
  const [attempt] = await db
    .select()
    .from(quizAttempts)
    .where(scope.where(quizAttempts, eq(quizAttempts.enrollmentId, enrollment.id), eq(quizAttempts.lessonId, lesson.id)))
    .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id))
    .limit(1);
  if (!attempt) throw notFound("Quiz attempt");
  const [questionnaire] = await db.select().from(questionnaires).where(scope.where(questionnaires, eq(questionnaires.id, attempt.questionnaireId))).limit(1);
  const qs = await questionsOf(db, scope, attempt.questionnaireId);
  const given = new Map(attempt.answers.map((a) => [a.questionId, a]));
  return {
    lessonId: lesson.id,
    questionnaireId: attempt.questionnaireId,
    title: questionnaire?.title ?? lesson.title,
    attemptId: attempt.id,
    submittedAt: attempt.createdAt.toISOString(),
    score: attempt.score,
    maxScore: attempt.maxScore,
    percentage: attempt.percentage,
    passMark: questionnaire?.passMark ?? 0,
    passed: attempt.passed,
    questions: qs.map((q) => {
      const a = given.get(q.id);
      return {
        questionId: q.id,
        kind: q.kind,
        prompt: q.prompt,
        points: q.points,
        choices: q.choices,
        answer: a ? { choiceIds: a.choiceIds ?? [], text: a.text ?? null } : null,
        correct: isScored(q) ? (a?.correct ?? false) : null,
        pointsAwarded: a?.points ?? 0,
        correctChoiceIds: correctChoiceIds(q),
        expectedText: q.expectedText,
        explanation: q.explanation,
      };
    }),
  };
}
