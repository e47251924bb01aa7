import type { EnrollmentDetail, OutlineLesson } from "./types";

export type FlatLesson = OutlineLesson & { moduleId: string; moduleTitle: string; moduleIndex: number };

/** The course's lessons in reading order (modules, then lessons, by position). */
export function flattenLessons(detail: EnrollmentDetail): FlatLesson[] {
  return [...detail.modules]
    .sort((a, b) => a.position - b.position)
    .flatMap((m, moduleIndex) =>
      [...m.lessons].sort((a, b) => a.position - b.position).map((l) => ({ ...l, moduleId: m.id, moduleTitle: m.title, moduleIndex })),
    );
}

/** Where "continue" leads: the first lesson of the learner's path not completed (skipped lessons are optional), else the first lesson. */
export function resumeLesson(lessons: FlatLesson[]): FlatLesson | undefined {
  return lessons.find((l) => l.status !== "COMPLETED" && l.pathRole !== "SKIPPED") ?? lessons[0];
}
