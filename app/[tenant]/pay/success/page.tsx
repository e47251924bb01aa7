import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/auth-layout";
import { LoginForm } from "@/components/auth/login-form";
import { PaymentSuccess } from "@/components/payments/checkout";
import { getTranslator } from "@/lib/i18n/server";
import { getMe } from "@/lib/server/me";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";

type Props = { params: Promise<{ tenant: string }>; searchParams: Promise<{ payment?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("pay.successTitle") };
}

/** Where the gateway sends the payer after paying: waits for the callback's capture, then confirms the enrollment. */
export default async function PaymentSuccessPage({ params, searchParams }: Props) {
  const { tenant: slug } = await params;
  const raw = (await searchParams).payment;
  const paymentId = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  const [tenant, me, { t }] = await Promise.all([getTenantProfile(slug), getMe(slug), getTranslator()]);
  return (
    <AuthLayout brandName={displayNameOf(tenant)} logoUrl={tenant.branding.logoUrl}>
      {me ? (
        <PaymentSuccess paymentId={paymentId} />
      ) : (
        <>
          <h1>{t("pay.successTitle")}</h1>
          <p className="muted">{t("pay.signInFirst")}</p>
          <LoginForm tenant={tenant.slug} redirectTo={`/pay/success?payment=${encodeURIComponent(paymentId)}`} forgotHref="/forgot-password" />
        </>
      )}
    </AuthLayout>
  );
}
