"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useImperativeHandle, useState, type Ref } from "react";
import { QUESTIONNAIRE_KINDS } from "@/server/contracts/courses";
import { one } from "@/server/contracts/envelope";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import type { FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { Questionnaire } from "../course-types";
import { moveId } from "./outline-order";
import { QuestionEditor } from "./question-editor";
import { blankQuestion, draftErrors, fromServer, toInput, type QuestionDraft } from "./quiz-draft";
import styles from "../quiz-editor.module.css";

type Kind = (typeof QUESTIONNAIRE_KINDS)[number];
export type QuizEditorHandle = { save: () => Promise<boolean> };

/**
 * A questionnaire's settings (title, kind, pass mark) and its questions. Saving checks the
 * question rules first (the same as the server's 422), then PATCHes the settings and PUTs the
 * whole question list. `embedded` hides the save button: the lesson editor calls save().
 */
type Props = {
  courseId: string;
  questionnaireId: string;
  readOnly: boolean;
  embedded?: boolean;
  onSaved: () => Promise<void>;
  ref?: Ref<QuizEditorHandle>;
};

export function QuizEditor(props: Props) {
  const t = useT();
  const trpc = useTRPC();
  const query = useQuery(trpc.courseContent.getQuestionnaire.queryOptions({ id: props.courseId, questionnaireId: props.questionnaireId }));
  if (query.isPending) return <p className="muted">{t("creatorQuiz.loading")}</p>;
  if (query.isError) return <Alert kind="error">{errorMessage(query.error, t)}</Alert>;
  return <QuizForm key={props.questionnaireId} initial={query.data.data} {...props} />;
}

function QuizForm({ courseId, questionnaireId, readOnly, embedded, onSaved, ref, initial }: Props & { initial: Questionnaire }) {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.courseContent.updateQuestionnaire.mutationOptions());
  const replace = useMutation(trpc.courseContent.replaceQuestions.mutationOptions());
  const [loaded, setLoaded] = useState<Questionnaire>(initial);
  const [title, setTitle] = useState(initial.title);
  const [kind, setKind] = useState<Kind>(initial.kind);
  const [passMark, setPassMark] = useState(initial.passMark);
  const [questions, setQuestions] = useState<QuestionDraft[]>(() => fromServer(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [dirty, setDirty] = useState(false);
  const id = useId();

  function load(q: Questionnaire) {
    setLoaded(q);
    setTitle(q.title);
    setKind(q.kind);
    setPassMark(q.passMark);
    setQuestions(fromServer(q));
    setDirty(false);
  }

  const touch = () => {
    setDirty(true);
    setNotice(null);
  };

  async function save(): Promise<boolean> {
    setNotice(null);
    const found = draftErrors(kind, questions, t);
    if (!title.trim()) found.title = [t("errors.required")];
    setErrors(found);
    if (Object.keys(found).length) {
      setNotice({ kind: "error", text: t("creatorQuiz.hasErrors") });
      return false;
    }
    try {
      if (title.trim() !== loaded.title || kind !== loaded.kind || passMark !== loaded.passMark) {
        await update.mutateAsync({ id: courseId, questionnaireId, title: title.trim(), kind, passMark });
      }
      const { data: saved } = await replace.mutateAsync({ id: courseId, questionnaireId, questions: toInput(questions) });
      queryClient.setQueryData(trpc.courseContent.getQuestionnaire.queryKey({ id: courseId, questionnaireId }), one(saved));
      load(saved);
      setNotice({ kind: "success", text: t("creatorQuiz.questionsSaved") });
      await onSaved();
      return true;
    } catch (e) {
      const info = errorInfo(e);
      if (Object.keys(info.fields).length) setErrors(info.fields); // 400 (contract) or 422 (rule): both name the fields
      setNotice({ kind: "error", text: errorMessage(e, t) });
      return false;
    }
  }
  useImperativeHandle(ref, () => ({ save }));

  const scored = kind !== "SATISFACTION";
  const fieldErrors = (i: number) => (field: string) => errors[`questions.${i}.${field}`];
  const busy = update.isPending || replace.isPending;
  return (
    <div className="quiz-editor stack">
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-title`}>{t("creatorQuiz.name")}</label>
          <input id={`${id}-title`} className="input" value={title} maxLength={200} disabled={readOnly} onChange={(e) => { setTitle(e.target.value); touch(); }} aria-invalid={errors.title ? true : undefined} />
          {errors.title ? <p className="field-error">{errors.title.join(" ")}</p> : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t("creatorQuiz.kind")}</label>
          <select id={`${id}-kind`} className="select" value={kind} disabled={readOnly} onChange={(e) => { setKind(e.target.value as Kind); touch(); }}>
            {QUESTIONNAIRE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`creatorEnums.${k}`)}
              </option>
            ))}
          </select>
          {errors.kind ? <p className="field-error">{errors.kind.join(" ")}</p> : null}
        </div>
        {scored ? (
          <div className="field">
            <label htmlFor={`${id}-pass`}>{t("creatorQuiz.passMark")}</label>
            <input id={`${id}-pass`} className="input" type="number" min={0} max={100} value={passMark} disabled={readOnly} aria-describedby={`${id}-pass-hint`} onChange={(e) => { setPassMark(Math.max(0, Math.min(100, Number.parseInt(e.target.value, 10) || 0))); touch(); }} />
            <p id={`${id}-pass-hint`} className="field-hint">
              {t("creatorQuiz.passMarkHint")}
            </p>
          </div>
        ) : null}
      </div>
      <h3 className={styles.quizQuestionsTitle}>{t("creatorQuiz.questions")}</h3>
      {questions.length === 0 ? <p className="muted">{t("creatorQuiz.noQuestions")}</p> : null}
      {questions.map((q, i) => (
        <QuestionEditor
          key={q.key}
          question={q}
          index={i}
          count={questions.length}
          scored={scored}
          disabled={readOnly}
          errors={fieldErrors(i)}
          onChange={(next) => {
            setQuestions((list) => list.map((x) => (x.key === q.key ? next : x)));
            touch();
          }}
          onMove={(to) => {
            setQuestions((list) => {
              const order = moveId(list.map((x) => x.key), q.key, to);
              return order.map((k) => list.find((x) => x.key === k)!);
            });
            touch();
          }}
          onRemove={() => {
            setQuestions((list) => list.filter((x) => x.key !== q.key));
            touch();
          }}
        />
      ))}
      <div aria-live="polite" className="stack">
        {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : dirty ? <p className="muted">{t("creatorQuiz.unsaved")}</p> : null}
      </div>
      {readOnly ? null : (
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={() => { setQuestions((list) => [...list, blankQuestion()]); touch(); }}>
            {t("creatorQuiz.addQuestion")}
          </button>
          {embedded ? null : (
            <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={busy}>
              {busy ? t("common.saving") : t("creatorQuiz.saveQuestions")}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
