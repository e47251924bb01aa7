import type { Metadata } from "next";
import { CoursePageView } from "@/components/catalogue/course-page";
import { getTranslator } from "@/lib/i18n/server";
import { serverCaller } from "@/lib/server/api-caller";

type Props = { params: Promise<{ tenant: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { tenant, slug } = await params;
  const title = await (await serverCaller(tenant)).courses
    .bySlug({ id: slug })
    .then((r) => r.data.title)
    .catch(() => null);
  const { t } = await getTranslator();
  return { title: title ?? t("learnCatalogue.title") };
}

/** A course of the catalogue by its slug. */
export default async function CoursePage({ params }: Props) {
  const { slug } = await params;
  return <CoursePageView slug={decodeURIComponent(slug)} />;
}
