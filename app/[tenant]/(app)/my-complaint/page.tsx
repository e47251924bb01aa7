import type { Metadata } from "next";
import { LearnerComplaint } from "@/components/quality/learner-complaint";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("complaintForm.titleSignedIn") };
}

/** A signed-in member files a complaint in their account's name (POST /complaints); the learner's menu leads here. */
export default function MyComplaintPage() {
  return <LearnerComplaint />;
}
