"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { LESSON_KINDS } from "@/server/contracts/courses";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { QuestionnaireSummary } from "../course-types";
import shared from "../shared.module.css";
import styles from "../outline.module.css";

type Kind = (typeof LESSON_KINDS)[number];
const NEW_QUIZ = "__new__";

/**
 * Adds a lesson at the end of a module. A QUIZ lesson needs a questionnaire: an existing one of
 * the course, or a new empty QUIZ questionnaire named after the lesson (questions are written
 * in the lesson's editor).
 */
export function AddLessonForm({
  courseId,
  moduleId,
  moduleTitle,
  questionnaires,
  onAdded,
}: {
  courseId: string;
  moduleId: string;
  moduleTitle: string;
  questionnaires: QuestionnaireSummary[];
  onAdded: (title: string) => Promise<void>;
}) {
  const t = useT();
  const trpc = useTRPC();
  const id = useId();
  const [title, setTitle] = useState("");
  const [kind, setKind] = useState<Kind>("TEXT");
  const [questionnaireId, setQuestionnaireId] = useState(NEW_QUIZ);
  const [error, setError] = useState<string | null>(null);
  const createLesson = useMutation(trpc.courseContent.createLesson.mutationOptions());
  const createQuestionnaire = useMutation(trpc.courseContent.createQuestionnaire.mutationOptions());
  const busy = createLesson.isPending || createQuestionnaire.isPending;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = title.trim();
    if (!value) return setError(t("errors.required"));
    setError(null);
    try {
      let linked: string | undefined;
      if (kind === "QUIZ") {
        linked = questionnaireId !== NEW_QUIZ ? questionnaireId : (await createQuestionnaire.mutateAsync({ id: courseId, title: value, kind: "QUIZ", passMark: 50, questions: [] })).data.id;
      }
      await createLesson.mutateAsync({ id: courseId, moduleId, title: value, kind, ...(linked ? { questionnaireId: linked } : {}) });
      setTitle("");
      await onAdded(value);
    } catch (e) {
      setError(errorMessage(e, t));
    }
  }

  return (
    <form className={`${shared.addForm} add-lesson`} onSubmit={onSubmit} noValidate aria-label={`${t("creatorOutline.addLesson")} — ${moduleTitle}`}>
      <div className={`field ${shared.addLessonTitle}`}>
        <label htmlFor={`${id}-title`}>{t("creatorOutline.newLessonTitle")}</label>
        <input id={`${id}-title`} className="input" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-kind`}>{t("creatorOutline.lessonKind")}</label>
        <select id={`${id}-kind`} className="select" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          {LESSON_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`creatorEnums.${k}`)}
            </option>
          ))}
        </select>
      </div>
      {kind === "QUIZ" ? (
        <div className="field">
          <label htmlFor={`${id}-quiz`}>{t("creatorOutline.questionnaire")}</label>
          <select id={`${id}-quiz`} className="select" value={questionnaireId} onChange={(e) => setQuestionnaireId(e.target.value)}>
            <option value={NEW_QUIZ}>{t("creatorOutline.newQuestionnaire")}</option>
            {questionnaires.map((q) => (
              <option key={q.id} value={q.id}>
                {q.title} ({t(`creatorEnums.${q.kind}`)})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className="btn btn-secondary add-lesson-submit" disabled={busy}>
        {t("creatorOutline.addLesson")}
      </button>
      {error ? (
        <p id={`${id}-error`} className={`field-error ${styles.addFormError}`}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
