import type { Metadata } from "next";
import { Suspense } from "react";
import { CourseListView } from "@/components/courses/course-list-view";
import { getTranslator } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t("nav.courses") };
}

/** Course list: a CREATOR's own courses, or every course for an ADMIN. */
export default function CoursesPage() {
  return (
    <Suspense>
      <CourseListView />
    </Suspense>
  );
}
