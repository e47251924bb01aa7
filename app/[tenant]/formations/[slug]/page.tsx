import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PublicCoursePage } from "@/components/surveys/public-course";
import { currentIdentity, serverCaller } from "@/lib/server/api-caller";
import { getTranslator } from "@/lib/i18n/server";
import { getTenantProfile } from "@/lib/server/tenant";
import { toHttpError } from "@/server/errors";

type Params = { params: Promise<{ tenant: string; slug: string }> };

/** GET /public/courses/{slug} through the server caller; 404 page for a course that is not PUBLISHED here. */
const loadCourse = cache(async (tenant: string, slug: string) => {
  try {
    return (await (await serverCaller(tenant)).surveys.publicCourse({ slug })).data;
  } catch (error) {
    if (toHttpError(error).statusCode === 404) notFound();
    throw error;
  }
});

/** The SEO fields (AI-generated or edited) feed the title, description and Open Graph tags. */
export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { tenant, slug } = await params;
  const c = await loadCourse(tenant, slug);
  return {
    title: c.seo.title,
    description: c.seo.description,
    keywords: c.seo.keywords.length ? c.seo.keywords : undefined,
    alternates: { canonical: `/formations/${c.slug}` },
    openGraph: { type: "website", title: c.seo.title, description: c.seo.description, siteName: c.tenantName },
  };
}

/** A course's public page on the tenant's site (no sign-in; Qualiopi indicators 1 and 2). */
export default async function PublicCourseRoute({ params }: Params) {
  const { tenant, slug } = await params;
  const [course, profile, { t, locale }, identity] = await Promise.all([loadCourse(tenant, slug), getTenantProfile(tenant), getTranslator(), currentIdentity()]);
  // "S'inscrire": the app's course page (enrolment or checkout); signed out, the sign-in first and back.
  const appPage = `/catalogue/${encodeURIComponent(course.slug)}`;
  const enrolHref = identity?.activeTenantId === profile.id ? appPage : `/login?next=${encodeURIComponent(appPage)}`;
  return <PublicCoursePage course={course} t={t} locale={locale} logoUrl={profile.branding.logoUrl} enrolHref={enrolHref} />;
}
