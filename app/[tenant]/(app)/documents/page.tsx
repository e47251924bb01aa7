import type { Metadata } from "next";
import { Suspense } from "react";
import { DocumentsView } from "@/components/documents/documents-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("docNav.documents") };
}

/** Generated documents: a learner's own ("Mes documents"), a funder's perimeter, every document for ADMIN. */
export default function DocumentsPage() {
  return (
    <Suspense>
      <DocumentsView />
    </Suspense>
  );
}
