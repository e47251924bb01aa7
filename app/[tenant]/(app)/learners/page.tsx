import type { Metadata } from "next";
import { Suspense } from "react";
import { LearnersView } from "@/components/learners/learners-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("learners.title") };
}

/** The learners of the creator's courses (ADMIN: of every course); other roles see the server's 403 as a message. */
export default function LearnersPage() {
  return (
    <Suspense>
      <LearnersView />
    </Suspense>
  );
}
