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

/**
 * A satisfaction survey opened from its e-mailed link `/survey?token=...` (no sign-in; the signed
 * token is the authorisation). Phone-first single column. The token travels in the query, not the
 * path: a JWT ends with `.signature`, which proxy.ts's matcher would take for a file extension.
 */
export default async function SurveyPage({ params, searchParams }: { params: Promise<{ tenant: string }>; searchParams: Promise<{ token?: string | string[] }> }) {
  const { tenant: slug } = await params;
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  const tenant = await getTenantProfile(slug);
  return (
    <AuthLayout brandName={displayNameOf(tenant)} logoUrl={tenant.branding.logoUrl}>
      <SurveyForm token={token} />
    </AuthLayout>
  );
}
