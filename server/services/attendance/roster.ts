import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { attendanceSlots, emargements } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { SessionRow } from "../sessions/access";
import type { EmargementRow } from "./chain";
import { generateSlots } from "./lib/slots";
import { DEFAULT_TIME_ZONE } from "../../lib/time-zone";
import { expectedLearners, type ExpectedLearner } from "./participants";
import type { TCorrection, TSlotStatus } from "../../contracts/attendance";
import { usersById } from "./serialize";
import { computeAttendance, type AttendanceComputation, type Correction, type ParticipantAttendance, type SlotAttendance, type StatusSlot } from "./status";

export type SessionStatuses = {
  learners: ExpectedLearner[];
  records: EmargementRow[];
  computation: AttendanceComputation<EmargementRow>;
};

/** The session's slots as the status rules take them (attendance_slots rows, in order). */
export async function statusSlots(db: DbOrTx, scope: TenantScope, sessionId: string): Promise<StatusSlot[]> {
  return db
    .select({ id: attendanceSlots.id, position: attendanceSlots.position, label: attendanceSlots.label, startsAt: attendanceSlots.startsAt, endsAt: attendanceSlots.endsAt })
    .from(attendanceSlots)
    .where(scope.where(attendanceSlots, eq(attendanceSlots.sessionId, sessionId)))
    .orderBy(asc(attendanceSlots.position));
}

/** Label of the implicit slot of a session without slots ("Session complète — 12/01/2027 09:00–17:00"). */
export function wholeSessionLabel(session: Pick<SessionRow, "scheduledAt" | "durationMinutes">, timeZone: string): string {
  return generateSlots({ scheduledAt: session.scheduledAt, durationMinutes: session.durationMinutes }, "FULL_SESSION", timeZone)[0]!.label;
}

/**
 * Reads what the status rules need for one session (its slots, the expected learners from
 * expectedLearners, every record of the session in chain order) and computes the statuses
 * (status.ts). Every reader of attendance goes through here; callers authorize first.
 */
export async function sessionStatuses(
  db: DbOrTx,
  scope: TenantScope,
  session: SessionRow,
  opts: { now: Date; timeZone?: string; extraParticipants?: readonly string[] },
): Promise<SessionStatuses> {
  const [slots, learners, records] = await Promise.all([
    statusSlots(db, scope, session.id),
    expectedLearners(db, scope, session),
    db.select().from(emargements).where(scope.where(emargements, eq(emargements.sessionId, session.id))).orderBy(asc(emargements.chainPosition)),
  ]);
  const participants = [...learners.map((l) => ({ userId: l.userId })), ...(opts.extraParticipants ?? []).map((userId) => ({ userId }))];
  const computation = computeAttendance({
    session,
    slots,
    participants,
    records: records.map((r) => ({ ...r, chainPosition: Number(r.chainPosition) })),
    now: opts.now,
    implicitSlotLabel: wholeSessionLabel(session, opts.timeZone ?? DEFAULT_TIME_ZONE),
  });
  return { learners, records, computation };
}

export type PersonName = { firstName: string; lastName: string };

/** A correction as the API shows it (ZCorrection); `people` names its author. */
export function toCorrection(c: Correction<EmargementRow>, people: Map<string, PersonName>): TCorrection {
  const r = c.record;
  const by = r.overrideBy ? people.get(r.overrideBy) : undefined;
  return {
    id: r.id,
    slotId: r.slotId,
    at: r.signedAt.toISOString(),
    by: r.overrideBy ? { userId: r.overrideBy, firstName: by?.firstName ?? "", lastName: by?.lastName ?? "" } : null,
    reason: r.reason,
    status: c.status,
    lateMinutes: r.lateMinutes,
    leftEarlyMinutes: r.leftEarlyMinutes,
    correctsId: r.correctsId,
    corrected: c.corrected
      ? { id: c.corrected.id, method: c.corrected.method, signedAt: c.corrected.signedAt.toISOString(), status: c.corrected.status === "NOT_YET" ? null : c.corrected.status }
      : null,
  };
}

/** The status fields of one slot, shared by the API (ZSlotStatus) and the sheet's rows. */
export function slotStatusFields(s: SlotAttendance<EmargementRow>) {
  return {
    status: s.status,
    minutes: s.minutes,
    lateMinutes: s.lateMinutes,
    leftEarlyMinutes: s.leftEarlyMinutes,
    justification: s.justification,
    signedAt: s.signedAt?.toISOString() ?? null,
  };
}

/** One slot's status as the API shows it (ZSlotStatus). */
export function toSlotStatus(s: SlotAttendance<EmargementRow>, people: Map<string, PersonName>): TSlotStatus {
  return {
    slotId: s.slot.id,
    position: s.slot.position,
    label: s.slot.label,
    startsAt: s.slot.startsAt.toISOString(),
    endsAt: s.slot.endsAt.toISOString(),
    ...slotStatusFields(s),
    method: s.evidence?.method ?? null,
    recordId: s.record?.id ?? null,
    corrections: s.corrections.map((c) => toCorrection(c, people)),
  };
}

/** The participant's first evidence over the slots (signature or connection), by time. */
export function firstEvidence(p: ParticipantAttendance<EmargementRow>): SlotAttendance<EmargementRow> | null {
  return p.slots.filter((s) => s.signedAt).sort((a, b) => a.signedAt!.getTime() - b.signedAt!.getTime())[0] ?? null;
}

export const isAttended = (status: string) => status === "PRESENT" || status === "LATE" || status === "LEFT_EARLY";
export const isAbsence = (status: string) => status === "ABSENT" || status === "EXCUSED_ABSENCE";

/** Names of the correction authors of a computation (plus `known`), for toCorrection. */
export async function correctionAuthors(db: DbOrTx, c: AttendanceComputation<EmargementRow>, known: Map<string, PersonName> = new Map()): Promise<Map<string, PersonName>> {
  const ids = c.participants.flatMap((p) => p.corrections.map((x) => x.record.overrideBy)).filter((id): id is string => Boolean(id) && !known.has(id!));
  const found = await usersById(db, ids);
  return new Map([...known, ...found]);
}
