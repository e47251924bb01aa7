import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courses, courseTrainers, enrollments, liveSessions, sessionTrainers } from "../../db/schema";
import { forbidden, notFound } from "../../errors";
import type { LearningCaller } from "../courses/access";

export type SessionRow = typeof liveSessions.$inferSelect;
export type SessionCourse = { id: string; title: string; creatorId: string };
export type LoadedSession = { session: SessionRow; course: SessionCourse; trainerIds: string[] };

/** Enrollment states that make a learner a participant (conventions §7). */
export const PARTICIPANT_STATUSES = ["ACTIVE", "COMPLETED"] as const;

/** Course ids in which the caller holds an ACTIVE or COMPLETED enrollment. */
export function enrolledCourseIds(caller: LearningCaller) {
  return sql`(select ${enrollments.courseId} from ${enrollments} where ${caller.scope.where(
    enrollments,
    eq(enrollments.userId, caller.userId),
    inArray(enrollments.status, [...PARTICIPANT_STATUSES]),
  )})`;
}

export const sessionNotFound = () => notFound("Session");

/**
 * The session with its course and trainers, or 404: another tenant's id, or (for a LEARNER) a
 * session of a course the caller is not enrolled in, is simply not found.
 */
export async function loadSession(
  db: DbOrTx,
  caller: LearningCaller,
  id: string,
  opts: { forUpdate?: boolean; /** false: a LEARNER outside the course still finds it (signing answers 403). */ hideFromOutsiders?: boolean } = {},
): Promise<LoadedSession> {
  const q = db
    .select({ session: liveSessions, course: { id: courses.id, title: courses.title, creatorId: courses.creatorId } })
    .from(liveSessions)
    .innerJoin(courses, eq(courses.id, liveSessions.courseId))
    .where(caller.scope.where(liveSessions, eq(liveSessions.id, id)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for("update", { of: liveSessions }) : await q;
  if (!row) throw sessionNotFound();
  const trainers = await db
    .select({ userId: sessionTrainers.userId })
    .from(sessionTrainers)
    .where(caller.scope.where(sessionTrainers, eq(sessionTrainers.sessionId, id)));
  const loaded = { session: row.session, course: row.course, trainerIds: trainers.map((t) => t.userId) };
  if (opts.hideFromOutsiders !== false && caller.role === "LEARNER" && !(await isParticipantLearner(db, caller, row.session.courseId))) {
    throw sessionNotFound();
  }
  return loaded;
}

/** ADMIN, the course's creator and the session's trainers run the session (conventions §7, §9). */
export function canModerate(loaded: LoadedSession, caller: LearningCaller): boolean {
  return caller.role === "ADMIN" || loaded.course.creatorId === caller.userId || loaded.trainerIds.includes(caller.userId);
}

export function assertModerator(loaded: LoadedSession, caller: LearningCaller): void {
  if (!canModerate(loaded, caller)) throw forbidden("Forbidden: only an ADMIN, the course's creator or the session's trainers may do this");
}

export async function isParticipantLearner(db: DbOrTx, caller: LearningCaller, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      caller.scope.where(
        enrollments,
        eq(enrollments.courseId, courseId),
        eq(enrollments.userId, caller.userId),
        inArray(enrollments.status, [...PARTICIPANT_STATUSES]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Is `userId` one of the course's assigned trainers (course_trainers)? */
export async function isCourseTrainer(db: DbOrTx, caller: LearningCaller, courseId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: courseTrainers.id })
    .from(courseTrainers)
    .where(caller.scope.where(courseTrainers, and(eq(courseTrainers.courseId, courseId), eq(courseTrainers.userId, userId))))
    .limit(1);
  return Boolean(row);
}
