"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { ZResetPasswordInput } from "@/server/contracts/auth";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { formValues, zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";

/** auth.resetPassword with the e-mailed token; an expired or used token says so and offers a new link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useT();
  const trpc = useTRPC();
  const [fields, setFields] = useState<FieldErrors>({});
  const mutation = useMutation(trpc.auth.resetPassword.mutationOptions({ onError: (e) => setFields(errorInfo(e).fields) }));

  if (!token) return <Alert kind="error">{t("reset.missingToken")}</Alert>;
  if (mutation.isSuccess) {
    return (
      <div className="stack">
        <Alert kind="success">{t("reset.done")}</Alert>
        <Link className="btn btn-primary btn-block" href="/login">
          {t("auth.submit")}
        </Link>
      </div>
    );
  }
  const expired = errorInfo(mutation.error).status === 401;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const parsed = ZResetPasswordInput.safeParse({ token, password: values.password ?? "" });
    const errors = parsed.success ? {} : zodFieldErrors(parsed.error, t);
    if (!errors.password && values.password !== values.confirm) errors.confirm = [t("reset.mismatch")];
    setFields(errors);
    if (parsed.success && !Object.keys(errors).length) mutation.mutate(parsed.data);
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="muted">{t("reset.intro")}</p>
      {expired ? (
        <Alert kind="error">
          {t("reset.invalidToken")} <Link href="/forgot-password">{t("reset.requestNew")}</Link>
        </Alert>
      ) : mutation.isError && !fields.password ? (
        <Alert kind="error">{errorMessage(mutation.error, t)}</Alert>
      ) : null}
      <TextField name="password" type="password" label={t("reset.password")} autoComplete="new-password" required errors={fields.password} />
      <TextField name="confirm" type="password" label={t("reset.confirm")} autoComplete="new-password" required errors={fields.confirm} />
      <button type="submit" className="btn btn-primary btn-block" disabled={mutation.isPending}>
        {t("reset.submit")}
      </button>
    </form>
  );
}
