import type { Metadata } from "next";
import { AttendanceView } from "@/components/sessions/attendance-view";
import { getTranslator } from "@/lib/i18n/server";

type Props = { params: Promise<{ tenant: string; id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("sessionsAttendance.title") };
}

/** A session's attendance: presence, chain integrity, PDF sheet, slots, ADMIN corrections. */
export default async function SessionAttendancePage({ params }: Props) {
  const { id } = await params;
  return <AttendanceView id={id} />;
}
