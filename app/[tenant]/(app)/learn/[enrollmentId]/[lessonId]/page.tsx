import type { Metadata } from "next";
import { LessonPlayer } from "@/components/learn/lesson-player";
import { learnPageTitle } from "@/components/learn/page-title";

type Props = { params: Promise<{ tenant: string; enrollmentId: string; lessonId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { tenant, enrollmentId, lessonId } = await params;
  return { title: await learnPageTitle(tenant, enrollmentId, lessonId) };
}

/** One lesson of an enrollment in the player. */
export default async function LessonPage({ params }: Props) {
  const { enrollmentId, lessonId } = await params;
  return <LessonPlayer enrollmentId={enrollmentId} lessonId={lessonId} />;
}
