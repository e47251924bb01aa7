import type { Metadata } from "next";
import { Suspense } from "react";
import { CatalogueView } from "@/components/catalogue/catalogue-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("learnCatalogue.title") };
}

/** The tenant's published courses, with search and filters. */
export default function CataloguePage() {
  return (
    <Suspense>
      <CatalogueView />
    </Suspense>
  );
}
