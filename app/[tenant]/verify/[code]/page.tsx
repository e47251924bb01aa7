import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { AuthLayout } from "@/components/auth/auth-layout";
import { VerificationView } from "@/components/verification/verification-view";
import { getTranslator } from "@/lib/i18n/server";
import { serverCaller } from "@/lib/server/api-caller";
import { displayNameOf, getTenantProfile } from "@/lib/server/tenant";
import { toHttpError } from "@/server/errors";

type Params = { params: Promise<{ tenant: string; code: string }> };

/** GET /verify/{code} through the server caller (no sign-in); an unknown code shows the segment's not-found page (404). */
const loadVerification = cache(async (tenant: string, code: string) => {
  try {
    return (await (await serverCaller(tenant)).verification.get({ code: decodeURIComponent(code) })).data;
  } catch (error) {
    if (toHttpError(error).statusCode === 404) notFound();
    throw error;
  }
});

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("docVerify.pageTitle"), robots: { index: false, follow: false } };
}

/** What a document's QR code opens: the issuer, the document, its SHA-256 and the file check. Public, phone first. */
export default async function VerifyDocumentPage({ params }: Params) {
  const { tenant, code } = await params;
  const [v, profile, { t, locale }] = await Promise.all([loadVerification(tenant, code), getTenantProfile(tenant), getTranslator()]);
  return (
    <AuthLayout brandName={displayNameOf(profile)} logoUrl={profile.branding.logoUrl}>
      <VerificationView v={v} t={t} locale={locale} timeZone={profile.timeZone} />
    </AuthLayout>
  );
}
