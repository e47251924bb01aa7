import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { enrollments, liveSessions, sessionTrainers, courses, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { PARTICIPANT_STATUSES, sessionNotFound, type SessionRow } from "../sessions/access";
import { participantEnrollment } from "./signer";

/** A session of the tenant, without any caller (the media server's calls). */
export async function sessionOfTenant(db: DbOrTx, scope: TenantScope, id: string): Promise<SessionRow> {
  const [row] = await db.select().from(liveSessions).where(scope.where(liveSessions, eq(liveSessions.id, id))).limit(1);
  if (!row) throw sessionNotFound();
  return row;
}

/** The user's part in the session: an enrolled learner (with the enrollment) or a trainer; null otherwise. */
export async function participantOf(
  db: DbOrTx,
  scope: TenantScope,
  session: Pick<SessionRow, "id" | "courseId">,
  userId: string,
): Promise<{ enrollmentId: string | null; asTrainer: boolean } | null> {
  const enrollmentId = await participantEnrollment(db, scope, session.courseId, userId);
  if (enrollmentId) return { enrollmentId, asTrainer: false };
  const [trainer] = await db
    .select({ userId: sessionTrainers.userId })
    .from(sessionTrainers)
    .where(scope.where(sessionTrainers, and(eq(sessionTrainers.sessionId, session.id), eq(sessionTrainers.userId, userId))))
    .limit(1);
  if (trainer) return { enrollmentId: null, asTrainer: true };
  const [creator] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(scope.where(courses, and(eq(courses.id, session.courseId), eq(courses.creatorId, userId))))
    .limit(1);
  return creator ? { enrollmentId: null, asTrainer: true } : null;
}

export type ExpectedLearner = { userId: string; enrollmentId: string; firstName: string; lastName: string; email: string };

/** Learners expected at a session: ACTIVE or COMPLETED enrollments of its course, by name. */
export async function expectedLearners(db: DbOrTx, scope: TenantScope, courseId: string): Promise<ExpectedLearner[]> {
  return db
    .select({ userId: users.id, enrollmentId: enrollments.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(scope.where(enrollments, eq(enrollments.courseId, courseId), inArray(enrollments.status, [...PARTICIPANT_STATUSES])))
    .orderBy(asc(users.lastName), asc(users.firstName));
}
