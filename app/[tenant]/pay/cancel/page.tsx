import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/auth-layout";
import { PaymentCancelled } from "@/components/payments/checkout";
import { getTranslator } from "@/lib/i18n/server";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("pay.cancelTitle") };
}

/** Where the gateway sends the payer who cancelled: nothing was charged, nothing enrolled. */
export default async function PaymentCancelPage({ params }: { params: Promise<{ tenant: string }> }) {
  const { tenant: slug } = await params;
  const tenant = await getTenantProfile(slug);
  return (
    <AuthLayout brandName={displayNameOf(tenant)} logoUrl={tenant.branding.logoUrl}>
      <PaymentCancelled />
    </AuthLayout>
  );
}
