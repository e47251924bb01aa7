import type { Metadata } from "next";
import { SessionEdit } from "@/components/sessions/session-edit";
import { getTranslator } from "@/lib/i18n/server";

type Props = { params: Promise<{ tenant: string; id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("sessionsForm.editTitle") };
}

/** Edit a SCHEDULED session (its moderators only). */
export default async function EditSessionPage({ params }: Props) {
  const { id } = await params;
  return <SessionEdit id={id} />;
}
