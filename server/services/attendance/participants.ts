import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { liveSessions, sessionTrainers, courses } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { sessionNotFound, type SessionRow } from "../sessions/access";
import { expectedRows, expectsEnrollee, type RegistrationSession } from "../sessions/registrations";
import { barredEnrollment, participantEnrollment, teachesSession } from "../platform/who-may";
import { barredEnrollmentError } from "../enrollments/barred";

/** A session of the tenant, without any caller (the media server's calls). */
export async function sessionOfTenant(db: DbOrTx, scope: TenantScope, id: string): Promise<SessionRow> {
  const [row] = await db.select().from(liveSessions).where(scope.where(liveSessions, eq(liveSessions.id, id))).limit(1);
  if (!row) throw sessionNotFound();
  return row;
}

/**
 * The enrollment a learner signs the session with: an ACTIVE or COMPLETED enrollment in its
 * course (the spec's rule) that the session expects (sessions/registrations.ts: an AUTO session
 * expects every such enrollee up to its capacity, including those enrolled later; a LIST session
 * its registered participants). Null otherwise.
 */
export async function signingEnrollment(db: DbOrTx, scope: TenantScope, session: RegistrationSession, userId: string): Promise<string | null> {
  const enrollmentId = await participantEnrollment(db, scope, session.courseId, userId);
  if (!enrollmentId) return null;
  return (await expectsEnrollee(db, scope, session, userId)) ? enrollmentId : null;
}

/**
 * The user's part in the session: a registered learner (with the enrollment) or a trainer; null
 * otherwise. A learner whose enrollment is SUSPENDED or REVOKED (and who does not teach it) is
 * refused with 422 ENROLLMENT_SUSPENDED / ENROLLMENT_REVOKED: no record of any method is written.
 */
export async function participantOf(
  db: DbOrTx,
  scope: TenantScope,
  session: RegistrationSession,
  userId: string,
): Promise<{ enrollmentId: string | null; asTrainer: boolean } | null> {
  const enrollmentId = await signingEnrollment(db, scope, session, userId);
  if (enrollmentId) return { enrollmentId, asTrainer: false };
  const [course] = await db.select({ creatorId: courses.creatorId }).from(courses).where(scope.where(courses, eq(courses.id, session.courseId))).limit(1);
  const trainers = await db.select({ userId: sessionTrainers.userId }).from(sessionTrainers).where(scope.where(sessionTrainers, eq(sessionTrainers.sessionId, session.id)));
  const staff = { course: { creatorId: course?.creatorId ?? "" }, trainerIds: trainers.map((t) => t.userId) };
  if (teachesSession(staff, userId)) return { enrollmentId: null, asTrainer: true };
  const barred = await barredEnrollment(db, scope, session.courseId, userId);
  if (barred) throw barredEnrollmentError(barred);
  return null;
}

export type ExpectedLearner = { userId: string; enrollmentId: string; firstName: string; lastName: string; email: string; enrollmentStatus: string };

/**
 * Learners expected at a session (its expected signers), by name: every reader of attendance
 * (API, pages, trainer's screen, sheet PDF, reminders) takes them from here, through the one
 * rule of sessions/registrations.ts `expectedRows` (AUTO: the course's participant enrollees up
 * to capacity; LIST: the registered participants). `enrollmentStatus` lets the mailers skip a
 * LIST registration whose enrollment was since SUSPENDED or REVOKED.
 */
export async function expectedLearners(db: DbOrTx, scope: TenantScope, session: RegistrationSession): Promise<ExpectedLearner[]> {
  return (await expectedRows(db, scope, session)).map(({ userId, enrollmentId, firstName, lastName, email, enrollmentStatus }) => ({ userId, enrollmentId, firstName, lastName, email, enrollmentStatus }));
}
