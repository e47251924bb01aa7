import { eq } from "drizzle-orm";
import type { Db } from "../../server/db";
import { courses, enrollments, lessonProgress, lessons, modules, questionnaires, questions, type Choice } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { newId } from "../../server/lib/ids";

/**
 * Catalogue data for the enrollment, progress and quiz tests, inserted directly (the catalogue
 * endpoints are tested elsewhere). Everything goes through the tenant scope like the services.
 */

export type QuestionSeed =
  | { kind: "SINGLE_CHOICE" | "TRUE_FALSE" | "MULTIPLE_CHOICE"; prompt?: string; choices: [label: string, correct: boolean][]; points?: number; explanation?: string }
  | { kind: "FREE_TEXT"; prompt?: string; expectedText?: string | null; points?: number; explanation?: string };

/** `content` and `mediaUrl` default to something to follow (a lesson without content cannot be completed); pass "" / null for an empty lesson. */
export type LessonSeed = { title?: string; kind?: "TEXT" | "VIDEO" | "FILE" | "QUIZ"; content?: string; mediaUrl?: string | null; quiz?: { title?: string; passMark?: number; questions: QuestionSeed[] } };

export type CourseSeed = {
  creatorId: string;
  title?: string;
  slug?: string;
  status?: "DRAFT" | "PUBLISHED" | "ARCHIVED";
  modules?: { title?: string; lessons: LessonSeed[] }[];
};

export type SeededQuestion = { id: string; kind: QuestionSeed["kind"]; choices: Choice[] };
export type SeededLesson = { id: string; moduleId: string; kind: string; questionnaireId: string | null; questions: SeededQuestion[] };
export type SeededCourse = {
  id: string;
  slug: string;
  title: string;
  modules: { id: string; title: string; lessons: SeededLesson[] }[];
  lessons: SeededLesson[];
};

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A course (PUBLISHED by default) with modules, lessons and quizzes; default: 2 modules of 2 text lessons. */
export async function createLearningCourse(db: Db, tenantId: string, seed: CourseSeed): Promise<SeededCourse> {
  const scope = forTenant(tenantId);
  const suffix = unique();
  const slug = seed.slug ?? `course-${suffix}`;
  const title = seed.title ?? `Course ${suffix}`;
  const courseId = newId("crs");
  await db.insert(courses).values(
    scope.values(courses, { id: courseId, creatorId: seed.creatorId, title, slug, status: seed.status ?? "PUBLISHED", publishedAt: new Date() }),
  );
  const out: SeededCourse = { id: courseId, slug, title, modules: [], lessons: [] };
  const mods = seed.modules ?? [{ lessons: [{}, {}] }, { lessons: [{}, {}] }];
  for (const [mi, m] of mods.entries()) {
    const moduleId = newId("mod");
    const moduleTitle = m.title ?? `Module ${mi + 1}`;
    await db.insert(modules).values(scope.values(modules, { id: moduleId, courseId, title: moduleTitle, position: mi }));
    const seeded = { id: moduleId, title: moduleTitle, lessons: [] as SeededLesson[] };
    for (const [li, l] of m.lessons.entries()) {
      let questionnaireId: string | null = null;
      const qs: SeededQuestion[] = [];
      if (l.quiz) {
        questionnaireId = newId("qst");
        await db
          .insert(questionnaires)
          .values(scope.values(questionnaires, { id: questionnaireId, courseId, kind: "QUIZ", title: l.quiz.title ?? `Quiz ${mi + 1}.${li + 1}`, passMark: l.quiz.passMark ?? 50 }));
        for (const [qi, q] of l.quiz.questions.entries()) {
          const id = newId("qqn");
          const choices: Choice[] = q.kind === "FREE_TEXT" ? [] : q.choices.map(([label, correct]) => ({ id: newId("qqn").replace("qqn_", "chc_"), label, correct }));
          await db.insert(questions).values(
            scope.values(questions, {
              id,
              questionnaireId,
              kind: q.kind,
              prompt: q.prompt ?? `Question ${qi + 1}`,
              choices,
              expectedText: q.kind === "FREE_TEXT" ? (q.expectedText ?? null) : null,
              explanation: q.explanation ?? `Explanation ${qi + 1}`,
              points: q.points ?? 1,
              position: qi,
            }),
          );
          qs.push({ id, kind: q.kind, choices });
        }
      }
      const lessonId = newId("les");
      const kind = l.kind ?? (l.quiz ? "QUIZ" : "TEXT");
      await db
        .insert(lessons)
        .values(
          scope.values(lessons, {
            id: lessonId,
            courseId,
            moduleId,
            title: l.title ?? `Lesson ${mi + 1}.${li + 1}`,
            kind,
            content: l.content ?? (kind === "TEXT" ? `Content of lesson ${mi + 1}.${li + 1}.` : ""),
            mediaUrl: l.mediaUrl !== undefined ? l.mediaUrl : kind === "VIDEO" || kind === "FILE" ? `https://media.example.test/${lessonId}` : null,
            questionnaireId,
            position: li,
          }),
        );
      const lesson = { id: lessonId, moduleId, kind, questionnaireId, questions: qs };
      seeded.lessons.push(lesson);
      out.lessons.push(lesson);
    }
    out.modules.push(seeded);
  }
  return out;
}

/** An enrollment row inserted directly (state set up for a test). */
export async function insertEnrollment(
  db: Db,
  tenantId: string,
  p: { courseId: string; userId: string; status?: "ACTIVE" | "COMPLETED" | "CANCELLED" | "SUSPENDED" | "REVOKED"; enrolledAt?: Date },
) {
  const scope = forTenant(tenantId);
  const [row] = await db
    .insert(enrollments)
    .values(
      scope.values(enrollments, {
        id: newId("enr"),
        courseId: p.courseId,
        userId: p.userId,
        status: p.status ?? "ACTIVE",
        ...(p.enrolledAt ? { enrolledAt: p.enrolledAt } : {}),
        ...(p.status === "CANCELLED" ? { cancelledAt: new Date() } : {}),
        ...(p.status === "COMPLETED" ? { completedAt: new Date() } : {}),
      }),
    )
    .returning();
  return row!;
}

/** Marks lessons COMPLETED for an enrollment, directly. */
export async function completeLessons(db: Db, tenantId: string, enrollmentId: string, lessonIds: string[]) {
  const scope = forTenant(tenantId);
  const now = new Date();
  for (const lessonId of lessonIds) {
    await db
      .insert(lessonProgress)
      .values(scope.values(lessonProgress, { id: newId("prg"), enrollmentId, lessonId, status: "COMPLETED", startedAt: now, completedAt: now }));
  }
}

export async function enrollmentRow(db: Db, id: string) {
  const [row] = await db.select().from(enrollments).where(eq(enrollments.id, id)).limit(1);
  return row;
}

/** The correct choice ids of a seeded question. */
export const rightChoices = (q: SeededQuestion) => q.choices.filter((c) => c.correct).map((c) => c.id);
export const wrongChoices = (q: SeededQuestion) => q.choices.filter((c) => !c.correct).map((c) => c.id);
