import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { TSessionParticipant } from "../../contracts/sessions";
import type { Db, DbOrTx } from "../../db";
import { enrollments, sessionParticipants, users } from "../../db/schema";
import { conflict, notFound, unprocessable } from "../../errors";
import { writeAudit } from "../platform/audit";
import { participantEnrollments } from "../platform/who-may";
import { assertModerator, loadSession, type LoadedSession, type SessionRow } from "./access";
import { enqueueSessionNotices } from "./notices";
import { expectedRows, seatsLeft } from "./registrations";
import type { Caller } from "../../auth/caller";

const SESSION_FULL_MESSAGE = (left: number) => `Session full: ${left} seat(s) left`;
const sessionFull = (left: number) => conflict(SESSION_FULL_MESSAGE(left), "SESSION_FULL", { seatsLeft: left });

/** Registration changes only on a SCHEDULED or LIVE session (409 SESSION_CLOSED otherwise). */
function assertRegistrationOpen(session: SessionRow): void {
  if (session.status === "CANCELLED" || session.status === "ENDED") throw conflict(`Session is ${session.status}: its participants can no longer change`, "SESSION_CLOSED");
}

/**
 * Registers learners (ACTIVE or COMPLETED enrollees of the course; 422 errors.userIds naming the
 * others) inside the caller's transaction, with the session row already locked (FOR UPDATE):
 * counts, checks maxParticipants (409 SESSION_FULL), inserts. Already registered ones are kept
 * as they are. `userIds` undefined: every participant enrollee of the course. Returns the
 * newly registered user ids.
 */
export async function addParticipants(tx: DbOrTx, caller: Caller, session: SessionRow, userIds: string[] | undefined, now: Date): Promise<string[]> {
  const ids = userIds === undefined ? undefined : [...new Set(userIds)];
  const enrolled = await tx
    .select({ userId: enrollments.userId, enrollmentId: enrollments.id })
    .from(enrollments)
    .where(participantEnrollments(caller.scope, eq(enrollments.courseId, session.courseId), ids ? inArray(enrollments.userId, ids) : undefined));
  const byUser = new Map(enrolled.map((e) => [e.userId, e.enrollmentId]));
  const missing = (ids ?? []).filter((id) => !byUser.has(id));
  if (missing.length) throw unprocessable("Validation failed", { userIds: missing.map((id) => `${id} has no ACTIVE or COMPLETED enrollment in the course`) });
  const wanted = ids ?? [...byUser.keys()];
  if (!wanted.length) return [];
  const already = await tx
    .select({ userId: sessionParticipants.userId })
    .from(sessionParticipants)
    .where(caller.scope.where(sessionParticipants, eq(sessionParticipants.sessionId, session.id), inArray(sessionParticipants.userId, wanted)));
  const known = new Set(already.map((r) => r.userId));
  const fresh = wanted.filter((id) => !known.has(id));
  if (!fresh.length) return [];
  if (session.maxParticipants !== null && session.registration === "AUTO") {
    // An AUTO session already expects enrollees up to its capacity: a registration takes a seat only for one it does not expect yet.
    const expected = new Set((await expectedRows(tx, caller.scope, session)).map((r) => r.userId));
    const taking = fresh.filter((id) => !expected.has(id)).length;
    if (expected.size + taking > session.maxParticipants) throw sessionFull(seatsLeft(session.maxParticipants, expected.size)!);
  } else if (session.maxParticipants !== null) {
    const [row] = await tx.select({ n: count() }).from(sessionParticipants).where(caller.scope.where(sessionParticipants, eq(sessionParticipants.sessionId, session.id)));
    const registered = Number(row?.n ?? 0);
    if (registered + fresh.length > session.maxParticipants) throw sessionFull(seatsLeft(session.maxParticipants, registered)!);
  }
  await tx.insert(sessionParticipants).values(
    caller.scope.valuesMany(
      sessionParticipants,
      fresh.map((userId) => ({ sessionId: session.id, userId, enrollmentId: byUser.get(userId)!, registeredBy: caller.userId, registeredAt: now })),
    ),
  );
  return fresh;
}

type Candidate = { userId: string; enrollmentId: string; firstName: string; lastName: string; email: string };
export type ParticipantList = {
  sessionId: string;
  registration: "AUTO" | "LIST";
  maxParticipants: number | null;
  registeredCount: number;
  seatsLeft: number | null;
  participants: TSessionParticipant[];
  candidates: Candidate[];
};

async function participantList(db: DbOrTx, caller: Caller, session: SessionRow): Promise<ParticipantList> {
  const rows = await expectedRows(db, caller.scope, session);
  const registered = new Set(rows.map((r) => r.userId));
  const enrollees = await db
    .select({ userId: users.id, enrollmentId: enrollments.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(participantEnrollments(caller.scope, eq(enrollments.courseId, session.courseId)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return {
    candidates: enrollees.filter((e) => !registered.has(e.userId)),
    sessionId: session.id,
    registration: session.registration,
    maxParticipants: session.maxParticipants,
    registeredCount: rows.length,
    seatsLeft: seatsLeft(session.maxParticipants, rows.length),
    participants: rows.map(({ enrollmentStatus: _status, ...r }) => ({ ...r, registeredAt: r.registeredAt?.toISOString() ?? null })),
  };
}

/** GET /sessions/{id}/participants: the session's staff (ADMIN, course creator, session trainers). */
export async function listParticipants(db: Db, caller: Caller, sessionId: string): Promise<ParticipantList> {
  const loaded = await loadSession(db, caller, sessionId);
  assertModerator(loaded, caller);
  return participantList(db, caller, loaded.session);
}

/**
 * POST /sessions/{id}/participants: registers learners under the session's row lock, so
 * concurrent registrations never exceed maxParticipants; the newly registered get the convocation.
 */
export async function registerParticipants(db: Db, caller: Caller, sessionId: string, userIds: string[], now: Date): Promise<ParticipantList> {
  return db.transaction(async (tx) => {
    const loaded = await loadSession(tx, caller, sessionId, { forUpdate: true });
    assertModerator(loaded, caller);
    assertRegistrationOpen(loaded.session);
    const fresh = await addParticipants(tx, caller, loaded.session, userIds, now);
    if (fresh.length) {
      await writeAudit(tx, caller, { action: "session.participants.registered", targetType: "session", targetId: sessionId, metadata: { userIds: fresh } });
      await enqueueSessionNotices(tx, caller.scope, { kind: "convocation", session: loaded.session, userIds: fresh, now });
    }
    return participantList(tx, caller, loaded.session);
  });
}

/** DELETE /sessions/{id}/participants/{userId}: 204; the learner gets the cancellation. 404 when not registered. */
export async function unregisterParticipant(db: Db, caller: Caller, sessionId: string, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const loaded: LoadedSession = await loadSession(tx, caller, sessionId, { forUpdate: true });
    assertModerator(loaded, caller);
    assertRegistrationOpen(loaded.session);
    const removed = await tx
      .delete(sessionParticipants)
      .where(caller.scope.where(sessionParticipants, and(eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.userId, userId))))
      .returning({ userId: sessionParticipants.userId });
    if (!removed.length) throw notFound("Participant");
    await writeAudit(tx, caller, { action: "session.participants.unregistered", targetType: "session", targetId: sessionId, metadata: { userId } });
    await enqueueSessionNotices(tx, caller.scope, { kind: "cancellation", session: loaded.session, userIds: [userId], now });
  });
}
