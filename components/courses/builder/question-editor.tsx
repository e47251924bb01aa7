"use client";

import { useId } from "react";
import { QUESTION_KINDS } from "@/server/contracts/courses";
import { useT } from "@/lib/i18n/client";
import { addChoice, withKind, type ChoiceDraft, type QuestionDraft, type QuestionKind } from "./quiz-draft";
import styles from "../quiz-editor.module.css";

type Props = {
  question: QuestionDraft;
  index: number;
  count: number;
  scored: boolean;
  disabled: boolean;
  errors: (field: string) => string[] | undefined;
  onChange: (next: QuestionDraft) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
};

/** One question: kind, prompt, choices with the correct one(s) (or the expected text), explanation, points. */
export function QuestionEditor({ question: q, index, count, scored, disabled, errors, onChange, onMove, onRemove }: Props) {
  const t = useT();
  const id = useId();
  const n = index + 1;
  const set = (patch: Partial<QuestionDraft>) => onChange({ ...q, ...patch });
  const setChoice = (key: string, patch: Partial<ChoiceDraft>) =>
    onChange({
      ...q,
      // One correct answer for single choice and true/false: picking one clears the others.
      choices: q.choices.map((c) => (c.key === key ? { ...c, ...patch } : patch.correct && q.kind !== "MULTIPLE_CHOICE" ? { ...c, correct: false } : c)),
    });
  const choiceErrors = errors("choices") ?? errors("correctAnswer");
  const single = q.kind !== "MULTIPLE_CHOICE";

  return (
    <fieldset className={styles.question} disabled={disabled} aria-describedby={choiceErrors ? `${id}-choices-error` : undefined}>
      <legend>{t("creatorQuiz.question", { n })}</legend>
      <div className={styles.questionTools}>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onMove(index - 1)} disabled={index === 0} aria-label={t("creatorQuiz.moveQuestionUp", { n })}>
          <span aria-hidden="true">↑</span>
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onMove(index + 1)} disabled={index === count - 1} aria-label={t("creatorQuiz.moveQuestionDown", { n })}>
          <span aria-hidden="true">↓</span>
        </button>
        <button type="button" className="btn btn-ghost btn-sm btn-danger-text" onClick={onRemove}>
          {t("creatorQuiz.delete")}
          <span className="visually-hidden"> {t("creatorQuiz.question", { n })}</span>
        </button>
      </div>
      <div className="form-row question-head">
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t("creatorQuiz.questionKind")}</label>
          <select id={`${id}-kind`} className="select" value={q.kind} onChange={(e) => onChange(withKind(q, e.target.value as QuestionKind))}>
            {QUESTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`creatorEnums.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {scored ? (
          <div className={`field ${styles.fieldNarrow}`}>
            <label htmlFor={`${id}-points`}>{t("creatorQuiz.points")}</label>
            <input id={`${id}-points`} className="input" type="number" min={0} max={100} value={q.points} onChange={(e) => set({ points: Math.max(0, Math.min(100, Number.parseInt(e.target.value, 10) || 0)) })} />
          </div>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-prompt`}>{t("creatorQuiz.prompt")}</label>
        <textarea id={`${id}-prompt`} className="input input-prose" rows={2} value={q.prompt} maxLength={2000} onChange={(e) => set({ prompt: e.target.value })} aria-invalid={errors("prompt") ? true : undefined} />
        {errors("prompt") ? <p className="field-error">{errors("prompt")!.join(" ")}</p> : null}
      </div>

      {q.kind === "FREE_TEXT" ? (
        scored ? (
          <div className="field">
            <label htmlFor={`${id}-expected`}>{t("creatorQuiz.expectedText")}</label>
            <input id={`${id}-expected`} className="input" value={q.expectedText} maxLength={500} onChange={(e) => set({ expectedText: e.target.value })} aria-describedby={`${id}-expected-hint`} />
            <p id={`${id}-expected-hint`} className="field-hint">
              {t("creatorQuiz.expectedTextHint")}
            </p>
          </div>
        ) : null
      ) : q.kind === "TRUE_FALSE" && q.choices.length !== 2 ? (
        <div className={styles.choices} role="radiogroup" aria-label={t("creatorQuiz.correctAnswer")}>
          <span className="field-label">{t("creatorQuiz.correctAnswer")}</span>
          {scored
            ? [true, false].map((value) => (
                <label key={String(value)} className={`checkbox ${styles.choiceCheck}`}>
                  <input type="radio" name={`${id}-truth`} checked={q.truth === value} onChange={() => set({ truth: value })} />
                  <span>{value ? t("creatorQuiz.trueLabel") : t("creatorQuiz.falseLabel")}</span>
                </label>
              ))
            : null}
        </div>
      ) : (
        <div className={styles.choices}>
          <span className="field-label">{t("creatorQuiz.choices")}</span>
          <ol className={styles.choiceList}>
            {q.choices.map((c, ci) => (
              <li key={c.key} className={styles.choiceRow}>
                {scored ? (
                  <label className={styles.choiceCorrect}>
                    <input
                      type={single ? "radio" : "checkbox"}
                      name={`${id}-correct`}
                      checked={c.correct}
                      onChange={(e) => setChoice(c.key, { correct: single ? true : e.target.checked })}
                      aria-label={`${t("creatorQuiz.correct")} — ${t("creatorQuiz.choice", { n: ci + 1 })}`}
                    />
                    <span aria-hidden="true">{t("creatorQuiz.correct")}</span>
                  </label>
                ) : null}
                <label className="visually-hidden" htmlFor={`${id}-choice-${c.key}`}>
                  {t("creatorQuiz.choice", { n: ci + 1 })}
                </label>
                <input
                  id={`${id}-choice-${c.key}`}
                  className="input"
                  value={c.label}
                  maxLength={500}
                  readOnly={q.kind === "TRUE_FALSE"}
                  placeholder={t("creatorQuiz.choice", { n: ci + 1 })}
                  onChange={(e) => setChoice(c.key, { label: e.target.value })}
                />
                {q.kind === "TRUE_FALSE" ? null : (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => set({ choices: q.choices.filter((x) => x.key !== c.key) })} aria-label={t("creatorQuiz.removeChoice", { n: ci + 1 })}>
                    <span aria-hidden="true">✕</span>
                  </button>
                )}
              </li>
            ))}
          </ol>
          {q.kind === "TRUE_FALSE" ? null : (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange(addChoice(q))}>
              {t("creatorQuiz.addChoice")}
            </button>
          )}
        </div>
      )}
      {choiceErrors ? (
        <p id={`${id}-choices-error`} className="field-error">
          {choiceErrors.join(" ")}
        </p>
      ) : null}
      {scored ? (
        <div className="field">
          <label htmlFor={`${id}-explanation`}>{t("creatorQuiz.explanation")}</label>
          <textarea id={`${id}-explanation`} className="input input-prose" rows={2} value={q.explanation} maxLength={2000} onChange={(e) => set({ explanation: e.target.value })} aria-describedby={`${id}-explanation-hint`} />
          <p id={`${id}-explanation-hint`} className="field-hint">
            {t("creatorQuiz.explanationHint")}
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}
