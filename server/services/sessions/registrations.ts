import { asc, count, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { sessionParticipants, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";

/**
 * Reads of session registrations (session_participants), shared by the session service, the
 * notices and the attendance readers (expectedLearners). No side effects here.
 */
/** Registered learners per session, for the given sessions. */
export async function registeredCounts(db: DbOrTx, scope: TenantScope, sessionIds: string[]): Promise<Map<string, number>> {
  if (!sessionIds.length) return new Map();
  const rows = await db
    .select({ sessionId: sessionParticipants.sessionId, n: count() })
    .from(sessionParticipants)
    .where(scope.where(sessionParticipants, inArray(sessionParticipants.sessionId, sessionIds)))
    .groupBy(sessionParticipants.sessionId);
  return new Map(rows.map((r) => [r.sessionId, Number(r.n)]));
}

/** Seats left: maxParticipants minus the registered (never below 0); null without a cap. */
export const seatsLeft = (maxParticipants: number | null, registered: number) => (maxParticipants === null ? null : Math.max(0, maxParticipants - registered));

/** The ids of the sessions a user is registered to, as a sub-query for `inArray(liveSessions.id, ...)`. */
export function registeredSessionIds(db: DbOrTx, scope: TenantScope, userId: string) {
  return db.select({ id: sessionParticipants.sessionId }).from(sessionParticipants).where(scope.where(sessionParticipants, eq(sessionParticipants.userId, userId)));
}

/** The registered learners of a session by name (the rows expectedLearners answers). */
export async function registeredLearners(db: DbOrTx, scope: TenantScope, sessionId: string) {
  return db
    .select({
      userId: users.id,
      enrollmentId: sessionParticipants.enrollmentId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      registeredAt: sessionParticipants.registeredAt,
      registeredBy: sessionParticipants.registeredBy,
    })
    .from(sessionParticipants)
    .innerJoin(users, eq(users.id, sessionParticipants.userId))
    .where(scope.where(sessionParticipants, eq(sessionParticipants.sessionId, sessionId)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** Whether the user is registered to the session (a row of session_participants). */
export async function isRegistered(db: DbOrTx, scope: TenantScope, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: sessionParticipants.userId })
    .from(sessionParticipants)
    .where(scope.where(sessionParticipants, eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.userId, userId)))
    .limit(1);
  return Boolean(row);
}
