"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { COMPLAINT_CATEGORIES, COMPLAINT_SEVERITIES, ZCreateComplaintInput } from "@/server/contracts/complaints";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { formValues, zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";

/** The public complaint form (no sign-in): name, e-mail, subject, category, severity, description. */
export function ComplaintForm() {
  const t = useT();
  const trpc = useTRPC();
  const [fields, setFields] = useState<FieldErrors>({});
  const mutation = useMutation(trpc.complaints.create.mutationOptions({ onError: (e) => setFields(errorInfo(e).fields) }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZCreateComplaintInput.safeParse(formValues(event.currentTarget));
    if (!parsed.success) return setFields(zodFieldErrors(parsed.error, t));
    setFields({});
    mutation.mutate(parsed.data);
  }

  if (mutation.isSuccess) return <Alert kind="success">{t("complaintForm.sent")}</Alert>;
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="muted">{t("complaintForm.intro")}</p>
      {mutation.isError && !Object.keys(fields).length ? <Alert kind="error">{errorMessage(mutation.error, t)}</Alert> : null}
      <TextField name="name" label={t("complaintForm.name")} autoComplete="name" required errors={fields.name} />
      <TextField name="email" type="email" label={t("complaintForm.email")} autoComplete="email" inputMode="email" required errors={fields.email} />
      <TextField name="subject" label={t("complaintForm.subject")} maxLength={200} required errors={fields.subject} />
      <SelectField name="category" label={t("complaintForm.category")} options={COMPLAINT_CATEGORIES.map((v) => ({ value: v, label: t(`quality.category_${v}`) }))} errors={fields.category} />
      <SelectField name="severity" label={t("complaintForm.severity")} defaultValue="MEDIUM" options={COMPLAINT_SEVERITIES.map((v) => ({ value: v, label: t(`quality.severity_${v}`) }))} errors={fields.severity} />
      <TextareaField name="description" label={t("complaintForm.description")} rows={6} maxLength={5000} required errors={fields.description} />
      <button type="submit" className="btn btn-primary btn-block" disabled={mutation.isPending}>
        {t("complaintForm.submit")}
      </button>
    </form>
  );
}
