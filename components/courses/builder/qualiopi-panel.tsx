"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { courseFieldShape, QUALIOPI_TEXT_FIELDS } from "@/server/contracts/courses";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { MessageKey } from "@/messages";
import type { CourseDetail } from "../course-types";
import { TextareaField } from "@/components/ui/textarea-field";
import { FIELD_INDICATOR } from "./publication-labels";
import styles from "../shared.module.css";
import { SubmitButton } from "@/components/ui/submit-button";

const ZQualiopi = z.object(courseFieldShape).pick({
  pedagogicalObjectives: true,
  prerequisites: true,
  targetAudience: true,
  teachingMethods: true,
  evaluationMethods: true,
  accessibilityInfo: true,
  disabilityReferentContact: true,
  activityNumber: true,
  certificationNumber: true,
  certificationValidUntil: true,
});
const SHORT_FIELDS = ["activityNumber", "certificationNumber"] as const;
type QualiopiField = (typeof QUALIOPI_TEXT_FIELDS)[number] | (typeof SHORT_FIELDS)[number] | "certificationValidUntil";

/** The Qualiopi fields, each with the indicator it serves; empty fields are sent as null. */
export function QualiopiPanel({ course, readOnly, onSaved }: { course: CourseDetail; readOnly: boolean; onSaved: () => Promise<void> }) {
  const t = useT();
  const trpc = useTRPC();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const update = useMutation(trpc.courses.update.mutationOptions({ onError: (e) => setErrors(errorInfo(e).fields) }));
  const indicator = (field: QualiopiField) => t("creatorQualiopi.indicator", { n: FIELD_INDICATOR[field] ?? 0 });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const data = new FormData(event.currentTarget);
    const raw: Record<string, string | null> = {};
    for (const field of [...QUALIOPI_TEXT_FIELDS, ...SHORT_FIELDS, "certificationValidUntil"] as const) {
      const v = String(data.get(field) ?? "").trim();
      raw[field] = v === "" ? null : v;
    }
    const parsed = ZQualiopi.safeParse(raw);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    setErrors({});
    try {
      await update.mutateAsync({ id: course.id, ...parsed.data });
      setSaved(true);
      await onSaved();
    } catch {
      // Shown below.
    }
  }

  const hasFieldErrors = Object.keys(errors).length > 0;
  return (
    <form className={`form card ${styles.builderCard}`} onSubmit={onSubmit} noValidate aria-labelledby="qualiopi-title">
      <div>
        <h2 id="qualiopi-title">{t("creatorQualiopi.legend")}</h2>
        <p className="muted">{t("creatorQualiopi.intro")}</p>
      </div>
      <div aria-live="polite" className="stack">
        {saved ? <Alert kind="success">{t("creatorQualiopi.saved")}</Alert> : null}
        {hasFieldErrors ? <Alert kind="error">{t("errors.formHasErrors")}</Alert> : null}
        {update.isError && !hasFieldErrors ? <Alert kind="error">{errorMessage(update.error, t)}</Alert> : null}
      </div>
      <fieldset disabled={readOnly} className={styles.fieldsetPlain}>
        {QUALIOPI_TEXT_FIELDS.map((field) => (
          <TextareaField
            key={field}
            name={field}
            label={t(`creatorQualiopi.${field}` as MessageKey)}
            hint={t(`creatorQualiopi.${field}Hint` as MessageKey)}
            badge={indicator(field)}
            defaultValue={course[field] ?? ""}
            rows={field === "disabilityReferentContact" ? 2 : 3}
            errors={errors[field]}
          />
        ))}
        <div className="form-row">
          <TextField name="activityNumber" label={t("creatorQualiopi.activityNumber")} hint={t("creatorQualiopi.activityNumberHint")} defaultValue={course.activityNumber ?? ""} maxLength={50} errors={errors.activityNumber} />
          <TextField name="certificationNumber" label={t("creatorQualiopi.certificationNumber")} defaultValue={course.certificationNumber ?? ""} maxLength={50} errors={errors.certificationNumber} />
          <TextField name="certificationValidUntil" type="date" label={t("creatorQualiopi.certificationValidUntil")} defaultValue={course.certificationValidUntil ?? ""} errors={errors.certificationValidUntil} />
        </div>
      </fieldset>
      {readOnly ? null : (
        <div className="form-actions">
          <SubmitButton pending={update.isPending} label={t("creatorQualiopi.save")} />
        </div>
      )}
    </form>
  );
}
