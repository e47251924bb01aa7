import type { Metadata } from "next";
import { Suspense } from "react";
import { TemplatesView } from "@/components/documents/templates-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("docNav.templates") };
}

/** ADMIN and CREATOR: the document templates (SYSTEM and CUSTOM), filters and creation. */
export default async function TemplatesPage() {
  const { t } = await getTranslator();
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("docNav.templates")}</h1>
          <p>{t("tplList.intro")}</p>
        </div>
      </div>
      <Suspense>
        <TemplatesView />
      </Suspense>
    </>
  );
}
