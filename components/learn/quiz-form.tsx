"use client";

import { useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { useT } from "@/lib/i18n/client";
import type { LearnerQuestion, LessonView } from "./types";
import styles from "./learn.module.css";

export type QuizAnswer = { questionId: string; choiceIds?: string[]; text?: string };
type Draft = Record<string, { choiceIds: string[]; text: string }>;

const answered = (q: LearnerQuestion, d: Draft[string] | undefined) => (q.kind === "FREE_TEXT" ? Boolean(d?.text.trim()) : Boolean(d?.choiceIds.length));

/** The questions of a quiz (no answers known here); every question must be answered before sending. */
export function QuizForm({
  questionnaire,
  busy,
  error,
  onSubmit,
}: {
  questionnaire: NonNullable<LessonView["questionnaire"]>;
  busy: boolean;
  error: string | null;
  onSubmit: (answers: QuizAnswer[]) => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState<Draft>({});
  const [missing, setMissing] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const questions = questionnaire.questions;

  const set = (id: string, next: Partial<Draft[string]>) =>
    setDraft((d) => ({ ...d, [id]: { choiceIds: d[id]?.choiceIds ?? [], text: d[id]?.text ?? "", ...next } }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const unanswered = questions.filter((q) => !answered(q, draft[q.id])).map((q) => q.id);
    setMissing(unanswered);
    if (unanswered.length) {
      formRef.current?.querySelector<HTMLElement>(`#q-${unanswered[0]} input, #q-${unanswered[0]} textarea`)?.focus();
      return;
    }
    onSubmit(
      questions.map((q) => (q.kind === "FREE_TEXT" ? { questionId: q.id, text: draft[q.id]!.text.trim() } : { questionId: q.id, choiceIds: draft[q.id]!.choiceIds })),
    );
  }

  return (
    <form ref={formRef} className={styles.quiz} onSubmit={submit} noValidate aria-label={questionnaire.title}>
      <p className="muted">{t("learnQuiz.intro", { count: questions.length, passMark: questionnaire.passMark })}</p>
      <ol className={styles.quizQuestions}>
        {questions.map((q, i) => {
          const d = draft[q.id];
          const isMissing = missing.includes(q.id) && !answered(q, d);
          const multiple = q.kind === "MULTIPLE_CHOICE";
          return (
            <li key={q.id}>
              <fieldset id={`q-${q.id}`} className={styles.quizQuestion} aria-invalid={isMissing || undefined} aria-describedby={isMissing ? `q-${q.id}-error` : undefined}>
                <legend>
                  <span className={styles.quizQuestionNumber}>
                    {t("learnQuiz.question", { n: i + 1 })} · {t("learnQuiz.points", { count: q.points })}
                  </span>
                  <span className={styles.quizPrompt}>{q.prompt}</span>
                </legend>
                {q.kind === "FREE_TEXT" ? (
                  <div className="field">
                    <label htmlFor={`q-${q.id}-text`}>{t("learnQuiz.yourAnswer")}</label>
                    <textarea id={`q-${q.id}-text`} className="input" rows={3} value={d?.text ?? ""} onChange={(e) => set(q.id, { text: e.target.value })} />
                  </div>
                ) : (
                  <>
                    <p className={styles.quizHint}>{multiple ? t("learnQuiz.chooseMany") : t("learnQuiz.chooseOne")}</p>
                    <div className={styles.quizChoices}>
                      {q.choices.map((c) => {
                        const checked = d?.choiceIds.includes(c.id) ?? false;
                        return (
                          <label key={c.id} className={styles.quizChoice} data-checked={checked}>
                            <input
                              type={multiple ? "checkbox" : "radio"}
                              name={`q-${q.id}`}
                              value={c.id}
                              checked={checked}
                              onChange={(e) =>
                                set(q.id, {
                                  choiceIds: multiple
                                    ? e.target.checked
                                      ? [...(d?.choiceIds ?? []), c.id]
                                      : (d?.choiceIds ?? []).filter((x) => x !== c.id)
                                    : [c.id],
                                })
                              }
                            />
                            <span>{c.label}</span>
                          </label>
                        );
                      })}
                    </div>
                  </>
                )}
                {isMissing ? (
                  <p id={`q-${q.id}-error`} className="field-error">
                    {t("errors.required")}
                  </p>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div aria-live="polite">
        {missing.length && questions.some((q) => missing.includes(q.id) && !answered(q, draft[q.id])) ? (
          <Alert kind="error">{t("learnQuiz.unanswered", { count: questions.filter((q) => missing.includes(q.id) && !answered(q, draft[q.id])).length })}</Alert>
        ) : null}
        {error ? <Alert kind="error">{error}</Alert> : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t("learnQuiz.submitting") : t("learnQuiz.submit")}
        </button>
      </div>
    </form>
  );
}
