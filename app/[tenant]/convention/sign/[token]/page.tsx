import type { Metadata } from "next";
import { AuthLayout } from "@/components/auth/auth-layout";
import { SignConvention } from "@/components/conventions/sign-convention";
import { getTranslator } from "@/lib/i18n/server";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  // The token is a credential: keep the page out of search engines and referrers.
  return { title: t("convSign.title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/**
 * The page of a convention's e-mailed signing link `/convention/sign/{token}` (no sign-in: the
 * token is the authorisation). Phone-first single column, French by default.
 */
export default async function ConventionSignPage({ params }: { params: Promise<{ tenant: string; token: string }> }) {
  const { tenant: slug, token } = await params;
  const tenant = await getTenantProfile(slug);
  return (
    <AuthLayout brandName={displayNameOf(tenant)} logoUrl={tenant.branding.logoUrl}>
      <SignConvention token={token} />
    </AuthLayout>
  );
}
