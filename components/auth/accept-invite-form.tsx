"use client";

import { useMutation } from "@tanstack/react-query";
import { decodeJwt } from "jose";
import { signIn } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import { ZAcceptInviteInput } from "@/server/contracts/auth";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { formValues, zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";

/** The invited e-mail, read (not verified: the server does that) from the token to show it and sign in afterwards. */
function invitedEmail(token: string): string | null {
  try {
    const email = decodeJwt(token).email;
    return typeof email === "string" ? email : null;
  } catch {
    return null;
  }
}

/** auth.acceptInvite, then a session through next-auth with the chosen password. */
export function AcceptInviteForm({ token, tenant }: { token: string; tenant: string }) {
  const t = useT();
  const trpc = useTRPC();
  const router = useRouter();
  const email = useMemo(() => invitedEmail(token), [token]);
  const [fields, setFields] = useState<FieldErrors>({});
  const [signingIn, setSigningIn] = useState(false);
  const mutation = useMutation(trpc.auth.acceptInvite.mutationOptions({ onError: (e) => setFields(errorInfo(e).fields) }));

  if (!token || !email) return <Alert kind="error">{t("invite.invalid")}</Alert>;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { invitedEmail: _shown, ...values } = formValues(event.currentTarget);
    const parsed = ZAcceptInviteInput.safeParse({ token, ...values });
    if (!parsed.success) return setFields(zodFieldErrors(parsed.error, t));
    setFields({});
    try {
      await mutation.mutateAsync(parsed.data);
    } catch {
      return;
    }
    if (!parsed.data.password) return router.replace("/login?invited=1");
    setSigningIn(true);
    const result = await signIn("credentials", { email, password: parsed.data.password, tenant, redirect: false }).catch(() => null);
    if (result?.ok && !result.error) {
      router.replace("/");
      router.refresh();
    } else {
      router.replace("/login?invited=1");
    }
  }

  const info = errorInfo(mutation.error);
  const failure =
    info.status === 401 ? t("invite.invalid") : info.status === 409 ? t("invite.alreadyMember") : info.fields.password ? t("invite.passwordRequired") : mutation.isError ? errorMessage(mutation.error, t) : null;

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="muted">{t("invite.intro")}</p>
      {signingIn ? <Alert kind="success">{t("invite.done")}</Alert> : null}
      {failure ? (
        <Alert kind="error">
          {failure} {info.status === 409 ? <Link href="/login">{t("auth.submit")}</Link> : null}
        </Alert>
      ) : null}
      <TextField name="invitedEmail" type="email" label={t("invite.email")} value={email} readOnly />
      <div className="form-row">
        <TextField name="firstName" label={t("invite.firstName")} autoComplete="given-name" optionalLabel={t("common.optional")} errors={fields.firstName} />
        <TextField name="lastName" label={t("invite.lastName")} autoComplete="family-name" optionalLabel={t("common.optional")} errors={fields.lastName} />
      </div>
      <TextField name="password" type="password" label={t("invite.password")} autoComplete="new-password" hint={t("invite.passwordHint")} errors={fields.password} />
      <button type="submit" className="btn btn-primary btn-block" disabled={mutation.isPending || signingIn}>
        {t("invite.submit")}
      </button>
    </form>
  );
}
