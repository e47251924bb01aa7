import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthLayout } from "@/components/auth/auth-layout";
import { LoginForm } from "@/components/auth/login-form";
import { Alert } from "@/components/ui/alert";
import { getTranslator } from "@/lib/i18n/server";
import { returnPath } from "@/lib/return-path";
import { currentIdentity } from "@/lib/server/api-caller";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";

type Props = { params: Promise<{ tenant: string }>; searchParams: Promise<{ reset?: string; invited?: string; next?: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("auth.title") };
}

export default async function TenantLoginPage({ params, searchParams }: Props) {
  const tenant = await getTenantProfile((await params).tenant);
  const identity = await currentIdentity();
  const query = await searchParams;
  // Where the visitor was going (the public course page's "S'inscrire"): back there once signed in.
  const next = returnPath(query.next) ?? "/";
  if (identity?.activeTenantId === tenant.id) redirect(next);
  const { t } = await getTranslator();
  const name = displayNameOf(tenant);
  const notice = query.reset ? t("reset.done") : query.invited ? t("invite.signInManually") : undefined;
  return (
    <AuthLayout brandName={name} logoUrl={tenant.branding.logoUrl} footerLink={{ href: "/complaint", label: t("complaintForm.linkFromLogin") }}>
      <h1>{t("auth.title")}</h1>
      <p className="muted">{t("auth.subtitle", { name })}</p>
      {tenant.authMode === "HEADLESS" ? <Alert kind="info">{t("auth.headless")}</Alert> : null}
      <LoginForm tenant={tenant.slug} redirectTo={next} forgotHref="/forgot-password" notice={notice} />
    </AuthLayout>
  );
}
