"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import type { FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { CourseDetailsFields } from "../course-details-fields";
import { readDetails } from "../course-details-values";
import type { CourseDetail } from "../course-types";
import { BannerField } from "./banner-field";
import styles from "../shared.module.css";
import { SubmitButton } from "@/components/ui/submit-button";

/** Title, description, price (euros, sent in cents), currency, duration, level, format, language, tags; and the banner. */
export function DetailsPanel({ course, readOnly, onSaved }: { course: CourseDetail; readOnly: boolean; onSaved: () => Promise<void> }) {
  const t = useT();
  const trpc = useTRPC();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const update = useMutation(trpc.courses.update.mutationOptions({ onError: (e) => setErrors(errorInfo(e).fields) }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const read = readDetails(event.currentTarget, t);
    if ("errors" in read) return setErrors(read.errors);
    setErrors({});
    try {
      await update.mutateAsync({ id: course.id, ...read.values });
      setSaved(true);
      await onSaved();
    } catch {
      // Shown below.
    }
  }

  const hasFieldErrors = Object.keys(errors).length > 0;
  return (
    <div className="stack">
      <form className={`form card ${styles.builderCard}`} onSubmit={onSubmit} noValidate aria-labelledby="details-title">
        <h2 id="details-title">{t("creatorDetails.legend")}</h2>
        <div aria-live="polite" className="stack">
          {saved ? <Alert kind="success">{t("creatorDetails.saved")}</Alert> : null}
          {hasFieldErrors ? <Alert kind="error">{t("errors.formHasErrors")}</Alert> : null}
          {update.isError && !hasFieldErrors ? <Alert kind="error">{errorMessage(update.error, t)}</Alert> : null}
        </div>
        <CourseDetailsFields defaults={course} errors={errors} disabled={readOnly} />
        {readOnly ? null : (
          <div className="form-actions">
            <SubmitButton pending={update.isPending} label={t("creatorDetails.save")} />
          </div>
        )}
      </form>
      <BannerField course={course} readOnly={readOnly} onSaved={onSaved} />
    </div>
  );
}
