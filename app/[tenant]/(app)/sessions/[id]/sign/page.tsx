import type { Metadata } from "next";
import { SignSession } from "@/components/attendance/sign-session";
import { getTranslator } from "@/lib/i18n/server";

type Props = { params: Promise<{ tenant: string; id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("attSign.title") };
}

/** A learner signs a session by PIN or drawing, and joins its video room. */
export default async function SignSessionPage({ params }: Props) {
  const { id } = await params;
  return <SignSession sessionId={id} />;
}
