import { asc, eq } from "drizzle-orm";
import type { TEmargement } from "../../contracts/attendance";
import type { DbOrTx } from "../../db";
import { courses, emargements, enrollments } from "../../db/schema";
import { forbidden, notFound } from "../../errors";
import { tenantUrl } from "../../lib/urls";
import { isSessionStaff } from "../platform/who-may";
import { assertModerator, loadSession } from "../sessions/access";
import { findRecord, verifySessionChain, SIGNATURE_METHODS } from "./chain";
import { correctionAuthors, firstEvidence, isAttended, sessionStatuses, toCorrection, toSlotStatus } from "./roster";
import { toRecordsWithUsers, usersById } from "./serialize";
import { signingWindowOf } from "./signing-window";
import { readSignaturePng } from "./signatures";
import type { Caller } from "../../auth/caller";

/** GET /emargement/{sessionId}: moderators get every record with names; anyone else only their own. */
export async function sessionRecords(db: DbOrTx, caller: Caller, sessionId: string): Promise<TEmargement[]> {
  const loaded = await loadSession(db, caller, sessionId);
  const all = isSessionStaff(loaded, caller);
  const rows = await db
    .select()
    .from(emargements)
    .where(caller.scope.where(emargements, eq(emargements.sessionId, sessionId), all ? undefined : eq(emargements.userId, caller.userId)))
    .orderBy(asc(emargements.signedAt), asc(emargements.chainPosition));
  return toRecordsWithUsers(db, rows);
}

/**
 * GET /qualiopi/emargement/enrollment/{enrollmentId}: the enrollment's records by signature time.
 * A LEARNER reads only their own enrollments, a CREATOR those of their courses, ADMIN all; any
 * other enrollment is not found.
 */
export async function enrollmentHistory(db: DbOrTx, caller: Caller, enrollmentId: string): Promise<TEmargement[]> {
  const [row] = await db
    .select({ userId: enrollments.userId, creatorId: courses.creatorId })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(caller.scope.where(enrollments, eq(enrollments.id, enrollmentId)))
    .limit(1);
  const visible = row && (caller.can("attendance.readTenant") || (caller.can("attendance.readOwnCourses") ? row.creatorId === caller.userId : row.userId === caller.userId));
  if (!visible) throw notFound("Enrollment");
  const rows = await db
    .select()
    .from(emargements)
    .where(caller.scope.where(emargements, eq(emargements.enrollmentId, enrollmentId)))
    .orderBy(asc(emargements.signedAt), asc(emargements.chainPosition));
  return toRecordsWithUsers(db, rows);
}

/**
 * GET /qualiopi/emargement/{sessionId} (moderators): the roster, every status computed once by
 * status.ts (through roster.ts): per learner the overall status, per-slot statuses with minutes
 * and corrections; totals per status; the trainers' countersignatures; every record.
 */
export async function sessionAttendance(db: DbOrTx, caller: Caller, sessionId: string, now: Date) {
  const loaded = await loadSession(db, caller, sessionId);
  assertModerator(loaded, caller);
  const { session, course } = loaded;
  const { learners: expected, records: rows, computation } = await sessionStatuses(db, caller.scope, session, { now, timeZone: caller.tenant.timeZone });
  const chronological = [...rows].sort((a, b) => a.signedAt.getTime() - b.signedAt.getTime() || Number(a.chainPosition) - Number(b.chainPosition));
  const records = await toRecordsWithUsers(db, chronological);
  const byUser = new Map<string, TEmargement[]>();
  for (const r of records) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  const people = await correctionAuthors(db, computation);
  const learners = expected.map((l, i) => {
    const p = computation.participants[i]!;
    const first = firstEvidence(p);
    const decisive = p.slots.find((s) => s.record)?.record ?? null;
    return {
      ...l,
      status: p.status,
      justification: p.justification,
      present: isAttended(p.status),
      signedAt: first?.signedAt?.toISOString() ?? null,
      method: first?.evidence?.method ?? (isAttended(p.status) ? (decisive?.method ?? null) : null),
      attendanceMinutes: p.status === "NOT_YET" ? null : p.minutes,
      slots: p.slots.map((s) => toSlotStatus(s, people)),
      corrections: p.corrections.map((c) => toCorrection(c, people)),
      records: byUser.get(l.userId) ?? [],
    };
  });
  const trainerNames = await usersById(db, loaded.trainerIds);
  const trainers = loaded.trainerIds.map((id) => {
    const mine = (byUser.get(id) ?? []).filter((r) => SIGNATURE_METHODS.includes(r.method));
    const u = trainerNames.get(id);
    return { userId: id, firstName: u?.firstName ?? "", lastName: u?.lastName ?? "", signedAt: mine[0]?.signedAt ?? null, method: mine[0]?.method ?? null };
  });
  const t = computation.totals;
  return {
    session: {
      id: session.id,
      title: session.title,
      status: session.status,
      scheduledAt: session.scheduledAt.toISOString(),
      durationMinutes: session.durationMinutes,
      ...signingWindowOf(session, loaded.timeZone, now),
      courseId: course.id,
      courseTitle: course.title,
    },
    summary: {
      expected: learners.length,
      present: t.PRESENT + t.LATE + t.LEFT_EARLY,
      absent: t.ABSENT + t.EXCUSED_ABSENCE,
      byStatus: t,
      attendanceMinutes: computation.participants.reduce((sum, p) => sum + p.minutes, 0),
    },
    slots: computation.slots.map((s, i) => ({
      id: s.id,
      position: s.position,
      label: s.label,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
      byStatus: computation.slotTotals[i]!,
    })),
    learners,
    trainers,
    records,
  };
}

/** A record is read by its signer, an ADMIN or the moderators of its session (403 otherwise). */
async function assertRecordReader(db: DbOrTx, caller: Caller, row: { userId: string; sessionId: string }, what: string): Promise<void> {
  if (row.userId === caller.userId || caller.can("attendance.readTenant")) return;
  const loaded = await loadSession(db, caller, row.sessionId, { hideFromOutsiders: false });
  if (!isSessionStaff(loaded, caller)) throw forbidden(`Forbidden: only the signer, an ADMIN or the session's trainers can ${what}`);
}

/** The staff page where a session's attendance and chain status are checked. */
const verificationUrl = (slug: string, sessionId: string) => tenantUrl(slug, `/sessions/${sessionId}/attendance`);

/**
 * GET /qualiopi/emargement/{id}/seal-certificate: the seal of one record (it is sealed when it is
 * written, so sealedAt is never null for a stored record). The record's own person, ADMIN and
 * the session's moderators may read it (403 otherwise; 404 for another tenant's record).
 */
export async function sealCertificate(db: DbOrTx, caller: Caller, id: string) {
  const row = await findRecord(db, caller.scope, id);
  if (!row) throw notFound("Attendance record");
  await assertRecordReader(db, caller, row, "read this certificate");
  return {
    id: row.id,
    sessionId: row.sessionId,
    sealedAt: row.signedAt.toISOString(), // sealed in the transaction that wrote it, at the app clock's signing time
    sealedHash: row.sealedHash,
    previousHash: row.previousHash,
    chainPosition: row.chainPosition,
    algorithm: "SHA-256 over canonical JSON {previousHash, record} (conventions §7)",
    certificateUrl: `${verificationUrl(caller.tenant.slug, row.sessionId)}#${row.id}`,
  };
}

/** GET /qualiopi/emargement/{sessionId}/verify (moderators). */
export async function verifySession(db: DbOrTx, caller: Caller, sessionId: string) {
  const loaded = await loadSession(db, caller, sessionId);
  assertModerator(loaded, caller);
  return verifySessionChain(db, caller.scope, sessionId);
}


/**
 * The drawn signature of a CANVAS record, decrypted: for the signer, ADMIN and the session's
 * moderators (403 otherwise); 404 for another tenant's record or a record without a drawing.
 */
export async function signatureImage(db: DbOrTx, caller: Caller, id: string): Promise<{ id: string; contentType: "image/png"; png: Buffer }> {
  const row = await findRecord(db, caller.scope, id);
  if (!row || !row.signatureCiphertext) throw notFound("Signature");
  await assertRecordReader(db, caller, row, "see this signature");
  return { id: row.id, contentType: "image/png", png: readSignaturePng(row)! };
}
