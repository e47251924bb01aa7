"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { COMPLAINT_CATEGORIES, ZCreateComplaintInput } from "@/server/contracts/complaints";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { formValues, zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";

/** The complainant's fields (the severity is staff's, never asked here). */
const ZComplainantInput = ZCreateComplaintInput.pick({ name: true, email: true, subject: true, category: true, description: true });

/**
 * The complaint form: public (no sign-in; name and e-mail optional, left empty: anonymous, no
 * answer by e-mail) or, for a signed-in member, prefilled with the account's name and e-mail (read
 * only: the server files it in the account's name). The answer shows the reference.
 */
export function ComplaintForm({ account }: { account?: { name: string; email: string } }) {
  const t = useT();
  const trpc = useTRPC();
  const [fields, setFields] = useState<FieldErrors>({});
  const mutation = useMutation(trpc.complaints.create.mutationOptions({ onError: (e) => setFields(errorInfo(e).fields) }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZComplainantInput.safeParse(formValues(event.currentTarget));
    if (!parsed.success) return setFields(zodFieldErrors(parsed.error, t));
    setFields({});
    const { name: _name, email: _email, ...rest } = parsed.data;
    mutation.mutate(account ? rest : parsed.data);
  }

  if (mutation.isSuccess) {
    const { reference, acknowledged } = mutation.data.data;
    return (
      <Alert kind="success">
        <span data-testid="complaint-reference">{t(acknowledged ? "complaintForm.sent" : "complaintForm.sentNoEmail", { reference })}</span>
      </Alert>
    );
  }
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="muted">{t("complaintForm.intro")}</p>
      {mutation.isError && !Object.keys(fields).length ? <Alert kind="error">{errorMessage(mutation.error, t)}</Alert> : null}
      {account ? (
        <>
          <TextField name="name" label={t("complaintForm.name")} defaultValue={account.name} readOnly />
          <TextField name="email" type="email" label={t("complaintForm.email")} defaultValue={account.email} readOnly hint={t("complaintForm.accountHint")} />
        </>
      ) : (
        <>
          <TextField name="name" label={t("complaintForm.name")} autoComplete="name" optionalLabel={t("common.optional")} errors={fields.name} />
          <TextField
            name="email"
            type="email"
            label={t("complaintForm.email")}
            autoComplete="email"
            inputMode="email"
            optionalLabel={t("common.optional")}
            hint={t("complaintForm.contactHint")}
            errors={fields.email}
          />
        </>
      )}
      <TextField name="subject" label={t("complaintForm.subject")} maxLength={200} required errors={fields.subject} />
      <SelectField name="category" label={t("complaintForm.category")} options={COMPLAINT_CATEGORIES.map((v) => ({ value: v, label: t(`quality.category_${v}`) }))} errors={fields.category} />
      <TextareaField name="description" label={t("complaintForm.description")} rows={6} maxLength={5000} required errors={fields.description} />
      <button type="submit" className="btn btn-primary btn-block" disabled={mutation.isPending}>
        {t("complaintForm.submit")}
      </button>
    </form>
  );
}
