import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/auth-layout";
import { ComplaintForm } from "@/components/quality/complaint-form";
import { getTranslator } from "@/lib/i18n/server";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("complaintForm.title") };
}

/** Public contact form of the tenant's site (no sign-in): POST /complaints. Phone-first single column. */
export default async function ComplaintPage({ params }: { params: Promise<{ tenant: string }> }) {
  const tenant = await getTenantProfile((await params).tenant);
  const { t } = await getTranslator();
  return (
    <AuthLayout brandName={displayNameOf(tenant)} logoUrl={tenant.branding.logoUrl}>
      <h1>{t("complaintForm.title")}</h1>
      <ComplaintForm />
    </AuthLayout>
  );
}
