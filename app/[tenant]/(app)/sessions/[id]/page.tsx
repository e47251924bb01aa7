import type { Metadata } from "next";
import { Suspense } from "react";
import { SessionDetail } from "@/components/sessions/session-detail";
import { getTranslator } from "@/lib/i18n/server";

type Props = { params: Promise<{ tenant: string; id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("sessionsDetail.title") };
}

/** A session: facts, trainers, PIN and state buttons for its moderators, recordings, attendance summary. */
export default async function SessionPage({ params }: Props) {
  const { id } = await params;
  return (
    <Suspense>
      <SessionDetail id={id} />
    </Suspense>
  );
}
