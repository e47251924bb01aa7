"use client";

import { useQuery } from "@tanstack/react-query";
import { QuizFeedbackView } from "@/components/learn/quiz-feedback";
import { Alert } from "@/components/ui/alert";
import { Dialog } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";

export type FeedbackTarget = { enrollmentId: string; lessonId: string; learnerName: string };

/** A learner's last attempt at a quiz, corrected (GET /enrollments/{id}/quiz-feedback/{lessonId}), in a dialog. */
export function QuizFeedbackDialog({ target, onClose }: { target: FeedbackTarget | null; onClose: () => void }) {
  const t = useT();
  const trpc = useTRPC();
  const feedback = useQuery({
    ...trpc.enrollments.quizFeedback.queryOptions({ id: target?.enrollmentId ?? "", lessonId: target?.lessonId ?? "" }),
    enabled: target !== null,
  });
  return (
    <Dialog open={target !== null} onClose={onClose} title={target ? t("learners.feedbackTitle", { name: target.learnerName }) : ""} wide>
      {feedback.isPending ? <p aria-live="polite">{t("learners.feedbackLoading")}</p> : null}
      {feedback.isError ? <Alert kind="error">{errorMessage(feedback.error, t)}</Alert> : null}
      {feedback.data ? <QuizFeedbackView feedback={feedback.data.data} /> : null}
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t("common.close")}
        </button>
      </div>
    </Dialog>
  );
}
