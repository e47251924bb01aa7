import type { Metadata } from "next";
import { Suspense } from "react";
import { SessionsView } from "@/components/sessions/sessions-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("nav.sessions") };
}

/** Live sessions for ADMIN, CREATOR and TRAINER: list with filters, or a month calendar. */
export default function SessionsPage() {
  return (
    <Suspense>
      <SessionsView />
    </Suspense>
  );
}
