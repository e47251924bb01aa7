"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import { useI18n } from "@/lib/i18n/client";
import { formatDate } from "./format";
import type { QuizFeedback } from "./types";
import styles from "./learn.module.css";

/** The corrected attempt: score, passed or not, and per question the answer given, the correct one and the explanation. */
export function QuizFeedbackView({ feedback: f }: { feedback: QuizFeedback }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  return (
    <section className={styles.quizFeedback} aria-labelledby="quiz-feedback-title">
      <div className={f.passed ? `${styles.quizResult} ${styles.quizResultPassed}` : `${styles.quizResult} ${styles.quizResultFailed}`}>
        <h2 id="quiz-feedback-title">{f.passed ? t("learnQuiz.passed") : t("learnQuiz.failed", { passMark: f.passMark })}</h2>
        <p className={styles.quizScore}>{t("learnQuiz.result", { score: f.score, max: f.maxScore, percent: f.percentage })}</p>
        <p className="muted">{t("learnQuiz.lastAttempt", { date: formatDate(f.submittedAt, locale, timeZone, true) })}</p>
      </div>
      <h3 className="section-title">{t("learnQuiz.feedbackTitle")}</h3>
      <ol className={styles.quizQuestions}>
        {f.questions.map((q, i) => {
          const chosen = new Set(q.answer?.choiceIds ?? []);
          const correctLabels = q.choices.filter((c) => c.correct).map((c) => c.label);
          const verdict = q.correct === null ? "neutral" : q.correct ? "correct" : "incorrect";
          return (
            <li key={q.questionId} className={`${styles.feedbackQuestion} ${styles[`feedback-${verdict}`]}`}>
              <p className={styles.quizQuestionNumber}>
                {t("learnQuiz.question", { n: i + 1 })} · {t("learnQuiz.pointsAwarded", { awarded: q.pointsAwarded, points: q.points })}
              </p>
              <p className={styles.quizPrompt}>{q.prompt}</p>
              <p className={`${styles.feedbackVerdict} ${styles[`feedback-verdict-${verdict}`]}`}>
                <span aria-hidden="true">{verdict === "correct" ? "✓ " : verdict === "incorrect" ? "✗ " : ""}</span>
                {verdict === "correct" ? t("learnQuiz.correct") : verdict === "incorrect" ? t("learnQuiz.incorrect") : t("learnQuiz.notScored")}
              </p>
              {q.kind === "FREE_TEXT" ? (
                <>
                  <p>{t("learnQuiz.given", { answer: q.answer?.text?.trim() || t("learnQuiz.noAnswer") })}</p>
                  {q.expectedText ? <p>{t("learnQuiz.expected", { answer: q.expectedText })}</p> : null}
                </>
              ) : (
                <ul className={styles.feedbackChoices}>
                  {q.choices.map((c) => {
                    const picked = chosen.has(c.id);
                    return (
                      <li key={c.id} className={c.correct ? `${styles.feedbackChoice} ${styles.feedbackChoiceCorrect}` : picked ? `${styles.feedbackChoice} ${styles.feedbackChoiceWrong}` : styles.feedbackChoice}>
                        <span>{c.label}</span>
                        <span className={styles.feedbackTags}>
                          {picked ? <span className={`${styles.tag} ${styles.tagPicked}`}>{t("learnQuiz.yourAnswer")}</span> : null}
                          {c.correct ? <span className={`${styles.tag} ${styles.tagCorrect}`}>{t("learnQuiz.correctChoice")}</span> : null}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              )}
              {q.kind !== "FREE_TEXT" && !q.answer ? <p className="muted">{t("learnQuiz.noAnswer")}</p> : null}
              {q.correct === false && correctLabels.length ? <p className="visually-hidden">{t("learnQuiz.correctAnswer", { answer: correctLabels.join(", ") })}</p> : null}
              {q.explanation ? (
                <div className={styles.feedbackExplanation}>
                  <p className={styles.feedbackExplanationTitle}>{t("learnQuiz.explanation")}</p>
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
