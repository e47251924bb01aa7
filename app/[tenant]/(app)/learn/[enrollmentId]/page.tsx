import type { Metadata } from "next";
import { EnrollmentOverview } from "@/components/learn/enrollment-overview";
import { learnPageTitle } from "@/components/learn/page-title";

type Props = { params: Promise<{ tenant: string; enrollmentId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { tenant, enrollmentId } = await params;
  return { title: await learnPageTitle(tenant, enrollmentId) };
}

/** An enrollment's start page: progress and outline. */
export default async function EnrollmentPage({ params }: Props) {
  const { enrollmentId } = await params;
  return <EnrollmentOverview enrollmentId={enrollmentId} />;
}
