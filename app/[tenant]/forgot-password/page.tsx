import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/auth-layout";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { getTranslator } from "@/lib/i18n/server";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("forgot.title") };
}

export default async function ForgotPasswordPage({ params }: { params: Promise<{ tenant: string }> }) {
  const tenant = await getTenantProfile((await params).tenant);
  const { t } = await getTranslator();
  return (
    <AuthLayout brandName={displayNameOf(tenant)} logoUrl={tenant.branding.logoUrl}>
      <h1>{t("forgot.title")}</h1>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
