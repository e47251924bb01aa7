import type { Metadata } from "next";
import { NewCourseForm } from "@/components/courses/new-course-form";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("creatorNew.title") };
}

/** First step of a course: the required fields; the builder opens once it exists. */
export default function NewCoursePage() {
  return <NewCourseForm />;
}
