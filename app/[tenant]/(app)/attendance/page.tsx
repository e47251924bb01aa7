import type { Metadata } from "next";
import { AttendanceFollowUp } from "@/components/sessions/attendance-follow-up";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("nav.attendance") };
}

/** Attendance follow-up: today's and recent sessions the caller runs, with presence counts. */
export default function AttendancePage() {
  return <AttendanceFollowUp />;
}
