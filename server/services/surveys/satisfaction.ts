import { asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { enrollments, lessons, questions, quizAttempts, surveyResponses, type Choice, type SurveyAnswer } from "../../db/schema";
import { inLearnerPath } from "../enrollments/path-filter";
import type { TenantScope } from "../../db/tenant-scope";
import type { TOutcomeRate, TResultIndicators, TSatisfaction } from "../../contracts/surveys";

/**
 * THE satisfaction figure (Qualiopi indicator 2), computed once here: the staff results
 * (GET /courses/{id}/survey-results) and the public course page both call `computeSatisfaction`
 * / `courseResultIndicators`.
 *
 * Scale: a rating question is a SINGLE_CHOICE question whose choice labels are all whole numbers
 * ("1".."5", "0".."10"). Each rating answer is brought to 0..1 on its question's scale
 * ((value - min) / (max - min)).
 * - averageRating: the mean of those, shown on a 1-5 scale (1 + 4 x mean), two decimals.
 * - satisfactionRate: the share of rating answers at 0.75 or above (4 or 5 out of 5; 8 to 10 out of 10).
 * Other questions (multiple choice, true/false, free text) are reported per question, never in the figure.
 */
export type QuestionRow = typeof questions.$inferSelect;
export type RatingScale = { min: number; max: number; valueOf: Map<string, number> };

const SATISFIED = 0.75;
const round2 = (n: number) => Math.round(n * 100) / 100;
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

export function ratingScale(q: Pick<QuestionRow, "kind" | "choices">): RatingScale | null {
  if (q.kind !== "SINGLE_CHOICE" || q.choices.length < 2) return null;
  const valueOf = new Map<string, number>();
  for (const c of q.choices as Choice[]) {
    if (!/^\s*-?\d+\s*$/.test(c.label)) return null;
    valueOf.set(c.id, Number(c.label.trim()));
  }
  const values = [...valueOf.values()];
  const min = Math.min(...values);
  const max = Math.max(...values);
  return max > min ? { min, max, valueOf } : null;
}

/** The figure over a set of responses, given the course's questions (by id). */
export function computeSatisfaction(responses: { answers: SurveyAnswer[] }[], questionsById: ReadonlyMap<string, Pick<QuestionRow, "kind" | "choices">>): TSatisfaction {
  const scales = new Map<string, RatingScale | null>();
  const scaleOf = (id: string) => {
    if (!scales.has(id)) {
      const q = questionsById.get(id);
      scales.set(id, q ? ratingScale(q) : null);
    }
    return scales.get(id)!;
  };
  let n = 0;
  let sum = 0;
  let satisfied = 0;
  for (const r of responses) {
    for (const a of r.answers) {
      const scale = scaleOf(a.questionId);
      const choice = a.choiceIds?.[0];
      if (!scale || !choice) continue;
      const value = scale.valueOf.get(choice);
      if (value === undefined) continue;
      const norm = (value - scale.min) / (scale.max - scale.min);
      n += 1;
      sum += norm;
      if (norm >= SATISFIED - 1e-9) satisfied += 1;
    }
  }
  return {
    responses: responses.length,
    ratingAnswers: n,
    averageRating: n ? round2(1 + 4 * (sum / n)) : null,
    satisfactionRate: n ? round4(satisfied / n) : null,
  };
}

/** Every question of the given questionnaires, by id. */
export async function questionsOf(db: DbOrTx, scope: TenantScope, questionnaireIds: string[]): Promise<Map<string, QuestionRow>> {
  if (!questionnaireIds.length) return new Map();
  const rows = await db
    .select()
    .from(questions)
    .where(scope.where(questions, inArray(questions.questionnaireId, questionnaireIds)))
    .orderBy(asc(questions.position), asc(questions.id));
  return new Map(rows.map((q) => [q.id, q]));
}

export async function courseResponses(db: DbOrTx, scope: TenantScope, courseId: string) {
  return db
    .select()
    .from(surveyResponses)
    .where(scope.where(surveyResponses, eq(surveyResponses.courseId, courseId)))
    .orderBy(asc(surveyResponses.submittedAt), asc(surveyResponses.id));
}

/** Below this many learners in its denominator, a published rate is "non significatif" (no percentage). */
const RESULTS_MIN_COUNT = 5;

const outcome = (count: number, of: number): TOutcomeRate => {
  const significant = of >= RESULTS_MIN_COUNT;
  return { count, of, rate: significant ? round4(count / of) : null, significant };
};

/**
 * THE completion and success rates of a course (Qualiopi indicators 1-3), computed once here for
 * the public course page:
 * - completion: COMPLETED enrollments over every enrollment but CANCELLED (which never started);
 * - success: of the COMPLETED enrollments, those with a passed attempt at every QUIZ lesson of
 *   their path (inLearnerPath); a course without a quiz counts every completed learner.
 * Each rate is significant from RESULTS_MIN_COUNT learners in its denominator, else its rate is null.
 */
async function courseOutcomes(db: DbOrTx, scope: TenantScope, courseId: string): Promise<{ completion: TOutcomeRate; success: TOutcomeRate }> {
  const quizMissed = sql`exists (select 1 from ${lessons} where ${scope.where(lessons, eq(lessons.courseId, enrollments.courseId), eq(lessons.kind, "QUIZ"), inLearnerPath(scope, enrollments.id))}
    and not exists (select 1 from ${quizAttempts} where ${scope.where(quizAttempts, eq(quizAttempts.enrollmentId, enrollments.id), eq(quizAttempts.lessonId, lessons.id), eq(quizAttempts.passed, true))}))`;
  const [counts] = await db
    .select({
      total: sql<number>`count(*) filter (where ${enrollments.status} <> 'CANCELLED')`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${enrollments.status} = 'COMPLETED')`.mapWith(Number),
      succeeded: sql<number>`count(*) filter (where ${enrollments.status} = 'COMPLETED' and not ${quizMissed})`.mapWith(Number),
    })
    .from(enrollments)
    .where(scope.where(enrollments, eq(enrollments.courseId, courseId)));
  const total = counts?.total ?? 0;
  const completed = counts?.completed ?? 0;
  return { completion: outcome(completed, total), success: outcome(counts?.succeeded ?? 0, completed) };
}

/**
 * The published result indicators of a course (Qualiopi indicators 1-3): satisfaction (every
 * response, END_OF_COURSE and FOLLOW_UP) and the completion and success rates of courseOutcomes.
 */
export async function courseResultIndicators(db: DbOrTx, scope: TenantScope, course: { id: string }): Promise<TResultIndicators> {
  const responses = await courseResponses(db, scope, course.id);
  const qs = await questionsOf(db, scope, [...new Set(responses.map((r) => r.questionnaireId))]);
  const outcomes = await courseOutcomes(db, scope, course.id);
  return { satisfaction: computeSatisfaction(responses, qs), ...outcomes, minimumCount: RESULTS_MIN_COUNT };
}
