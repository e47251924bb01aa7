import type { QuizAnswer, QuizAnswerResult, questions } from "../../db/schema";
import type { FieldErrors } from "../../errors";

type QuestionRow = typeof questions.$inferSelect;

/** Case-, accent- and spacing-insensitive form of a free-text answer. */
function normalizeText(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

export const correctChoiceIds = (q: Pick<QuestionRow, "choices">): string[] => q.choices.filter((c) => c.correct).map((c) => c.id);

/**
 * Whether a question counts towards the maximum: a choice question needs at least one correct
 * choice, a FREE_TEXT question an expected text. Others are recorded but not scored.
 */
export function isScored(q: Pick<QuestionRow, "kind" | "choices" | "expectedText">): boolean {
  return q.kind === "FREE_TEXT" ? Boolean(q.expectedText && q.expectedText.trim()) : correctChoiceIds(q).length > 0;
}

/**
 * SINGLE_CHOICE and TRUE_FALSE: the one correct choice; MULTIPLE_CHOICE: exactly the set of
 * correct choices; FREE_TEXT: equal to the expected text once normalised.
 */
function isCorrect(q: QuestionRow, a: QuizAnswer): boolean {
  if (q.kind === "FREE_TEXT") return a.text !== undefined && normalizeText(a.text) === normalizeText(q.expectedText ?? "");
  const chosen = new Set(a.choiceIds ?? []);
  const expected = correctChoiceIds(q);
  return chosen.size === expected.length && expected.every((id) => chosen.has(id));
}

/**
 * The one score percentage, computed when an attempt is scored and shown as stored everywhere
 * (feedback, activity, statistics, exports): rounded to the nearest (2/3 -> 67), except that only
 * full marks make 100 and only no marks make 0 (199/200 -> 99, 1/300 -> 1). Nothing to score is 100.
 */
export function scorePercentage(score: number, maxScore: number): number {
  if (maxScore <= 0) return 100;
  const rounded = Math.round((score * 100) / maxScore);
  if (score >= maxScore) return 100;
  if (score <= 0) return 0;
  return Math.min(99, Math.max(1, rounded));
}

export type ScoreResult = { results: QuizAnswerResult[]; score: number; maxScore: number; percentage: number; passed: boolean };

/**
 * Scores answers server-side. Unknown question or choice ids and questions answered twice are
 * a 400 (`errors["answers.N.questionId"]`), returned as `errors`. Unanswered questions score 0.
 * `percentage` comes from scorePercentage; `passed` compares the exact ratio with the pass mark. A quiz
 * with nothing to score is 100 % and passed.
 */
export function scoreAnswers(qs: QuestionRow[], answers: QuizAnswer[], passMark: number): { errors: FieldErrors } | ScoreResult {
  const byId = new Map(qs.map((q) => [q.id, q]));
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  answers.forEach((a, i) => {
    const q = byId.get(a.questionId);
    if (!q) errors[`answers.${i}.questionId`] = ["Unknown question"];
    else if (seen.has(a.questionId)) errors[`answers.${i}.questionId`] = ["Question answered twice"];
    else if (a.choiceIds?.some((c) => !q.choices.some((choice) => choice.id === c))) errors[`answers.${i}.choiceIds`] = ["Unknown choice"];
    seen.add(a.questionId);
  });
  if (Object.keys(errors).length) return { errors };

  let score = 0;
  let maxScore = 0;
  const results = answers.map((a): QuizAnswerResult => {
    const q = byId.get(a.questionId)!;
    const scored = isScored(q);
    const correct = scored && isCorrect(q, a);
    const points = correct ? q.points : 0;
    score += points;
    return { questionId: a.questionId, ...(a.choiceIds ? { choiceIds: [...new Set(a.choiceIds)] } : {}), ...(a.text !== undefined ? { text: a.text } : {}), correct, points };
  });
  for (const q of qs) if (isScored(q)) maxScore += q.points;
  const percentage = scorePercentage(score, maxScore);
  const passed = maxScore === 0 || score * 100 >= passMark * maxScore;
  return { results, score, maxScore, percentage, passed };
}
