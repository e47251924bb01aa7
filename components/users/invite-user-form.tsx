"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ZRole } from "@/server/contracts/common";
import { ZCreateUserInput } from "@/server/contracts/users";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { formValues, zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { DialogFormActions } from "@/components/ui/dialog";

export type CreatedUser = { email: string; status: "ACTIVE" | "INVITED" | "SUSPENDED" };

/** users.create: e-mail, names, role; invitation by e-mail (default) or an active account with a password. */
export function InviteUserForm({ onCreated, onCancel }: { onCreated: (user: CreatedUser) => void; onCancel: () => void }) {
  const t = useT();
  const trpc = useTRPC();
  const [fields, setFields] = useState<FieldErrors>({});
  const [sendInvitation, setSendInvitation] = useState(true);
  const mutation = useMutation(
    trpc.users.create.mutationOptions({
      onError: (e) => {
        const info = errorInfo(e);
        // The e-mail is already a member here: say it next to the e-mail field.
        setFields(info.code === "EMAIL_ALREADY_EXISTS" && info.message ? { email: [info.message] } : info.fields);
      },
    }),
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { sendInvitation: _checkbox, ...values } = formValues(event.currentTarget);
    const parsed = ZCreateUserInput.safeParse({ ...values, sendInvitation });
    if (!parsed.success) return setFields(zodFieldErrors(parsed.error, t));
    setFields({});
    try {
      const { data } = await mutation.mutateAsync(parsed.data);
      onCreated({ email: data.email, status: data.status });
    } catch {
      // Shown below.
    }
  }

  const hasFieldErrors = Object.keys(fields).length > 0;
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="invite-title">
      <p className="muted">{t("users.inviteIntro")}</p>
      {mutation.isError && !hasFieldErrors ? <Alert kind="error">{errorMessage(mutation.error, t)}</Alert> : null}
      <TextField name="email" type="email" label={t("users.email")} autoComplete="off" inputMode="email" required errors={fields.email} />
      <div className="form-row">
        <TextField name="firstName" label={t("users.firstName")} autoComplete="off" required errors={fields.firstName} />
        <TextField name="lastName" label={t("users.lastName")} autoComplete="off" required errors={fields.lastName} />
      </div>
      <SelectField
        name="role"
        label={t("users.role")}
        defaultValue="LEARNER"
        options={ZRole.options.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        errors={fields.role}
      />
      <div className="field">
        <label className="checkbox">
          <input type="checkbox" name="sendInvitation" checked={sendInvitation} onChange={(e) => setSendInvitation(e.target.checked)} aria-describedby="send-invitation-hint" />
          <span>{t("users.sendInvitation")}</span>
        </label>
        <p id="send-invitation-hint" className="field-hint">
          {t("users.sendInvitationHint")}
        </p>
      </div>
      {sendInvitation ? null : (
        <TextField name="password" type="password" label={t("users.password")} autoComplete="new-password" optionalLabel={t("common.optional")} errors={fields.password} />
      )}
      <DialogFormActions onCancel={onCancel} submitLabel={t("users.inviteSubmit")} busy={mutation.isPending} />
    </form>
  );
}
