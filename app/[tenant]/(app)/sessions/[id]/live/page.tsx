import type { Metadata } from "next";
import { LiveSessionScreen } from "@/components/attendance/live-session-screen";
import { getTranslator } from "@/lib/i18n/server";

type Props = { params: Promise<{ tenant: string; id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("attLive.title") };
}

/** The trainer's live screen: QR code, PIN, live roster, start/end, countersignature (moderators; others see a message). */
export default async function LiveSessionPage({ params }: Props) {
  const { id } = await params;
  return <LiveSessionScreen sessionId={id} />;
}
