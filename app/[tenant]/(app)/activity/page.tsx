import type { Metadata } from "next";
import { Suspense } from "react";
import { ActivityScreen } from "@/components/activity/activity-screen";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("learnActivity.title") };
}

/** The learning activity log and the administration actions (ADMIN). */
export default function ActivityPage() {
  return (
    <Suspense>
      <ActivityScreen />
    </Suspense>
  );
}
