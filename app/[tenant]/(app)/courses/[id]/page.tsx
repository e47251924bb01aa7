import type { Metadata } from "next";
import { Suspense } from "react";
import { CourseBuilder } from "@/components/courses/builder/course-builder";
import { getTranslator } from "@/lib/i18n/server";

type Props = { params: Promise<{ tenant: string; id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("nav.courses") };
}

/** The course builder: details, Qualiopi fields, content, questionnaires, trainers, enrollments, AI helpers. */
export default async function CourseBuilderPage({ params }: Props) {
  const { id } = await params;
  return (
    <Suspense>
      <CourseBuilder courseId={id} />
    </Suspense>
  );
}
