"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ZUpdateUserInput } from "@/server/contracts/users";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { formValues, zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { SubmitButton } from "@/components/ui/submit-button";

const ZNames = ZUpdateUserInput.pick({ firstName: true, lastName: true }).required();

/** First and last name (users.update on oneself); the e-mail is shown, not edited here. */
export function IdentityForm() {
  const t = useT();
  const trpc = useTRPC();
  const router = useRouter();
  const me = useMe();
  const [fields, setFields] = useState<FieldErrors>({});
  const mutation = useMutation(trpc.users.update.mutationOptions({ onError: (e) => setFields(errorInfo(e).fields), onSuccess: () => router.refresh() }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZNames.safeParse(formValues(event.currentTarget));
    if (!parsed.success) return setFields(zodFieldErrors(parsed.error, t));
    setFields({});
    mutation.mutate({ id: me.id, ...parsed.data });
  }

  return (
    <section className="card" aria-labelledby="identity-title">
      <h2 id="identity-title" className="card-title">
        {t("profile.identity")}
      </h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        {mutation.isSuccess ? <Alert kind="success">{t("common.saved")}</Alert> : null}
        {mutation.isError && !Object.keys(fields).length ? <Alert kind="error">{errorMessage(mutation.error, t)}</Alert> : null}
        <div className="form-row">
          <TextField name="firstName" label={t("profile.firstName")} defaultValue={me.firstName} autoComplete="given-name" required errors={fields.firstName} />
          <TextField name="lastName" label={t("profile.lastName")} defaultValue={me.lastName} autoComplete="family-name" required errors={fields.lastName} />
        </div>
        <div className="form-row">
          <TextField name="email" type="email" label={t("profile.email")} value={me.email} readOnly hint={t("profile.emailHint")} disabled />
          <TextField name="role" label={t("profile.role")} value={me.role ? t(`roles.${me.role}`) : "—"} readOnly disabled />
        </div>
        <div className="form-actions">
          <SubmitButton pending={mutation.isPending} label={t("common.save")} />
        </div>
      </form>
    </section>
  );
}
