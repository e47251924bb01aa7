import type { Metadata } from "next";
import { Suspense } from "react";
import { TemplateEditor } from "@/components/documents/template-editor";
import { getTranslator } from "@/lib/i18n/server";

type Props = { params: Promise<{ tenant: string; id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("docNav.templates") };
}

/** A template: the editor (CUSTOM) or its read-only view (SYSTEM), the variable picker, fields, PDF preview. */
export default async function TemplatePage({ params }: Props) {
  const { id } = await params;
  return (
    <Suspense>
      <TemplateEditor id={id} />
    </Suspense>
  );
}
