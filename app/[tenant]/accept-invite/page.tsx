import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/auth-layout";
import { AcceptInviteForm } from "@/components/auth/accept-invite-form";
import { getTranslator } from "@/lib/i18n/server";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";

type Props = { params: Promise<{ tenant: string }>; searchParams: Promise<{ token?: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("invite.submit") };
}

export default async function AcceptInvitePage({ params, searchParams }: Props) {
  const tenant = await getTenantProfile((await params).tenant);
  const { t } = await getTranslator();
  const { token } = await searchParams;
  const name = displayNameOf(tenant);
  return (
    <AuthLayout brandName={name} logoUrl={tenant.branding.logoUrl}>
      <h1>{t("invite.title", { name })}</h1>
      <AcceptInviteForm token={token ?? ""} tenant={tenant.slug} />
    </AuthLayout>
  );
}
