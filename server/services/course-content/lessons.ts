import { and, asc, eq, max, ne } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { lessons, media, modules, questionnaires } from "../../db/schema";
import { DomainError, type FieldErrors } from "../../errors";
import { newId } from "../../lib/ids";
import type { TCreateLessonInput, TUpdateLessonInput } from "../../contracts/course-content";
import {
  assertNoLearnerRecords,
  assertSameIds,
  getEditableCourse,
  getLesson,
  getModule,
  recordContentChange,
  setLessonPositions,
  type LessonRow,
} from "./guards";
import { moduleWithLessons } from "./modules";
import { serializeLesson } from "./serialize";
import type { Caller } from "../../auth/caller";

type LessonKind = LessonRow["kind"];
type LessonRefs = { kind: LessonKind; mediaId: string | null; questionnaireId: string | null };

/** Field errors for the ids a lesson points at: its questionnaire (same course) and its media (same tenant). */
async function lessonRefErrors(tx: DbOrTx, caller: Caller, courseId: string, l: LessonRefs): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (l.kind === "QUIZ" && !l.questionnaireId) errors.questionnaireId = ["Required for QUIZ lessons"];
  if (l.kind !== "QUIZ" && l.questionnaireId) errors.questionnaireId = ["Only QUIZ lessons reference a questionnaire"];
  if (l.kind === "QUIZ" && l.questionnaireId) {
    const [q] = await tx
      .select({ id: questionnaires.id })
      .from(questionnaires)
      .where(caller.scope.where(questionnaires, eq(questionnaires.id, l.questionnaireId), eq(questionnaires.courseId, courseId)))
      .limit(1);
    if (!q) errors.questionnaireId = ["Questionnaire not found in this course"];
  }
  if (l.mediaId) {
    const [m] = await tx.select({ kind: media.kind }).from(media).where(caller.scope.where(media, eq(media.id, l.mediaId))).limit(1);
    if (!m) errors.mediaId = ["Media not found"];
    else if (l.kind === "VIDEO" && m.kind !== "VIDEO") errors.mediaId = [`VIDEO lessons need VIDEO media (this one is ${m.kind})`];
  }
  return errors;
}

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw new DomainError("UNPROCESSABLE", "Validation failed", { fields: errors });
}

async function nextPosition(tx: DbOrTx, caller: Caller, moduleId: string): Promise<number> {
  const [last] = await tx.select({ position: max(lessons.position) }).from(lessons).where(caller.scope.where(lessons, eq(lessons.moduleId, moduleId)));
  return (last?.position ?? -1) + 1;
}

async function lessonIdsOf(tx: DbOrTx, caller: Caller, moduleId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(caller.scope.where(lessons, eq(lessons.moduleId, moduleId)))
    .orderBy(asc(lessons.position), asc(lessons.createdAt), asc(lessons.id));
  return rows.map((r) => r.id);
}

type CreateLesson = Omit<TCreateLessonInput, "id" | "moduleId">;

export async function createLesson(db: Db, caller: Caller, courseId: string, moduleId: string, input: CreateLesson, now: Date) {
  return db.transaction(async (tx) => {
    await getEditableCourse(tx, caller, courseId);
    await getModule(tx, caller, courseId, moduleId);
    const refs = { kind: input.kind, mediaId: input.mediaId ?? null, questionnaireId: input.questionnaireId ?? null };
    throwIfAny(await lessonRefErrors(tx, caller, courseId, refs));
    const [row] = await tx
      .insert(lessons)
      .values(
        caller.scope.values(lessons, {
          id: newId("les"),
          courseId,
          moduleId,
          title: input.title,
          content: input.content ?? "",
          mediaUrl: input.mediaUrl ?? null,
          durationMinutes: input.durationMinutes ?? null,
          ...refs,
          position: await nextPosition(tx, caller, moduleId),
          createdAt: now,
          updatedAt: now,
        }),
      )
      .returning();
    await recordContentChange(tx, caller, courseId, "lesson.created", { moduleId, lessonId: row!.id }, now);
    return serializeLesson(row!);
  });
}

type UpdateLesson = Omit<TUpdateLessonInput, "id" | "lessonId">;

/**
 * Partial update. Changing `kind` away from QUIZ drops the questionnaire link; `moduleId`
 * moves the lesson to the end of another module of the same course (the old one closes ranks).
 */
export async function updateLesson(db: Db, caller: Caller, courseId: string, lessonId: string, input: UpdateLesson, now: Date) {
  return db.transaction(async (tx) => {
    await getEditableCourse(tx, caller, courseId);
    const current = await getLesson(tx, caller, courseId, lessonId);
    const kind = input.kind ?? current.kind;
    const dropsQuiz = input.kind !== undefined && input.kind !== "QUIZ" && input.questionnaireId === undefined;
    const refs: LessonRefs = {
      kind,
      mediaId: input.mediaId !== undefined ? input.mediaId : current.mediaId,
      questionnaireId: dropsQuiz ? null : input.questionnaireId !== undefined ? input.questionnaireId : current.questionnaireId,
    };
    const errors = await lessonRefErrors(tx, caller, courseId, refs);
    const moving = input.moduleId !== undefined && input.moduleId !== current.moduleId;
    if (moving) {
      const [target] = await tx
        .select({ id: modules.id })
        .from(modules)
        .where(caller.scope.where(modules, eq(modules.id, input.moduleId!), eq(modules.courseId, courseId)))
        .limit(1);
      if (!target) errors.moduleId = ["Module not found in this course"];
    }
    throwIfAny(errors);

    const changes: Partial<typeof lessons.$inferInsert> = { ...refs, updatedAt: now };
    if (input.title !== undefined) changes.title = input.title;
    if (input.content !== undefined) changes.content = input.content;
    if (input.mediaUrl !== undefined) changes.mediaUrl = input.mediaUrl;
    if (input.durationMinutes !== undefined) changes.durationMinutes = input.durationMinutes;
    if (moving) {
      changes.moduleId = input.moduleId!;
      changes.position = await nextPosition(tx, caller, input.moduleId!);
    }
    await tx.update(lessons).set(changes).where(caller.scope.where(lessons, eq(lessons.id, lessonId)));
    if (moving) await setLessonPositions(tx, caller, await lessonIdsOf(tx, caller, current.moduleId), now);
    await recordContentChange(tx, caller, courseId, moving ? "lesson.moved" : "lesson.updated", { lessonId, moduleId: input.moduleId ?? current.moduleId }, now);
    return serializeLesson(await getLesson(tx, caller, courseId, lessonId));
  });
}

export async function deleteLesson(db: Db, caller: Caller, courseId: string, lessonId: string, now: Date) {
  return db.transaction(async (tx) => {
    await getEditableCourse(tx, caller, courseId);
    const lesson = await getLesson(tx, caller, courseId, lessonId);
    await assertNoLearnerRecords(tx, caller, [lessonId], "This lesson");
    await tx.delete(lessons).where(caller.scope.where(lessons, eq(lessons.id, lessonId)));
    const rest = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(caller.scope.where(lessons, and(eq(lessons.moduleId, lesson.moduleId), ne(lessons.id, lessonId))))
      .orderBy(asc(lessons.position), asc(lessons.createdAt), asc(lessons.id));
    await setLessonPositions(tx, caller, rest.map((r) => r.id), now);
    await recordContentChange(tx, caller, courseId, "lesson.deleted", { lessonId, moduleId: lesson.moduleId }, now);
    return { id: lessonId, deleted: true as const };
  });
}

/** New lesson order inside a module: `lessonIds` must be exactly the module's lessons (422 otherwise). */
export async function reorderLessons(db: Db, caller: Caller, courseId: string, moduleId: string, lessonIds: string[], now: Date) {
  return db.transaction(async (tx) => {
    await getEditableCourse(tx, caller, courseId);
    await getModule(tx, caller, courseId, moduleId);
    assertSameIds("lessonIds", lessonIds, await lessonIdsOf(tx, caller, moduleId), "lesson", "module");
    await setLessonPositions(tx, caller, lessonIds, now);
    await recordContentChange(tx, caller, courseId, "lessons.reordered", { moduleId, lessonIds }, now);
    return moduleWithLessons(tx, caller, courseId, moduleId);
  });
}
