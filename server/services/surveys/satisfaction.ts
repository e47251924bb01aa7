import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { enrollments, questions, surveyResponses, type Choice, type SurveyAnswer } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { TResultIndicators, TSatisfaction } from "../../contracts/surveys";

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

const ratio = (n: number, d: number) => (d > 0 ? round4(n / d) : null);

/**
 * The published result indicators of a course (Qualiopi indicators 1-3): satisfaction (every
 * response, END_OF_COURSE and FOLLOW_UP), completion (COMPLETED over every enrollment but
 * CANCELLED, which never started) and, when the organisation set one, its success rate.
 */
export async function courseResultIndicators(db: DbOrTx, scope: TenantScope, course: { id: string; successRate: number | null }): Promise<TResultIndicators> {
  const responses = await courseResponses(db, scope, course.id);
  const qs = await questionsOf(db, scope, [...new Set(responses.map((r) => r.questionnaireId))]);
  const [counts] = await db
    .select({
      total: sql<number>`count(*) filter (where ${enrollments.status} <> 'CANCELLED')`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${enrollments.status} = 'COMPLETED')`.mapWith(Number),
    })
    .from(enrollments)
    .where(scope.where(enrollments, and(eq(enrollments.courseId, course.id))));
  const total = counts?.total ?? 0;
  const completed = counts?.completed ?? 0;
  return {
    satisfaction: computeSatisfaction(responses, qs),
    enrollments: total,
    completed,
    completionRate: ratio(completed, total),
    successRate: course.successRate === null ? null : round4(course.successRate / 100),
  };
}
