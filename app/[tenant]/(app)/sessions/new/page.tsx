import type { Metadata } from "next";
import { Suspense } from "react";
import { SessionCreate } from "@/components/sessions/session-create";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("sessionsForm.newTitle") };
}

/** Schedule a session of a course the caller may teach, optionally e-mailing convocations. */
export default function NewSessionPage() {
  return (
    <Suspense>
      <SessionCreate />
    </Suspense>
  );
}
