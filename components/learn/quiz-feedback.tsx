"use client";

import { useI18n } from "@/lib/i18n/client";
import { formatDate } from "./format";
import type { QuizFeedback } from "./types";

/** The corrected attempt: score, passed or not, and per question the answer given, the correct one and the explanation. */
export function QuizFeedbackView({ feedback: f }: { feedback: QuizFeedback }) {
  const { t, locale } = useI18n();
  return (
    <section className="quiz-feedback" aria-labelledby="quiz-feedback-title">
      <div className={f.passed ? "quiz-result quiz-result-passed" : "quiz-result quiz-result-failed"}>
        <h2 id="quiz-feedback-title">{f.passed ? t("learnQuiz.passed") : t("learnQuiz.failed", { passMark: f.passMark })}</h2>
        <p className="quiz-score">{t("learnQuiz.result", { score: f.score, max: f.maxScore, percent: f.percentage })}</p>
        <p className="muted">{t("learnQuiz.lastAttempt", { date: formatDate(f.submittedAt, locale, true) })}</p>
      </div>
      <h3 className="section-title">{t("learnQuiz.feedbackTitle")}</h3>
      <ol className="quiz-questions">
        {f.questions.map((q, i) => {
          const chosen = new Set(q.answer?.choiceIds ?? []);
          const correctLabels = q.choices.filter((c) => c.correct).map((c) => c.label);
          const verdict = q.correct === null ? "neutral" : q.correct ? "correct" : "incorrect";
          return (
            <li key={q.questionId} className={`feedback-question feedback-${verdict}`}>
              <p className="quiz-question-number">
                {t("learnQuiz.question", { n: i + 1 })} · {t("learnQuiz.pointsAwarded", { awarded: q.pointsAwarded, points: q.points })}
              </p>
              <p className="quiz-prompt">{q.prompt}</p>
              <p className={`feedback-verdict feedback-verdict-${verdict}`}>
                <span aria-hidden="true">{verdict === "correct" ? "✓ " : verdict === "incorrect" ? "✗ " : ""}</span>
                {verdict === "correct" ? t("learnQuiz.correct") : verdict === "incorrect" ? t("learnQuiz.incorrect") : t("learnQuiz.notScored")}
              </p>
              {q.kind === "FREE_TEXT" ? (
                <>
                  <p>{t("learnQuiz.given", { answer: q.answer?.text?.trim() || t("learnQuiz.noAnswer") })}</p>
                  {q.expectedText ? <p>{t("learnQuiz.expected", { answer: q.expectedText })}</p> : null}
                </>
              ) : (
                <ul className="feedback-choices">
                  {q.choices.map((c) => {
                    const picked = chosen.has(c.id);
                    return (
                      <li key={c.id} className={c.correct ? "feedback-choice feedback-choice-correct" : picked ? "feedback-choice feedback-choice-wrong" : "feedback-choice"}>
                        <span>{c.label}</span>
                        <span className="feedback-tags">
                          {picked ? <span className="tag tag-picked">{t("learnQuiz.yourAnswer")}</span> : null}
                          {c.correct ? <span className="tag tag-correct">{t("learnQuiz.correctChoice")}</span> : null}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              )}
              {q.kind !== "FREE_TEXT" && !q.answer ? <p className="muted">{t("learnQuiz.noAnswer")}</p> : null}
              {q.correct === false && correctLabels.length ? <p className="visually-hidden">{t("learnQuiz.correctAnswer", { answer: correctLabels.join(", ") })}</p> : null}
              {q.explanation ? (
                <div className="feedback-explanation">
                  <p className="feedback-explanation-title">{t("learnQuiz.explanation")}</p>
                  <p>{q.explanation}</p>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
