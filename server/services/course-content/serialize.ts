import type { lessons, modules, questionnaires, questions } from "../../db/schema";
import { page } from "../../contracts/envelope";
import type { TLearnerQuestionnaire, TLesson, TModule, TQuestion, TQuestionnaire, TQuestionnaireSummary } from "../../contracts/course-content";

type LessonRow = typeof lessons.$inferSelect;
type ModuleRow = typeof modules.$inferSelect;
type QuestionnaireRow = typeof questionnaires.$inferSelect;
type QuestionRow = typeof questions.$inferSelect;

export function serializeLesson(l: LessonRow): TLesson {
  return {
    id: l.id,
    courseId: l.courseId,
    moduleId: l.moduleId,
    title: l.title,
    kind: l.kind,
    content: l.content,
    mediaId: l.mediaId,
    mediaUrl: l.mediaUrl,
    questionnaireId: l.questionnaireId,
    durationMinutes: l.durationMinutes,
    position: l.position,
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
  };
}

/** A module with its lessons (already in position order). */
export function serializeModule(m: ModuleRow, moduleLessons: LessonRow[]): TModule {
  return {
    id: m.id,
    courseId: m.courseId,
    title: m.title,
    description: m.description,
    position: m.position,
    durationMinutes: moduleLessons.reduce((sum, l) => sum + (l.durationMinutes ?? 0), 0),
    lessons: moduleLessons.map(serializeLesson),
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** Modules in position order, each with its lessons in position order, and the course totals. */
export function serializeOutline(moduleRows: ModuleRow[], lessonRows: LessonRow[]) {
  const byModule = new Map<string, LessonRow[]>();
  for (const l of lessonRows) {
    const list = byModule.get(l.moduleId) ?? [];
    list.push(l);
    byModule.set(l.moduleId, list);
  }
  const data = moduleRows.map((m) => serializeModule(m, byModule.get(m.id) ?? []));
  return page(data, {
    moduleCount: data.length,
    lessonCount: data.reduce((n, m) => n + m.lessons.length, 0),
    durationMinutes: data.reduce((n, m) => n + m.durationMinutes, 0),
  });
}

function serializeQuestion(q: QuestionRow): TQuestion {
  return {
    id: q.id,
    kind: q.kind,
    prompt: q.prompt,
    choices: q.choices.map((c) => ({ id: c.id, label: c.label, correct: c.correct })),
    expectedText: q.expectedText,
    explanation: q.explanation,
    points: q.points,
    position: q.position,
  };
}

export function serializeQuestionnaireSummary(row: QuestionnaireRow, stats: { questionCount: number; totalPoints: number; lessonIds: string[] }): TQuestionnaireSummary {
  return {
    id: row.id,
    courseId: row.courseId,
    kind: row.kind,
    title: row.title,
    passMark: row.passMark,
    questionCount: stats.questionCount,
    totalPoints: stats.totalPoints,
    lessonIds: stats.lessonIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function serializeQuestionnaire(row: QuestionnaireRow, questionRows: QuestionRow[], lessonIds: string[]): TQuestionnaire {
  return {
    ...serializeQuestionnaireSummary(row, { questionCount: questionRows.length, totalPoints: totalPoints(questionRows), lessonIds }),
    questions: questionRows.map(serializeQuestion),
  };
}

/** The learner's copy: choice ids and labels only; no correct flags, expected text or explanations. */
export function serializeLearnerQuestionnaire(row: QuestionnaireRow, questionRows: QuestionRow[]): TLearnerQuestionnaire {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    passMark: row.passMark,
    questionCount: questionRows.length,
    totalPoints: totalPoints(questionRows),
    questions: questionRows.map((q) => ({
      id: q.id,
      kind: q.kind,
      prompt: q.prompt,
      points: q.points,
      choices: q.choices.map((c) => ({ id: c.id, label: c.label })),
    })),
  };
}

const totalPoints = (rows: Pick<QuestionRow, "points">[]) => rows.reduce((n, q) => n + q.points, 0);
