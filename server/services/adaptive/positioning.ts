import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import type { TPositioningQuizInput } from "../../contracts/adaptive-paths";
import type { Db, DbOrTx } from "../../db";
import { lessons, modules, questionnaires, quizAttempts } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { newId } from "../../lib/ids";
import { AI_COSTS, AI_OPERATIONS } from "../ai/costs";
import { toCourseContext } from "../ai/course-tree";
import { assertCredits, debit } from "../ai/credits";
import { ownedCourseTree, recordAiActivity, type AiDeps } from "../ai/operation";
import type { PositioningCounts } from "../ai/provider";
import { insertGeneratedQuiz } from "../ai/quiz-writer";
import { getEditableCourse, setLessonPositions } from "../course-content/guards";

/**
 * POST /courses/{courseId}/positioning-quiz/generate (25 credits). Order: the course (404 outside
 * the tenant, 403 not its owner), the credits (402, nothing done), the provider, then ONE
 * transaction: the debit (checked again under the tenant lock), a POSITIONING questionnaire
 * (pass mark POSITIONING_PASS_MARK: at or above it the learner already masters the course; any
 * attempt completes its lesson all the same, the score positions the learner) with its
 * questions, and the QUIZ lesson through which learners answer it, placed first in the course's
 * first module (a module "Positionnement" is created for a course without one).
 */

/** The positioning questionnaire's pass mark (%): from it on, the learner already masters the course's content. */
export const POSITIONING_PASS_MARK = 70;

/** Question counts per difficulty: largest remainder, so they add up to `total`. */
export function difficultyCounts(total: number, mix: { easy: number; medium: number; hard: number }): PositioningCounts {
  const keys = ["easy", "medium", "hard"] as const;
  const sum = mix.easy + mix.medium + mix.hard || 1;
  const exact = keys.map((k) => (total * mix[k]) / sum);
  const floor = exact.map(Math.floor);
  let left = total - floor.reduce((a, b) => a + b, 0);
  const order = keys.map((_, i) => i).sort((a, b) => exact[b]! - floor[b]! - (exact[a]! - floor[a]!) || a - b);
  for (const i of order) {
    if (left <= 0) break;
    floor[i]! += 1;
    left -= 1;
  }
  return { easy: floor[0]!, medium: floor[1]!, hard: floor[2]! };
}

export async function generatePositioningQuiz(db: Db, caller: Caller, input: TPositioningQuizInput, deps: AiDeps) {
  const tree = await ownedCourseTree(db, caller, input.courseId);
  const cost = AI_COSTS.positioningQuiz;
  const operation = AI_OPERATIONS.positioningQuiz;
  await assertCredits(db, caller.scope, cost, operation);
  const counts = difficultyCounts(input.questionCount, input.difficultyMix);
  const result = await deps.provider.complete({ kind: "positioningQuiz", course: toCourseContext(tree), counts, topics: input.topics });
  const quiz = { title: result.title, questions: result.questions.slice(0, input.questionCount) };
  return db.transaction(async (tx) => {
    await debit(tx, caller.scope, { amount: cost, operation, courseId: input.courseId, userId: caller.userId }, deps.now);
    const course = await getEditableCourse(tx, caller, input.courseId);
    const moduleId = await firstModule(tx, caller, course.id, course.language, deps.now);
    const { questionnaireId, lessonId } = await insertGeneratedQuiz(tx, caller.scope, { courseId: course.id, moduleId, position: -1, quiz, now: deps.now, kind: "POSITIONING", passMark: POSITIONING_PASS_MARK });
    const order = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(caller.scope.where(lessons, eq(lessons.moduleId, moduleId)))
      .orderBy(asc(lessons.position), asc(lessons.createdAt), asc(lessons.id));
    await setLessonPositions(tx, caller, order.map((l) => l.id), deps.now);
    await recordAiActivity(tx, caller, course.id, { operation, creditsConsumed: cost, questionnaireId, questions: quiz.questions.length, counts, topics: input.topics }, deps.now);
    return { questionnaireId, type: "POSITIONING" as const, questionCount: quiz.questions.length, creditsConsumed: cost, lessonId };
  });
}

async function firstModule(tx: DbOrTx, caller: Caller, courseId: string, language: string, now: Date): Promise<string> {
  const [first] = await tx
    .select({ id: modules.id })
    .from(modules)
    .where(caller.scope.where(modules, eq(modules.courseId, courseId)))
    .orderBy(asc(modules.position), asc(modules.createdAt))
    .limit(1);
  if (first) return first.id;
  const id = newId("mod");
  const title = language.toLowerCase().startsWith("en") ? "Positioning" : "Positionnement";
  await tx.insert(modules).values(caller.scope.values(modules, { id, courseId, title, description: "", position: 0, createdAt: now, updatedAt: now }));
  return id;
}

/**
 * The learner's positioning score in a course: the percentage of their MOST RECENT attempt at any
 * POSITIONING questionnaire of the course (the latest attempt reflects their current level), or
 * null before any attempt.
 */
export async function latestPositioningAttempt(db: DbOrTx, scope: TenantScope, enrollmentId: string, courseId: string) {
  const positioning = db
    .select({ id: questionnaires.id })
    .from(questionnaires)
    .where(scope.where(questionnaires, and(eq(questionnaires.courseId, courseId), eq(questionnaires.kind, "POSITIONING"))));
  const [attempt] = await db
    .select({ id: quizAttempts.id, percentage: quizAttempts.percentage, createdAt: quizAttempts.createdAt })
    .from(quizAttempts)
    .where(scope.where(quizAttempts, eq(quizAttempts.enrollmentId, enrollmentId), inArray(quizAttempts.questionnaireId, positioning)))
    .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id))
    .limit(1);
  return attempt ?? null;
}
