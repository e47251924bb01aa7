import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ComingSoon } from "@/components/home/coming-soon";
import { roleHasSection, SECTIONS } from "@/components/shell/navigation";
import { Alert } from "@/components/ui/alert";
import { getTranslator } from "@/lib/i18n/server";
import { getMe } from "@/lib/server/me";

type Props = { params: Promise<{ tenant: string; section: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const section = SECTIONS[(await params).section];
  const { t } = await getTranslator();
  return { title: section ? t(section.title) : t("notFound.title") };
}

/** Sections of the navigation that are not built yet. */
export default async function SectionPage({ params }: Props) {
  const { tenant, section: slug } = await params;
  const section = SECTIONS[slug];
  if (!section) notFound();
  const [{ t }, me] = await Promise.all([getTranslator(), getMe(tenant)]);
  if (!me?.role || !roleHasSection(me.role, slug)) {
    return (
      <>
        <h1>{t(section.title)}</h1>
        <Alert kind="error">{t("errors.forbidden")}</Alert>
      </>
    );
  }
  return <ComingSoon t={t} title={section.title} description={section.description} />;
}
