"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { LESSON_KINDS } from "@/server/contracts/courses";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import type { FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { OutlineLesson, OutlineModule } from "../course-types";
import { MarkdownEditor } from "../markdown-editor";
import { TextareaField } from "@/components/ui/textarea-field";
import { LessonMediaField } from "./lesson-media-field";
import { QuizEditor, type QuizEditorHandle } from "./quiz-editor";
import shared from "../shared.module.css";
import styles from "../lesson-editor.module.css";
import { SubmitButton } from "@/components/ui/submit-button";

type Kind = (typeof LESSON_KINDS)[number];

/** A lesson's fields per kind: markdown for TEXT, link or upload for VIDEO / FILE / LIVE_SESSION, the questionnaire for QUIZ. */
export function LessonForm({
  courseId,
  lesson,
  modules,
  readOnly,
  onSaved,
  onClose,
}: {
  courseId: string;
  lesson: OutlineLesson;
  modules: OutlineModule[];
  readOnly: boolean;
  onSaved: () => Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const trpc = useTRPC();
  const quizRef = useRef<QuizEditorHandle>(null);
  const questionnaires = useQuery(trpc.courseContent.listQuestionnaires.queryOptions({ id: courseId }));
  const update = useMutation(trpc.courseContent.updateLesson.mutationOptions());
  const [title, setTitle] = useState(lesson.title);
  const [kind, setKind] = useState<Kind>(lesson.kind);
  const [moduleId, setModuleId] = useState(lesson.moduleId);
  const [duration, setDuration] = useState(lesson.durationMinutes?.toString() ?? "");
  const [content, setContent] = useState(lesson.content);
  const [mediaId, setMediaId] = useState(lesson.mediaId);
  const [mediaUrl, setMediaUrl] = useState(lesson.mediaUrl ?? "");
  const [questionnaireId, setQuestionnaireId] = useState(lesson.questionnaireId ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const found: FieldErrors = {};
    if (!title.trim()) found.title = [t("errors.required")];
    const minutes = duration.trim() === "" ? null : Number(duration);
    if (minutes !== null && (!Number.isInteger(minutes) || minutes < 0)) found.durationMinutes = [t("errors.invalid")];
    if (kind === "QUIZ" && !questionnaireId) found.questionnaireId = [t("errors.required")];
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      if (kind === "QUIZ" && questionnaireId === lesson.questionnaireId && quizRef.current) {
        const ok = await quizRef.current.save();
        if (!ok) return;
      }
      await update.mutateAsync({
        id: courseId,
        lessonId: lesson.id,
        title: title.trim(),
        kind,
        content,
        durationMinutes: minutes,
        mediaId: kind === "VIDEO" || kind === "FILE" ? mediaId : null,
        mediaUrl: kind === "TEXT" || kind === "QUIZ" || !mediaUrl.trim() ? null : mediaUrl.trim(),
        questionnaireId: kind === "QUIZ" ? questionnaireId : null,
        ...(moduleId !== lesson.moduleId ? { moduleId } : {}),
      });
      setNotice({ kind: "success", text: t("creatorLesson.saved") });
      await onSaved();
    } catch (e) {
      setErrors(errorInfo(e).fields);
      setNotice({ kind: "error", text: errorMessage(e, t) });
    }
  }

  const quizzes = questionnaires.data?.data ?? [];
  return (
    <form className={`form ${styles.dialogEditorBody}`} onSubmit={onSubmit} noValidate>
      <fieldset disabled={readOnly} className={shared.fieldsetPlain}>
        <TextField name="title" label={t("creatorLesson.title")} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} required errors={errors.title} />
        <div className="form-row">
          <SelectField name="kind" label={t("creatorLesson.kind")} value={kind} onChange={(e) => setKind(e.target.value as Kind)} options={LESSON_KINDS.map((k) => ({ value: k, label: t(`creatorEnums.${k}`) }))} errors={errors.kind} />
          <SelectField name="moduleId" label={t("creatorLesson.module")} value={moduleId} onChange={(e) => setModuleId(e.target.value)} options={modules.map((m) => ({ value: m.id, label: m.title }))} errors={errors.moduleId} />
          <TextField name="durationMinutes" label={t("creatorLesson.duration")} type="number" min={0} inputMode="numeric" value={duration} onChange={(e) => setDuration(e.target.value)} errors={errors.durationMinutes} />
        </div>
        {kind === "TEXT" ? <MarkdownEditor name="content" label={t("creatorLesson.content")} value={content} onChange={setContent} rows={14} errors={errors.content} /> : null}
        {kind === "VIDEO" || kind === "FILE" || kind === "LIVE_SESSION" ? (
          <>
            <LessonMediaField kind={kind} mediaId={mediaId} mediaUrl={mediaUrl} urlErrors={errors.mediaUrl ?? errors.mediaId} disabled={readOnly} onMediaId={setMediaId} onMediaUrl={setMediaUrl} />
            <TextareaField name="content" label={t("creatorLesson.notes")} value={content} onChange={(e) => setContent(e.target.value)} rows={4} errors={errors.content} />
          </>
        ) : null}
        {kind === "QUIZ" ? (
          <SelectField
            name="questionnaireId"
            label={t("creatorLesson.quiz")}
            value={questionnaireId}
            onChange={(e) => setQuestionnaireId(e.target.value)}
            options={[{ value: "", label: "—" }, ...quizzes.map((q) => ({ value: q.id, label: `${q.title} (${t(`creatorEnums.${q.kind}`)})` }))]}
            errors={errors.questionnaireId}
          />
        ) : null}
      </fieldset>
      {kind === "QUIZ" && questionnaireId && questionnaireId === lesson.questionnaireId ? (
        <section className={styles.lessonQuiz} aria-label={t("creatorLesson.quiz")}>
          <QuizEditor ref={quizRef} courseId={courseId} questionnaireId={questionnaireId} readOnly={readOnly} embedded onSaved={async () => undefined} />
        </section>
      ) : null}
      <div aria-live="polite">{notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}</div>
      <div className={`dialog-actions ${styles.dialogEditorActions}`}>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t("creatorLesson.close")}
        </button>
        {readOnly ? null : (
          <SubmitButton pending={update.isPending} label={t("creatorLesson.save")} />
        )}
      </div>
    </form>
  );
}
