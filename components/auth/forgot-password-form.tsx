"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { ZForgotPasswordInput } from "@/server/contracts/auth";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { formValues, zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./auth.module.css";

/** auth.forgotPassword: the same confirmation whether or not the account exists. */
export function ForgotPasswordForm() {
  const t = useT();
  const trpc = useTRPC();
  const [fields, setFields] = useState<FieldErrors>({});
  const mutation = useMutation(trpc.auth.forgotPassword.mutationOptions({ onError: (e) => setFields(errorInfo(e).fields) }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZForgotPasswordInput.safeParse(formValues(event.currentTarget));
    if (!parsed.success) return setFields(zodFieldErrors(parsed.error, t));
    setFields({});
    mutation.mutate(parsed.data);
  }

  if (mutation.isSuccess) {
    return (
      <div className="stack">
        <Alert kind="success">{t("forgot.confirmation")}</Alert>
        <Link href="/login">{t("forgot.backToLogin")}</Link>
      </div>
    );
  }
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="muted">{t("forgot.intro")}</p>
      {mutation.isError && !Object.keys(fields).length ? <Alert kind="error">{errorMessage(mutation.error, t)}</Alert> : null}
      <TextField name="email" type="email" label={t("auth.email")} autoComplete="email" inputMode="email" required errors={fields.email} />
      <button type="submit" className="btn btn-primary btn-block" disabled={mutation.isPending}>
        {t("forgot.submit")}
      </button>
      <p className={styles.authLinks}>
        <Link href="/login">{t("forgot.backToLogin")}</Link>
      </p>
    </form>
  );
}
