import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/auth-layout";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { getTranslator } from "@/lib/i18n/server";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";

type Props = { params: Promise<{ tenant: string }>; searchParams: Promise<{ token?: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("reset.title") };
}

export default async function ResetPasswordPage({ params, searchParams }: Props) {
  const tenant = await getTenantProfile((await params).tenant);
  const { t } = await getTranslator();
  const { token } = await searchParams;
  return (
    <AuthLayout brandName={displayNameOf(tenant)} logoUrl={tenant.branding.logoUrl}>
      <h1>{t("reset.title")}</h1>
      <ResetPasswordForm token={token ?? ""} />
    </AuthLayout>
  );
}
