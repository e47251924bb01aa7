import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courses, lessons, modules, questionnaires, questions } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { TAiDraft } from "../../contracts/ai";
import { notFound } from "../../errors";
import { serializeCourse } from "../courses/serialize";
import type { CourseContext } from "./provider";

/**
 * A course with its modules (ordered), lessons (ordered) and questionnaires with their
 * questions: what the AI operations read, copy and return.
 */
type CourseRow = typeof courses.$inferSelect;
type ModuleRow = typeof modules.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
type QuestionnaireRow = typeof questionnaires.$inferSelect;
type QuestionRow = typeof questions.$inferSelect;
export type CourseTree = {
  course: CourseRow;
  modules: (ModuleRow & { lessons: LessonRow[] })[];
  questionnaires: (QuestionnaireRow & { questions: QuestionRow[] })[];
};

export async function loadCourseTree(db: DbOrTx, scope: TenantScope, courseId: string): Promise<CourseTree> {
  const [course] = await db.select().from(courses).where(scope.where(courses, eq(courses.id, courseId))).limit(1);
  if (!course) throw notFound("Course");
  const [mods, less, qnrs] = await Promise.all([
    db.select().from(modules).where(scope.where(modules, eq(modules.courseId, courseId))).orderBy(asc(modules.position), asc(modules.createdAt)),
    db.select().from(lessons).where(scope.where(lessons, eq(lessons.courseId, courseId))).orderBy(asc(lessons.position), asc(lessons.createdAt)),
    db.select().from(questionnaires).where(scope.where(questionnaires, eq(questionnaires.courseId, courseId))).orderBy(asc(questionnaires.createdAt)),
  ]);
  const qs = qnrs.length
    ? await db
        .select()
        .from(questions)
        .where(
          scope.where(
            questions,
            inArray(
              questions.questionnaireId,
              qnrs.map((q) => q.id),
            ),
          ),
        )
        .orderBy(asc(questions.position))
    : [];
  return {
    course,
    modules: mods.map((m) => ({ ...m, lessons: less.filter((l) => l.moduleId === m.id) })),
    questionnaires: qnrs.map((q) => ({ ...q, questions: qs.filter((x) => x.questionnaireId === q.id) })),
  };
}

export const isEmptyText = (l: Pick<LessonRow, "kind" | "content">) => l.kind === "TEXT" && l.content.trim() === "";
export const hasQuiz = (m: { lessons: Pick<LessonRow, "kind">[] }) => m.lessons.some((l) => l.kind === "QUIZ");
export const lessonCount = (t: CourseTree) => t.modules.reduce((n, m) => n + m.lessons.length, 0);

/** What a provider is told about the course. */
export function toCourseContext(t: CourseTree): CourseContext {
  const c = t.course;
  return {
    title: c.title,
    description: c.description,
    language: c.language,
    level: c.level,
    format: c.format,
    duration: c.duration,
    price: c.price,
    currency: c.currency,
    tags: c.tags,
    pedagogicalObjectives: c.pedagogicalObjectives,
    prerequisites: c.prerequisites,
    targetAudience: c.targetAudience,
    teachingMethods: c.teachingMethods,
    evaluationMethods: c.evaluationMethods,
    accessibilityInfo: c.accessibilityInfo,
    disabilityReferentContact: c.disabilityReferentContact,
    modules: t.modules.map((m) => ({
      title: m.title,
      description: m.description,
      lessons: m.lessons.map((l) => ({ title: l.title, kind: l.kind, content: l.content })),
    })),
  };
}

export function serializeDraft(t: CourseTree): TAiDraft {
  return {
    ...serializeCourse(t.course),
    modules: t.modules.map((m) => ({
      id: m.id,
      title: m.title,
      description: m.description,
      position: m.position,
      lessons: m.lessons.map((l) => ({ id: l.id, title: l.title, kind: l.kind, position: l.position, content: l.content, questionnaireId: l.questionnaireId })),
    })),
    questionnaires: t.questionnaires.map((q) => ({ id: q.id, title: q.title, kind: q.kind, passMark: q.passMark, questionsCount: q.questions.length })),
  };
}
