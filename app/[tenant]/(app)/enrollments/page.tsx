import type { Metadata } from "next";
import { Suspense } from "react";
import { EnrollmentsView } from "@/components/enrollments/enrollments-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("learnEnroll.title") };
}

/** Enrollments of the tenant (ADMIN; other roles see the server's 403 as a message). */
export default function EnrollmentsPage() {
  return (
    <Suspense>
      <EnrollmentsView />
    </Suspense>
  );
}
