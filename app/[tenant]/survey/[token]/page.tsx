import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/auth-layout";
import { SurveyForm } from "@/components/surveys/survey-form";
import { getTranslator } from "@/lib/i18n/server";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  // The token is a credential: keep the page out of search engines and referrers.
  return { title: t("surveys.title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/** A satisfaction survey opened from its e-mailed link (no sign-in; the signed token is the authorisation). Phone-first single column. */
export default async function SurveyPage({ params }: { params: Promise<{ tenant: string; token: string }> }) {
  const { tenant: slug, token } = await params;
  const tenant = await getTenantProfile(slug);
  return (
    <AuthLayout brandName={displayNameOf(tenant)} logoUrl={tenant.branding.logoUrl}>
      <SurveyForm token={decodeURIComponent(token)} />
    </AuthLayout>
  );
}
