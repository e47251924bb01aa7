import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courses, liveSessions, sessionTrainers } from "../../db/schema";
import { isParticipant, isSessionStaff } from "../platform/who-may";
import { funderSessions } from "./registrations";
import { forbidden, notFound } from "../../errors";
import type { Caller } from "../../auth/caller";

export type SessionRow = typeof liveSessions.$inferSelect;
type SessionCourse = { id: string; title: string; creatorId: string };
/** `timeZone`: the tenant's, in which the session's schedule is written. */
export type LoadedSession = { session: SessionRow; course: SessionCourse; trainerIds: string[]; timeZone: string };

export const sessionNotFound = () => notFound("Session");

/**
 * The session with its course and trainers, or 404: another tenant's id, for a FUNDER a session
 * that expects none of their funded enrollments (registrations.ts funderSessions), or (for a
 * caller without `sessions.readTenant`: a LEARNER) a session of a course the caller does not
 * take part in, is simply not found.
 */
export async function loadSession(
  db: DbOrTx,
  caller: Caller,
  id: string,
  opts: { forUpdate?: boolean; /** false: a LEARNER outside the course still finds it (signing answers 403). */ hideFromOutsiders?: boolean } = {},
): Promise<LoadedSession> {
  const q = db
    .select({ session: liveSessions, course: { id: courses.id, title: courses.title, creatorId: courses.creatorId } })
    .from(liveSessions)
    .innerJoin(courses, eq(courses.id, liveSessions.courseId))
    .where(caller.scope.where(liveSessions, eq(liveSessions.id, id), caller.can("funders.perimeter") ? funderSessions(caller) : undefined))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for("update", { of: liveSessions }) : await q;
  if (!row) throw sessionNotFound();
  const trainers = await db
    .select({ userId: sessionTrainers.userId })
    .from(sessionTrainers)
    .where(caller.scope.where(sessionTrainers, eq(sessionTrainers.sessionId, id)));
  const loaded = { session: row.session, course: row.course, trainerIds: trainers.map((t) => t.userId), timeZone: caller.tenant.timeZone };
  if (opts.hideFromOutsiders !== false && !caller.can("sessions.readTenant") && !caller.can("funders.perimeter") && !(await isParticipant(db, caller, row.session.courseId))) {
    throw sessionNotFound();
  }
  return loaded;
}

/** 403 unless the caller is one of the session's staff (who-may.ts isSessionStaff). */
export function assertModerator(loaded: LoadedSession, caller: Caller): void {
  if (!isSessionStaff(loaded, caller)) throw forbidden("Forbidden: only an ADMIN, the course's creator or the session's trainers may do this");
}
