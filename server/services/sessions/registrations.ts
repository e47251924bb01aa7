import { and, asc, count, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { sameTenant } from "../../db/tenant-scope";
import type { DbOrTx } from "../../db";
import { enrollments, liveSessions, sessionParticipants, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { funderEnrollmentIds, isParticipantStatus, participantEnrollments, type FunderCaller } from "../platform/who-may";

/**
 * Who a session expects, written once (issue #20 item 1). Shared by the session service, the
 * notices, the reminders and every attendance reader (expectedLearners). No side effects here.
 *
 * - `registration: LIST`: its registered participants (session_participants rows) only.
 * - `registration: AUTO` (the default): every ACTIVE or COMPLETED enrollee of its course,
 *   including those enrolled after the session was planned, up to maxParticipants: the
 *   registered ones first (by registration time), then the others by enrollment time.
 *   A SUSPENDED, REVOKED or CANCELLED enrollee is never expected through AUTO.
 */
export type RegistrationSession = { id: string; courseId: string; registration: "AUTO" | "LIST"; maxParticipants: number | null };

export type ExpectedRow = {
  userId: string;
  enrollmentId: string;
  firstName: string;
  lastName: string;
  email: string;
  /** null: expected through AUTO registration, without a registration row. */
  registeredAt: Date | null;
  registeredBy: string | null;
  /** The enrollment's status (a LIST session keeps a registration whose enrollment was since suspended). */
  enrollmentStatus: string;
};

/** Whether an enrollment status is expected (ACTIVE or COMPLETED): who-may.ts's isParticipantStatus, the one list of those statuses. */
export const isParticipantEnrollmentStatus = isParticipantStatus;

/** Registration rows per session (explicit registrations, whatever the mode), for the given sessions. */
export async function registeredCounts(db: DbOrTx, scope: TenantScope, sessionIds: string[]): Promise<Map<string, number>> {
  if (!sessionIds.length) return new Map();
  const rows = await db
    .select({ sessionId: sessionParticipants.sessionId, n: count() })
    .from(sessionParticipants)
    .where(scope.where(sessionParticipants, inArray(sessionParticipants.sessionId, sessionIds)))
    .groupBy(sessionParticipants.sessionId);
  return new Map(rows.map((r) => [r.sessionId, Number(r.n)]));
}

/**
 * Learners each session expects (its registeredCount): LIST, its registration rows; AUTO, the
 * participant enrollees of its course, capped by maxParticipants.
 */
export async function expectedCounts(db: DbOrTx, scope: TenantScope, sessions: readonly RegistrationSession[]): Promise<Map<string, number>> {
  const out = await registeredCounts(
    db,
    scope,
    sessions.filter((s) => s.registration === "LIST").map((s) => s.id),
  );
  const auto = sessions.filter((s) => s.registration === "AUTO");
  if (auto.length) {
    const rows = await db
      .select({ courseId: enrollments.courseId, n: count() })
      .from(enrollments)
      .where(participantEnrollments(scope, inArray(enrollments.courseId, [...new Set(auto.map((s) => s.courseId))])))
      .groupBy(enrollments.courseId);
    const byCourse = new Map(rows.map((r) => [r.courseId, Number(r.n)]));
    for (const s of auto) {
      const n = byCourse.get(s.courseId) ?? 0;
      out.set(s.id, s.maxParticipants === null ? n : Math.min(n, s.maxParticipants));
    }
  }
  return out;
}

/** Seats left: maxParticipants minus the expected (never below 0); null without a cap. */
export const seatsLeft = (maxParticipants: number | null, registered: number) => (maxParticipants === null ? null : Math.max(0, maxParticipants - registered));

/**
 * THE RULE AS A WHERE-CLAUSE on `live_sessions`: the sessions that expect at least one of the
 * given enrollments (`enrollmentIds`: a sub-query of enrollment ids, e.g. one learner's, one
 * funder's). LIST: a registration row of one of them; AUTO: one of them is ACTIVE or COMPLETED in
 * the session's course (so a later enrollee is expected too, a SUSPENDED or REVOKED one never).
 * Capacity is not applied here: ranking the enrollees is expectedRows' work, and a set of
 * sessions does not depend on it but for an AUTO session over capacity (whose surplus enrollees
 * still see the session and its sheet; the sheet and the attestation list only those within it).
 */
export function sessionsExpecting(scope: TenantScope, enrollmentIds: SQL): SQL {
  const listed = sql`(select ${sessionParticipants.sessionId} from ${sessionParticipants} where ${scope.where(sessionParticipants, inArray(sessionParticipants.enrollmentId, enrollmentIds))})`;
  const courses = sql`(select ${enrollments.courseId} from ${enrollments} where ${participantEnrollments(scope, inArray(enrollments.id, enrollmentIds))})`;
  return or(and(eq(liveSessions.registration, "LIST"), inArray(liveSessions.id, listed)), and(eq(liveSessions.registration, "AUTO"), inArray(liveSessions.courseId, courses)))!;
}

/** One enrollment's id as a sub-query for sessionsExpecting (another tenant's id, or one outside `within`: none). */
export function oneEnrollment(scope: TenantScope, enrollmentId: string, within?: SQL): SQL {
  return sql`(select ${enrollments.id} from ${enrollments} where ${scope.where(enrollments, eq(enrollments.id, enrollmentId), within)})`;
}

/**
 * The ids of the sessions a user is expected at (sessionsExpecting over their enrollments), as a
 * sub-query for `inArray(liveSessions.id, ...)`.
 */
export function registeredSessionIds(db: DbOrTx, scope: TenantScope, userId: string) {
  const mine = sql`(select ${enrollments.id} from ${enrollments} where ${scope.where(enrollments, eq(enrollments.userId, userId))})`;
  return db.select({ id: liveSessions.id }).from(liveSessions).where(scope.where(liveSessions, sessionsExpecting(scope, mine)));
}

/**
 * THE FUNDER'S SESSIONS (who-may.ts, the funder's perimeter): those that expect at least one
 * enrollment their funder finances, as a where-clause on `live_sessions` (false without a funder).
 */
export function funderSessions(caller: FunderCaller): SQL {
  return sessionsExpecting(caller.scope, funderEnrollmentIds(caller));
}

/**
 * Does the session expect an enrollment of this learner that the caller's funder finances (their
 * attestation of it)? The same where-clause, for one session and one learner.
 */
export async function fundsLearnerAt(db: DbOrTx, caller: FunderCaller, sessionId: string, userId: string): Promise<boolean> {
  if (!caller.funderId) return false;
  const funded = sql`(select ${enrollments.id} from ${enrollments} where ${caller.scope.where(enrollments, eq(enrollments.funderId, caller.funderId), eq(enrollments.userId, userId))})`;
  const [row] = await db
    .select({ id: liveSessions.id })
    .from(liveSessions)
    .where(caller.scope.where(liveSessions, eq(liveSessions.id, sessionId), sessionsExpecting(caller.scope, funded)))
    .limit(1);
  return Boolean(row);
}

/** The registration rows of a session by name, with their enrollment's status. */
async function registeredLearners(db: DbOrTx, scope: TenantScope, sessionId: string): Promise<ExpectedRow[]> {
  return db
    .select({
      userId: users.id,
      enrollmentId: sessionParticipants.enrollmentId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      registeredAt: sessionParticipants.registeredAt,
      registeredBy: sessionParticipants.registeredBy,
      enrollmentStatus: sql<string>`${enrollments.status}::text`,
    })
    .from(sessionParticipants)
    .innerJoin(users, eq(users.id, sessionParticipants.userId))
    .innerJoin(enrollments, sameTenant(enrollments, sessionParticipants, enrollments.id, sessionParticipants.enrollmentId))
    .where(scope.where(sessionParticipants, eq(sessionParticipants.sessionId, sessionId)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

const byName = (a: ExpectedRow, b: ExpectedRow) =>
  a.lastName.localeCompare(b.lastName, "fr", { sensitivity: "base", numeric: true }) || a.firstName.localeCompare(b.firstName, "fr", { sensitivity: "base", numeric: true }) || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

/** THE learners a session expects, by name (see the module comment). */
export async function expectedRows(db: DbOrTx, scope: TenantScope, session: RegistrationSession): Promise<ExpectedRow[]> {
  const registered = await registeredLearners(db, scope, session.id);
  if (session.registration === "LIST") return registered.sort(byName);
  const kept = registered.filter((r) => isParticipantEnrollmentStatus(r.enrollmentStatus)).sort((a, b) => a.registeredAt!.getTime() - b.registeredAt!.getTime());
  const known = new Set(kept.map((r) => r.userId));
  const enrollees = await db
    .select({ userId: users.id, enrollmentId: enrollments.id, firstName: users.firstName, lastName: users.lastName, email: users.email, enrollmentStatus: sql<string>`${enrollments.status}::text` })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(participantEnrollments(scope, eq(enrollments.courseId, session.courseId)))
    .orderBy(asc(enrollments.enrolledAt), asc(enrollments.id));
  const extra = enrollees.filter((e) => !known.has(e.userId)).map((e) => ({ ...e, registeredAt: null, registeredBy: null }));
  const room = session.maxParticipants === null ? extra.length : Math.max(0, session.maxParticipants - kept.length);
  return [...kept, ...extra.slice(0, room)].sort(byName);
}

/** Whether the user has a registration row for the session. */
async function isRegistered(db: DbOrTx, scope: TenantScope, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: sessionParticipants.userId })
    .from(sessionParticipants)
    .where(scope.where(sessionParticipants, eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Whether the session expects this participant enrollee of its course (the caller checked the
 * enrollment is ACTIVE or COMPLETED): LIST, a registration row; AUTO, always without a cap, else
 * a registration row or a place among the first maxParticipants.
 */
export async function expectsEnrollee(db: DbOrTx, scope: TenantScope, session: RegistrationSession, userId: string): Promise<boolean> {
  if (session.registration === "AUTO" && session.maxParticipants === null) return true;
  if (await isRegistered(db, scope, session.id, userId)) return true;
  if (session.registration === "LIST") return false;
  return (await expectedRows(db, scope, session)).some((r) => r.userId === userId);
}
