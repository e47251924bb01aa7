"use client";

import { useMutation } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";

/** The learner's own "personalise my path" after their positioning test (POST /enrollments/{id}/adaptive-path). */
export function PersonalisePath({ enrollmentId, onDone }: { enrollmentId: string; onDone: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const generate = useMutation(trpc.adaptivePaths.generateLearnerPath.mutationOptions({ onSuccess: onDone }));
  return (
    <section className="card" aria-labelledby="personalise-path">
      <h2 id="personalise-path" className="card-title">
        {t("adaptivePlayer.title")}
      </h2>
      <p className="muted">{t("adaptivePlayer.available")}</p>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" disabled={generate.isPending} aria-busy={generate.isPending} onClick={() => generate.mutate({ id: enrollmentId })}>
          {generate.isPending ? t("common.loading") : t("adaptivePlayer.personalise")}
        </button>
      </div>
      {generate.isError ? <Alert kind="error">{errorMessage(generate.error, t)}</Alert> : null}
    </section>
  );
}
