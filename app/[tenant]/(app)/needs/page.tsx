import type { Metadata } from "next";
import { NeedsView } from "@/components/needs/needs-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("nav.needs") };
}

/** ADMIN and CREATOR: training-needs analyses (indicators 4 and 8) and the client companies. */
export default function NeedsPage() {
  return <NeedsView />;
}
