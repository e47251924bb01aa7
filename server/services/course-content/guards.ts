import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courses, lessonProgress, lessons, modules, questionnaires, quizAttempts } from "../../db/schema";
import { DomainError, forbidden, notFound } from "../../errors";
import { logActivity } from "../activity/log";
import { getCourse, getOwnedCourse, type CourseRow } from "../courses/access";
import { isCourseOwner, isCourseTrainer } from "../platform/who-may";
import type { Caller } from "../../auth/caller";

/**
 * Who may touch a course's content, and the lookups that keep every id inside one course.
 * Writes: the owner (creator or ADMIN), never on an ARCHIVED course. Reads of the editing
 * view: the owner or a trainer assigned to the course.
 */

/** The course, locked for the transaction, owned by the caller and not archived. */
export async function getEditableCourse(tx: DbOrTx, caller: Caller, courseId: string): Promise<CourseRow> {
  const course = await getOwnedCourse(tx, caller, courseId, { forUpdate: true });
  if (course.status === "ARCHIVED") throw new DomainError("INVALID_STATE", "Course is archived: its content is read-only", { reason: "COURSE_ARCHIVED" });
  return course;
}

/** The course for its editing view: owner (creator or ADMIN) or assigned trainer; 403 otherwise. */
export async function getReadableCourse(db: DbOrTx, caller: Caller, courseId: string): Promise<CourseRow> {
  const course = await getCourse(db, caller.scope, courseId);
  if (!isCourseOwner(course, caller) && !(await isCourseTrainer(db, caller, courseId))) {
    throw forbidden("Forbidden: only the course's creator, an ADMIN or its trainers may read its content");
  }
  return course;
}

export type ModuleRow = typeof modules.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type QuestionnaireRow = typeof questionnaires.$inferSelect;

export async function getModule(db: DbOrTx, caller: Caller, courseId: string, moduleId: string): Promise<ModuleRow> {
  const [row] = await db.select().from(modules).where(caller.scope.where(modules, eq(modules.id, moduleId), eq(modules.courseId, courseId))).limit(1);
  if (!row) throw notFound("Module");
  return row;
}

export async function getLesson(db: DbOrTx, caller: Caller, courseId: string, lessonId: string): Promise<LessonRow> {
  const [row] = await db.select().from(lessons).where(caller.scope.where(lessons, eq(lessons.id, lessonId), eq(lessons.courseId, courseId))).limit(1);
  if (!row) throw notFound("Lesson");
  return row;
}

export async function getQuestionnaireRow(db: DbOrTx, caller: Caller, courseId: string, questionnaireId: string): Promise<QuestionnaireRow> {
  const [row] = await db
    .select()
    .from(questionnaires)
    .where(caller.scope.where(questionnaires, eq(questionnaires.id, questionnaireId), eq(questionnaires.courseId, courseId)))
    .limit(1);
  if (!row) throw notFound("Questionnaire");
  return row;
}

/**
 * Learners' records hang off lessons (progress, quiz attempts) and would be deleted with them:
 * a lesson someone has started is kept, as evidence of the training delivered.
 */
export async function assertNoLearnerRecords(db: DbOrTx, caller: Caller, lessonIds: string[], what: string): Promise<void> {
  if (lessonIds.length === 0) return;
  const [progress] = await db
    .select({ id: lessonProgress.id })
    .from(lessonProgress)
    .where(caller.scope.where(lessonProgress, inArray(lessonProgress.lessonId, lessonIds)))
    .limit(1);
  const [attempt] = await db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(caller.scope.where(quizAttempts, inArray(quizAttempts.lessonId, lessonIds)))
    .limit(1);
  if (progress || attempt) throw new DomainError("CONFLICT", `${what} has learner progress or quiz attempts: it cannot be deleted`, { reason: "CONTENT_IN_USE" });
}

/** Records a content change on the course (activity log) and bumps the course's updatedAt. */
export async function recordContentChange(
  tx: DbOrTx,
  caller: Caller,
  courseId: string,
  change: string,
  metadata: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await tx.update(courses).set({ updatedAt: now }).where(caller.scope.where(courses, eq(courses.id, courseId)));
  await logActivity(tx, caller.scope, { userId: caller.userId, action: "course.updated", courseId, metadata: { change, ...metadata } }, now);
}

/** `position = index` for each id, in one statement of the caller's transaction. */
function positionCase(column: typeof modules.id | typeof lessons.id, ids: string[]): SQL {
  return sql`case ${column} ${sql.join(
    ids.map((id, i) => sql`when ${id} then ${i}::int`),
    sql` `,
  )} end`;
}

export async function setModulePositions(tx: DbOrTx, caller: Caller, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(modules)
    .set({ position: positionCase(modules.id, ids), updatedAt: now })
    .where(caller.scope.where(modules, inArray(modules.id, ids)));
}

export async function setLessonPositions(tx: DbOrTx, caller: Caller, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(lessons)
    .set({ position: positionCase(lessons.id, ids), updatedAt: now })
    .where(caller.scope.where(lessons, inArray(lessons.id, ids)));
}

/** 422 unless `given` lists each of `actual` exactly once. */
export function assertSameIds(field: string, given: string[], actual: string[], noun: string, parent: string): void {
  const known = new Set(actual);
  const listed = new Set(given);
  const duplicates = [...listed].filter((id) => given.indexOf(id) !== given.lastIndexOf(id));
  const unknown = [...listed].filter((id) => !known.has(id));
  const missing = actual.filter((id) => !listed.has(id));
  const problems: string[] = [];
  if (duplicates.length) problems.push(`Listed more than once: ${duplicates.join(", ")}`);
  if (unknown.length) problems.push(`Not a ${noun} of this ${parent}: ${unknown.join(", ")}`);
  if (missing.length) problems.push(`Missing: ${missing.join(", ")}`);
  if (problems.length) {
    throw new DomainError("UNPROCESSABLE", `${field} must list every ${noun} of the ${parent} exactly once`, { fields: { [field]: problems } });
  }
}
