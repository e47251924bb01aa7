import { asc, count, eq, inArray, isNotNull, sum } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { lessons, questionnaires, questions, quizAttempts } from "../../db/schema";
import { DomainError } from "../../errors";
import { newId } from "../../lib/ids";
import type { TQuestionData, TQuestionnaireKind } from "../../contracts/course-content";
import { getEditableCourse, getQuestionnaireRow, getReadableCourse, recordContentChange, type QuestionnaireRow } from "./guards";
import { listQuestionRows, prepareQuestions, storedQuestionErrors, writeQuestions } from "./questions";
import { serializeQuestionnaire, serializeQuestionnaireSummary } from "./serialize";
import type { Caller } from "../../auth/caller";

/** QUIZ lessons using each questionnaire. */
async function lessonIdsByQuestionnaire(db: DbOrTx, caller: Caller, questionnaireIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (questionnaireIds.length === 0) return out;
  const rows = await db
    .select({ id: lessons.id, questionnaireId: lessons.questionnaireId })
    .from(lessons)
    .where(caller.scope.where(lessons, isNotNull(lessons.questionnaireId), inArray(lessons.questionnaireId, questionnaireIds)))
    .orderBy(asc(lessons.createdAt), asc(lessons.id));
  for (const r of rows) out.set(r.questionnaireId!, [...(out.get(r.questionnaireId!) ?? []), r.id]);
  return out;
}

async function fullQuestionnaire(db: DbOrTx, caller: Caller, row: QuestionnaireRow) {
  const questionRows = await listQuestionRows(db, caller, row.id);
  const lessonIds = await lessonIdsByQuestionnaire(db, caller, [row.id]);
  return serializeQuestionnaire(row, questionRows, lessonIds.get(row.id) ?? []);
}

export async function listQuestionnaires(db: Db, caller: Caller, courseId: string) {
  await getReadableCourse(db, caller, courseId);
  const rows = await db
    .select()
    .from(questionnaires)
    .where(caller.scope.where(questionnaires, eq(questionnaires.courseId, courseId)))
    .orderBy(asc(questionnaires.createdAt), asc(questionnaires.id));
  const ids = rows.map((r) => r.id);
  const stats = ids.length
    ? await db
        .select({ questionnaireId: questions.questionnaireId, n: count(), points: sum(questions.points).mapWith(Number) })
        .from(questions)
        .where(caller.scope.where(questions, inArray(questions.questionnaireId, ids)))
        .groupBy(questions.questionnaireId)
    : [];
  const statsById = new Map(stats.map((s) => [s.questionnaireId, s]));
  const lessonIds = await lessonIdsByQuestionnaire(db, caller, ids);
  return rows.map((r) =>
    serializeQuestionnaireSummary(r, {
      questionCount: Number(statsById.get(r.id)?.n ?? 0),
      totalPoints: statsById.get(r.id)?.points ?? 0,
      lessonIds: lessonIds.get(r.id) ?? [],
    }),
  );
}

export async function getQuestionnaire(db: Db, caller: Caller, courseId: string, questionnaireId: string) {
  await getReadableCourse(db, caller, courseId);
  return fullQuestionnaire(db, caller, await getQuestionnaireRow(db, caller, courseId, questionnaireId));
}

type CreateQuestionnaire = { title: string; kind: TQuestionnaireKind; passMark?: number; questions: TQuestionData[] };

export async function createQuestionnaire(db: Db, caller: Caller, courseId: string, input: CreateQuestionnaire, now: Date) {
  return db.transaction(async (tx) => {
    await getEditableCourse(tx, caller, courseId);
    const prepared = prepareQuestions(input.kind, input.questions, new Set());
    const [row] = await tx
      .insert(questionnaires)
      .values(
        caller.scope.values(questionnaires, {
          id: newId("qst"),
          courseId,
          kind: input.kind,
          title: input.title,
          passMark: input.passMark ?? 50,
          createdAt: now,
          updatedAt: now,
        }),
      )
      .returning();
    await writeQuestions(tx, caller, row!.id, prepared);
    await recordContentChange(tx, caller, courseId, "questionnaire.created", { questionnaireId: row!.id }, now);
    return fullQuestionnaire(tx, caller, row!);
  });
}

/** Title, kind and pass mark. A kind change re-checks the stored questions against the new kind (422). */
export async function updateQuestionnaire(
  db: Db,
  caller: Caller,
  courseId: string,
  questionnaireId: string,
  input: { title?: string; kind?: TQuestionnaireKind; passMark?: number },
  now: Date,
) {
  return db.transaction(async (tx) => {
    await getEditableCourse(tx, caller, courseId);
    const current = await getQuestionnaireRow(tx, caller, courseId, questionnaireId);
    if (input.kind && input.kind !== current.kind) {
      const errors = storedQuestionErrors(input.kind, await listQuestionRows(tx, caller, questionnaireId));
      if (Object.keys(errors).length) {
        throw new DomainError("UNPROCESSABLE", `The questions do not fit a ${input.kind} questionnaire: fix them first`, { fields: { kind: ["Incompatible with the current questions"], ...errors } });
      }
    }
    const [row] = await tx
      .update(questionnaires)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.kind !== undefined ? { kind: input.kind } : {}),
        ...(input.passMark !== undefined ? { passMark: input.passMark } : {}),
        updatedAt: now,
      })
      .where(caller.scope.where(questionnaires, eq(questionnaires.id, questionnaireId)))
      .returning();
    await recordContentChange(tx, caller, courseId, "questionnaire.updated", { questionnaireId }, now);
    return fullQuestionnaire(tx, caller, row!);
  });
}

export async function replaceQuestions(db: Db, caller: Caller, courseId: string, questionnaireId: string, list: TQuestionData[], now: Date) {
  return db.transaction(async (tx) => {
    await getEditableCourse(tx, caller, courseId);
    const current = await getQuestionnaireRow(tx, caller, courseId, questionnaireId);
    const existing = new Set((await listQuestionRows(tx, caller, questionnaireId)).map((q) => q.id));
    await writeQuestions(tx, caller, questionnaireId, prepareQuestions(current.kind, list, existing));
    const [row] = await tx
      .update(questionnaires)
      .set({ updatedAt: now })
      .where(caller.scope.where(questionnaires, eq(questionnaires.id, questionnaireId)))
      .returning();
    await recordContentChange(tx, caller, courseId, "questions.replaced", { questionnaireId, questionCount: list.length }, now);
    return fullQuestionnaire(tx, caller, row!);
  });
}

/** 409 while a lesson uses it or learners have attempts on it (their results are training evidence). */
export async function deleteQuestionnaire(db: Db, caller: Caller, courseId: string, questionnaireId: string, now: Date) {
  return db.transaction(async (tx) => {
    await getEditableCourse(tx, caller, courseId);
    await getQuestionnaireRow(tx, caller, courseId, questionnaireId);
    const used = (await lessonIdsByQuestionnaire(tx, caller, [questionnaireId])).get(questionnaireId) ?? [];
    if (used.length) {
      throw new DomainError("CONFLICT", `Questionnaire is used by lesson ${used.join(", ")}: change or delete the lesson first`, { reason: "CONTENT_IN_USE" });
    }
    const [attempt] = await tx
      .select({ id: quizAttempts.id })
      .from(quizAttempts)
      .where(caller.scope.where(quizAttempts, eq(quizAttempts.questionnaireId, questionnaireId)))
      .limit(1);
    if (attempt) throw new DomainError("CONFLICT", "Questionnaire has quiz attempts: it cannot be deleted", { reason: "CONTENT_IN_USE" });
    await tx.delete(questionnaires).where(caller.scope.where(questionnaires, eq(questionnaires.id, questionnaireId)));
    await recordContentChange(tx, caller, courseId, "questionnaire.deleted", { questionnaireId }, now);
    return { id: questionnaireId, deleted: true as const };
  });
}
