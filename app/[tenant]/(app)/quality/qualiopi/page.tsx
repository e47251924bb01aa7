import type { Metadata } from "next";
import { QualiopiDashboard } from "@/components/qualiopi/qualiopi-dashboard";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("qualiopi.title") };
}

/** ADMIN: the Qualiopi dashboard (32 indicators, evidence and gaps), a course's publication check, its audit export preview and ZIP download. */
export default function QualiopiPage() {
  return <QualiopiDashboard />;
}
