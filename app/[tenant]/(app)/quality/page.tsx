import type { Metadata } from "next";
import { QualityView } from "@/components/quality/quality-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("nav.quality") };
}

/** ADMIN: the complaints register (board by status, SLA badges, detail with history, internal comments, resolve, escalate, close) and the improvement plans. */
export default function QualityPage() {
  return <QualityView />;
}
