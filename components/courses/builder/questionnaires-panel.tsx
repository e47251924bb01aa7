"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { QUESTIONNAIRE_KINDS } from "@/server/contracts/courses";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { useConfirm } from "./confirm-context";
import { QuizEditor } from "./quiz-editor";
import { Loading } from "@/components/ui/skeleton";
import shared from "../shared.module.css";
import styles from "../quiz-editor.module.css";
import { EmptyLine } from "@/components/ui/empty-state";

type Kind = (typeof QUESTIONNAIRE_KINDS)[number];

/** The course's questionnaires (quiz, positioning, satisfaction): list, create, edit, delete. */
export function QuestionnairesPanel({ courseId, readOnly, onChanged }: { courseId: string; readOnly: boolean; onChanged: () => Promise<void> }) {
  const t = useT();
  const trpc = useTRPC();
  const confirm = useConfirm();
  const id = useId();
  const list = useQuery(trpc.courseContent.listQuestionnaires.queryOptions({ id: courseId }));
  const create = useMutation(trpc.courseContent.createQuestionnaire.mutationOptions());
  const remove = useMutation(trpc.courseContent.deleteQuestionnaire.mutationOptions());
  const [editing, setEditing] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [kind, setKind] = useState<Kind>("QUIZ");
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!title.trim()) return setNotice({ kind: "error", text: `${t("creatorQuiz.name")} : ${t("errors.required")}` });
    setNotice(null);
    try {
      const { data } = await create.mutateAsync({ id: courseId, title: title.trim(), kind, questions: [] });
      setTitle("");
      setNotice({ kind: "success", text: t("creatorQuiz.created", { title: data.title }) });
      setEditing(data.id);
      await onChanged();
    } catch (e) {
      setNotice({ kind: "error", text: errorMessage(e, t) });
    }
  }

  async function onDelete(questionnaireId: string, name: string) {
    const ok = await confirm({ title: t("creatorQuiz.deleteTitle"), message: t("creatorQuiz.deleteMessage", { title: name }), confirmLabel: t("creatorQuiz.delete"), danger: true });
    if (!ok) return;
    setNotice(null);
    try {
      await remove.mutateAsync({ id: courseId, questionnaireId });
      if (editing === questionnaireId) setEditing(null);
      setNotice({ kind: "success", text: t("creatorQuiz.deleted") });
      await onChanged();
    } catch (e) {
      setNotice({ kind: "error", text: errorMessage(e, t) });
    }
  }

  if (list.isPending) return <Loading />;
  if (list.isError) return <Alert kind="error">{errorMessage(list.error, t)}</Alert>;
  const items = list.data.data;
  const current = items.find((q) => q.id === editing);

  return (
    <section className="stack" aria-labelledby="quizzes-title">
      <div>
        <h2 id="quizzes-title">{t("creatorQuiz.title")}</h2>
        <p className="muted">{t("creatorQuiz.intro")}</p>
      </div>
      <div aria-live="polite">{notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}</div>
      {items.length === 0 ? <EmptyLine>{t("creatorQuiz.empty")}</EmptyLine> : null}
      <ul className={styles.quizList}>
        {items.map((q) => (
          <li key={q.id} className={`${styles.quizItem}${q.id === editing ? ` ${styles.isCurrent}` : ""}`}>
            <div>
              <strong>{q.title}</strong>
              <span className={`muted ${styles.quizMeta}`}>
                {t(`creatorEnums.${q.kind}`)} · {t("creatorQuiz.questionCount", { count: q.questionCount })} · {t("creatorQuiz.usedBy", { count: q.lessonIds.length })}
              </span>
            </div>
            <span className={shared.itemActions}>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(q.id)} aria-label={t("creatorQuiz.editNamed", { title: q.title })} aria-pressed={q.id === editing}>
                {t("creatorQuiz.edit")}
              </button>
              {readOnly ? null : (
                <button type="button" className="btn btn-ghost btn-sm btn-danger-text" onClick={() => void onDelete(q.id, q.title)}>
                  {t("creatorQuiz.delete")}
                  <span className="visually-hidden"> {q.title}</span>
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {current ? (
        <section className={`card ${shared.builderCard}`} aria-labelledby="quiz-editor-title">
          <div className="panel-head">
            <h3 id="quiz-editor-title">{current.title}</h3>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(null)}>
              {t("creatorQuiz.back")}
            </button>
          </div>
          <QuizEditor courseId={courseId} questionnaireId={current.id} readOnly={readOnly} onSaved={onChanged} />
        </section>
      ) : null}
      {readOnly ? null : (
        <form className={`${shared.addForm} add-quiz`} onSubmit={onCreate} noValidate aria-label={t("creatorQuiz.add")}>
          <div className={`field ${shared.addLessonTitle}`}>
            <label htmlFor={`${id}-title`}>{t("creatorQuiz.name")}</label>
            <input id={`${id}-title`} className="input" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-kind`}>{t("creatorQuiz.kind")}</label>
            <select id={`${id}-kind`} className="select" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
              {QUESTIONNAIRE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`creatorEnums.${k}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {t("creatorQuiz.create")}
          </button>
        </form>
      )}
    </section>
  );
}
