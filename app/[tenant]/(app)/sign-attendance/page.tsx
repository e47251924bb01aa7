import type { Metadata } from "next";
import { OpenForSigning } from "@/components/attendance/open-for-signing";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("nav.signAttendance") };
}

/** Sessions open for signing now. */
export default async function SignAttendancePage() {
  const { t } = await getTranslator();
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("nav.signAttendance")}</h1>
          <p>{t("attMy.openIntro")}</p>
        </div>
      </div>
      <OpenForSigning />
    </>
  );
}
