"use client";

import { signIn } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ZLoginInput } from "@/server/contracts/auth";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { formValues, zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { signInErrorMessage } from "./sign-in-error";
import styles from "./auth.module.css";

/**
 * E-mail + password through next-auth's Credentials provider (`tenant` is the sub-domain's
 * slug, empty for the platform root). Stays on the page on failure and says why.
 */
export function LoginForm({ tenant, redirectTo, forgotHref, notice }: { tenant: string; redirectTo: string; forgotHref?: string; notice?: string }) {
  const t = useT();
  const router = useRouter();
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const parsed = ZLoginInput.safeParse(formValues(event.currentTarget));
    if (!parsed.success) {
      setFields(zodFieldErrors(parsed.error, t));
      return;
    }
    setFields({});
    setBusy(true);
    try {
      const result = await signIn("credentials", { ...parsed.data, tenant, redirect: false });
      if (result?.ok && !result.error) {
        router.replace(redirectTo);
        router.refresh();
        return;
      }
      setError(signInErrorMessage(result?.error, t));
    } catch {
      setError(t("errors.network"));
    }
    setBusy(false);
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-describedby={error ? "login-error" : undefined}>
      {notice ? <Alert kind="success">{notice}</Alert> : null}
      {error ? (
        <Alert kind="error" id="login-error">
          {error}
        </Alert>
      ) : null}
      <TextField name="email" type="email" label={t("auth.email")} autoComplete="username" inputMode="email" required errors={fields.email} />
      <TextField name="password" type="password" label={t("auth.password")} autoComplete="current-password" required errors={fields.password} />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("auth.submitting") : t("auth.submit")}
      </button>
      {forgotHref ? (
        <p className={styles.authLinks}>
          <Link href={forgotHref}>{t("auth.forgotLink")}</Link>
        </p>
      ) : null}
    </form>
  );
}
