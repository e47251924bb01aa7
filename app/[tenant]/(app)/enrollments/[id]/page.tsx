import type { Metadata } from "next";
import { EnrollmentJourneyView } from "@/components/needs/enrollment-journey-view";
import { getTranslator } from "@/lib/i18n/server";

type Props = { params: Promise<{ tenant: string; id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("needs.journey") };
}

/** One enrollment for the staff (ADMIN, the course's CREATOR): its learner journey (PAF timeline). */
export default async function EnrollmentDetailPage({ params }: Props) {
  const { id } = await params;
  return <EnrollmentJourneyView enrollmentId={id} />;
}
