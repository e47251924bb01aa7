/** One quiz of an enrollment: its best percentage (null before the first attempt), attempts and whether any attempt passed. */
export type QuizScore = { bestPercentage: number | null; attempts: number; passed: boolean };

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * THE summary of an enrollment's quiz results (GET /enrollments/{id}/quiz-scores and the
 * creator's learners list): `average` is the mean of the best percentages and `passRate` the
 * percentage of passed quizzes, both over the attempted quizzes, one decimal (null when none).
 */
export function quizSummary(scores: QuizScore[]): { average: number | null; passRate: number | null } {
  const attempted = scores.filter((s) => s.attempts > 0);
  if (!attempted.length) return { average: null, passRate: null };
  return {
    average: round1(attempted.reduce((n, s) => n + (s.bestPercentage ?? 0), 0) / attempted.length),
    passRate: round1((attempted.filter((s) => s.passed).length * 100) / attempted.length),
  };
}
