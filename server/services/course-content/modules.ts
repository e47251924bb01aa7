import { asc, eq, max } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { lessons, modules } from "../../db/schema";
import { newId } from "../../lib/ids";
import {
  assertNoLearnerRecords,
  assertSameIds,
  getEditableCourse,
  getModule,
  getReadableCourse,
  recordContentChange,
  setModulePositions,
} from "./guards";
import { serializeModule, serializeOutline } from "./serialize";
import type { Caller } from "../../auth/caller";

/** The course outline: modules in order, each with its lessons in order. */
export async function loadOutline(db: DbOrTx, caller: Caller, courseId: string) {
  const moduleRows = await db
    .select()
    .from(modules)
    .where(caller.scope.where(modules, eq(modules.courseId, courseId)))
    .orderBy(asc(modules.position), asc(modules.createdAt), asc(modules.id));
  const lessonRows = await db
    .select()
    .from(lessons)
    .where(caller.scope.where(lessons, eq(lessons.courseId, courseId)))
    .orderBy(asc(lessons.position), asc(lessons.createdAt), asc(lessons.id));
  return { moduleRows, lessonRows };
}

export async function listModules(db: Db, caller: Caller, courseId: string) {
  await getReadableCourse(db, caller, courseId);
  const { moduleRows, lessonRows } = await loadOutline(db, caller, courseId);
  return serializeOutline(moduleRows, lessonRows);
}

/** A module with its lessons, in position order. */
export async function moduleWithLessons(db: DbOrTx, caller: Caller, courseId: string, moduleId: string) {
  const row = await getModule(db, caller, courseId, moduleId);
  const lessonRows = await db
    .select()
    .from(lessons)
    .where(caller.scope.where(lessons, eq(lessons.moduleId, moduleId)))
    .orderBy(asc(lessons.position), asc(lessons.createdAt), asc(lessons.id));
  return serializeModule(row, lessonRows);
}

export async function createModule(db: Db, caller: Caller, courseId: string, input: { title: string; description?: string }, now: Date) {
  return db.transaction(async (tx) => {
    await getEditableCourse(tx, caller, courseId);
    const [last] = await tx
      .select({ position: max(modules.position) })
      .from(modules)
      .where(caller.scope.where(modules, eq(modules.courseId, courseId)));
    const [row] = await tx
      .insert(modules)
      .values(
        caller.scope.values(modules, {
          id: newId("mod"),
          courseId,
          title: input.title,
          description: input.description ?? "",
          position: (last?.position ?? -1) + 1,
          createdAt: now,
          updatedAt: now,
        }),
      )
      .returning();
    await recordContentChange(tx, caller, courseId, "module.created", { moduleId: row!.id }, now);
    return serializeModule(row!, []);
  });
}

export async function updateModule(
  db: Db,
  caller: Caller,
  courseId: string,
  moduleId: string,
  input: { title?: string; description?: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    await getEditableCourse(tx, caller, courseId);
    await getModule(tx, caller, courseId, moduleId);
    await tx
      .update(modules)
      .set({ ...(input.title !== undefined ? { title: input.title } : {}), ...(input.description !== undefined ? { description: input.description } : {}), updatedAt: now })
      .where(caller.scope.where(modules, eq(modules.id, moduleId)));
    await recordContentChange(tx, caller, courseId, "module.updated", { moduleId }, now);
    return moduleWithLessons(tx, caller, courseId, moduleId);
  });
}

/** Deletes a module and its lessons (409 when learners have records on them); the others close ranks. */
export async function deleteModule(db: Db, caller: Caller, courseId: string, moduleId: string, now: Date) {
  return db.transaction(async (tx) => {
    await getEditableCourse(tx, caller, courseId);
    await getModule(tx, caller, courseId, moduleId);
    const lessonIds = (await tx.select({ id: lessons.id }).from(lessons).where(caller.scope.where(lessons, eq(lessons.moduleId, moduleId)))).map((l) => l.id);
    await assertNoLearnerRecords(tx, caller, lessonIds, "A lesson of this module");
    await tx.delete(lessons).where(caller.scope.where(lessons, eq(lessons.moduleId, moduleId)));
    await tx.delete(modules).where(caller.scope.where(modules, eq(modules.id, moduleId)));
    const rest = await tx
      .select({ id: modules.id })
      .from(modules)
      .where(caller.scope.where(modules, eq(modules.courseId, courseId)))
      .orderBy(asc(modules.position), asc(modules.createdAt), asc(modules.id));
    await setModulePositions(tx, caller, rest.map((m) => m.id), now);
    await recordContentChange(tx, caller, courseId, "module.deleted", { moduleId, lessonIds }, now);
    return { id: moduleId, deleted: true as const, lessonsDeleted: lessonIds.length };
  });
}

/** New module order: `moduleIds` must be exactly the course's modules (422 otherwise). */
export async function reorderModules(db: Db, caller: Caller, courseId: string, moduleIds: string[], now: Date) {
  return db.transaction(async (tx) => {
    await getEditableCourse(tx, caller, courseId);
    const actual = await tx.select({ id: modules.id }).from(modules).where(caller.scope.where(modules, eq(modules.courseId, courseId)));
    assertSameIds("moduleIds", moduleIds, actual.map((m) => m.id), "module", "course");
    await setModulePositions(tx, caller, moduleIds, now);
    await recordContentChange(tx, caller, courseId, "modules.reordered", { moduleIds }, now);
    const { moduleRows, lessonRows } = await loadOutline(tx, caller, courseId);
    return serializeOutline(moduleRows, lessonRows);
  });
}
