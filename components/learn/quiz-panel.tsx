"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { QuizFeedbackView } from "./quiz-feedback";
import { QuizForm, type QuizAnswer } from "./quiz-form";
import type { LessonView } from "./types";
import { Loading } from "@/components/ui/skeleton";

/**
 * A QUIZ lesson: the form, or after an attempt its correction (quiz-feedback, 404 while there
 * is none). Submitting scores on the server; a passed attempt completes the lesson.
 */
export function QuizPanel({ enrollmentId, lesson, canAnswer, onSubmitted }: { enrollmentId: string; lesson: LessonView; canAnswer: boolean; onSubmitted: () => Promise<unknown> }) {
  const t = useT();
  const trpc = useTRPC();
  const [retaking, setRetaking] = useState(false);
  const feedback = useQuery({ ...trpc.enrollments.quizFeedback.queryOptions({ id: enrollmentId, lessonId: lesson.id }), retry: false, staleTime: 0 });
  const submit = useMutation(trpc.enrollments.submitQuiz.mutationOptions());
  const questionnaire = lesson.questionnaire;

  if (!questionnaire || questionnaire.questions.length === 0) return <p className="muted">{t("learnQuiz.noQuestionnaire")}</p>;
  if (feedback.isPending) {
    return <Loading shape="page" />;
  }
  const noAttempt = feedback.isError && errorInfo(feedback.error).status === 404;
  if (feedback.isError && !noAttempt) return <Alert kind="error">{errorMessage(feedback.error, t)}</Alert>;

  async function send(answers: QuizAnswer[]) {
    await submit.mutateAsync({ id: enrollmentId, lessonId: lesson.id, answers });
    await feedback.refetch();
    setRetaking(false);
    await onSubmitted();
  }

  if (feedback.data && !retaking) {
    return (
      <div className="stack" aria-live="polite">
        <QuizFeedbackView feedback={feedback.data.data} />
        {canAnswer ? (
          <div className="form-actions">
            <button type="button" className="btn btn-secondary" onClick={() => { submit.reset(); setRetaking(true); }}>
              {t("learnQuiz.retry")}
            </button>
          </div>
        ) : null}
      </div>
    );
  }
  if (!canAnswer) return <Alert kind="info">{t("learnPlayer.notActive")}</Alert>;
  return (
    <>
      <p className="muted">{t("learnPlayer.quizHint")}</p>
      <QuizForm
        key={retaking ? "retake" : "first"}
        questionnaire={questionnaire}
        busy={submit.isPending}
        error={submit.isError ? errorMessage(submit.error, t) : null}
        onSubmit={(answers) => void send(answers).catch(() => undefined)}
      />
    </>
  );
}
