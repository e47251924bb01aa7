import { getTranslator } from "@/lib/i18n/server";
import { serverCaller } from "@/lib/server/api-caller";

/** "Lesson — Course" (or the course alone) for the player's <title>; "My courses" when unreadable. */
export async function learnPageTitle(tenant: string, enrollmentId: string, lessonId?: string): Promise<string> {
  const detail = await (await serverCaller(tenant)).enrollments
    .byId({ id: enrollmentId })
    .then((r) => r.data)
    .catch(() => null);
  if (!detail) return (await getTranslator()).t("nav.myCourses");
  const lesson = lessonId ? detail.modules.flatMap((m) => m.lessons).find((l) => l.id === lessonId) : undefined;
  return lesson ? `${lesson.title} — ${detail.course.title}` : detail.course.title;
}
