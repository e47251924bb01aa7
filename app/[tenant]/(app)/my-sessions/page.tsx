import type { Metadata } from "next";
import { MySessions } from "@/components/attendance/my-sessions";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("attMy.title") };
}

/** The learner's live sessions, now and upcoming. */
export default async function MySessionsPage() {
  const { t } = await getTranslator();
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("attMy.title")}</h1>
          <p>{t("attMy.intro")}</p>
        </div>
      </div>
      <MySessions />
    </>
  );
}
