import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/auth-layout";
import { SandboxCheckout } from "@/components/payments/checkout";
import { getTranslator } from "@/lib/i18n/server";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";

type Props = { params: Promise<{ tenant: string; paymentId: string }>; searchParams: Promise<{ token?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  // The token authorises the page: keep it out of search engines and referrers.
  return { title: t("pay.sandboxTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/**
 * The sandbox gateway's checkout page `/pay/sandbox/{paymentId}?token=…` (conventions §9): what a
 * gateway's hosted checkout would show when no gateway keys are set. No sign-in: the token is the
 * authorisation, as a gateway's checkout URL is. Phone-first single column.
 */
export default async function SandboxCheckoutPage({ params, searchParams }: Props) {
  const { tenant: slug, paymentId } = await params;
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  const tenant = await getTenantProfile(slug);
  return (
    <AuthLayout brandName={displayNameOf(tenant)} logoUrl={tenant.branding.logoUrl}>
      <SandboxCheckout paymentId={paymentId} token={token} />
    </AuthLayout>
  );
}
