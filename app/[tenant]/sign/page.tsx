import type { Metadata } from "next";
import { QrSign } from "@/components/attendance/qr-sign";
import { AuthLayout } from "@/components/auth/auth-layout";
import { LoginForm } from "@/components/auth/login-form";
import { Alert } from "@/components/ui/alert";
import { getTranslator } from "@/lib/i18n/server";
import { getMe } from "@/lib/server/me";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";

type Props = { params: Promise<{ tenant: string }>; searchParams: Promise<{ token?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("attSign.title") };
}

/**
 * The page a session's QR code opens (`/sign?token=...`). It lives outside the signed-in area on
 * purpose: a learner who is not signed in signs in right here and comes back to this same URL,
 * so one scan is enough. Phone-first, without the navigation shell.
 */
export default async function QrSignPage({ params, searchParams }: Props) {
  const { tenant: slug } = await params;
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  const [tenant, me, { t }] = await Promise.all([getTenantProfile(slug), getMe(slug), getTranslator()]);
  const here = `/sign?token=${encodeURIComponent(token)}`;

  let body;
  if (!token) {
    body = (
      <>
        <h1>{t("attSign.title")}</h1>
        <Alert kind="error">{t("attErrors.noToken")}</Alert>
      </>
    );
  } else if (!me) {
    body = (
      <>
        <h1>{t("attSign.title")}</h1>
        <p className="muted">{t("attSign.signInFirst")}</p>
        <LoginForm tenant={tenant.slug} redirectTo={here} forgotHref="/forgot-password" />
      </>
    );
  } else if (!me.role || me.status !== "ACTIVE") {
    body = (
      <>
        <h1>{t("attSign.title")}</h1>
        <Alert kind="error">{t("shell.noAccessBody")}</Alert>
      </>
    );
  } else {
    body = <QrSign token={token} />;
  }
  return (
    <AuthLayout brandName={displayNameOf(tenant)} logoUrl={tenant.branding.logoUrl}>
      {body}
    </AuthLayout>
  );
}
