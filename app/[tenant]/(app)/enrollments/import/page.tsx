import type { Metadata } from "next";
import { ImportView } from "@/components/enrollments/import-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("learnEnroll.importTitle") };
}

/** CSV import of enrollments with a per-line report (ADMIN). */
export default function ImportEnrollmentsPage() {
  return <ImportView />;
}
