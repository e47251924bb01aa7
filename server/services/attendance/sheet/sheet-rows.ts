import type { TSheetLearnerEntry, TSheetMethod, TSheetOverride, TSheetRecord, TSheetSlot } from "../../../contracts/attendance-sheet";
import type { EmargementRow } from "../chain";
import { isAbsence, isAttended, slotStatusFields } from "../roster";
import type { Correction, ParticipantAttendance, SettableStatus, StatusSlot, StatusTotals } from "../status";

/**
 * Pure assembly of a sheet's slots from the statuses computed once (status.ts): the sheet prints
 * what the API says. For each learner and slot: the status, the learner's own record (signature,
 * else AUTO) with its time, the record that decided, and the corrections with author and reason.
 */
export type SheetPerson = { userId: string; firstName: string; lastName: string; email: string };
export type SheetLearner = SheetPerson & { enrollmentId: string | null; enrolled: boolean };

const SIGNATURES: readonly TSheetMethod[] = ["QR", "QR_CODE", "PIN", "CANVAS"];
export const isSignature = (m: TSheetMethod) => SIGNATURES.includes(m);

export function toSheetRecord(r: EmargementRow, signatureUrl: (id: string) => string): TSheetRecord {
  const hasSignature = Boolean(r.signatureCiphertext);
  return {
    id: r.id,
    slotId: r.slotId,
    method: r.method,
    signedAt: r.signedAt.toISOString(),
    hasSignature,
    signatureUrl: hasSignature ? signatureUrl(r.id) : null,
    attendanceMinutes: r.attendanceMinutes,
    attendanceRate: r.attendanceRate,
    sealedHash: r.sealedHash,
  };
}

/** What an OVERRIDE sets as a whole when it carries no status (minutes only: attended or not; status.ts gives each slot its share). */
const legacyStatus = (r: EmargementRow): SettableStatus => (r.status && r.status !== "NOT_YET" ? r.status : (r.attendanceMinutes ?? 0) > 0 ? "PRESENT" : "ABSENT");

export function toSheetOverride(r: EmargementRow, people: Map<string, SheetPerson>, status: SettableStatus = legacyStatus(r)): TSheetOverride {
  const who = people.get(r.userId);
  const by = r.overrideBy ? people.get(r.overrideBy) : undefined;
  return {
    id: r.id,
    slotId: r.slotId,
    userId: r.userId,
    firstName: who?.firstName ?? "",
    lastName: who?.lastName ?? "",
    signedAt: r.signedAt.toISOString(),
    attendanceMinutes: r.attendanceMinutes,
    reason: r.reason,
    overrideBy: r.overrideBy ? { userId: r.overrideBy, firstName: by?.firstName ?? "", lastName: by?.lastName ?? "" } : null,
    status,
    minutesOnly: !r.status && r.attendanceMinutes !== null,
    lateMinutes: r.lateMinutes,
    leftEarlyMinutes: r.leftEarlyMinutes,
    correctsId: r.correctsId,
    sealedHash: r.sealedHash,
  };
}

function summaryOf(totals: StatusTotals, expected: number): TSheetSlot["summary"] {
  const present = (Object.keys(totals) as (keyof StatusTotals)[]).filter(isAttended).reduce((n, k) => n + totals[k], 0);
  const absent = (Object.keys(totals) as (keyof StatusTotals)[]).filter(isAbsence).reduce((n, k) => n + totals[k], 0);
  return { expected, present, absent, byStatus: totals };
}

export function buildSlot(
  slot: StatusSlot,
  index: number,
  trainers: readonly { person: SheetPerson; attendance: ParticipantAttendance<EmargementRow> }[],
  learners: readonly { learner: SheetLearner; attendance: ParticipantAttendance<EmargementRow> }[],
  totals: StatusTotals,
  people: Map<string, SheetPerson>,
  signatureUrl: (id: string) => string,
): TSheetSlot {
  const override = (c: Correction<EmargementRow>) => toSheetOverride(c.record, people, c.status);
  const learnerEntries: TSheetLearnerEntry[] = learners.map(({ learner: l, attendance }) => {
    const s = attendance.slots[index]!;
    return {
      userId: l.userId,
      firstName: l.firstName,
      lastName: l.lastName,
      email: l.email,
      enrollmentId: l.enrollmentId,
      enrolled: l.enrolled,
      ...slotStatusFields(s),
      signature: s.evidence ? toSheetRecord(s.evidence, signatureUrl) : null,
      record: s.record ? toSheetRecord(s.record, signatureUrl) : null,
      overrides: s.corrections.map(override),
    };
  });
  return {
    id: slot.id,
    position: slot.position,
    label: slot.label,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    trainers: trainers.map(({ person: t, attendance }) => {
      const evidence = attendance.slots[index]!.evidence;
      const record = evidence && isSignature(evidence.method) ? evidence : null;
      return { userId: t.userId, firstName: t.firstName, lastName: t.lastName, signed: record !== null, record: record ? toSheetRecord(record, signatureUrl) : null };
    }),
    learners: learnerEntries,
    summary: summaryOf(totals, learnerEntries.length),
  };
}

export const byName = (a: { lastName: string; firstName: string }, b: { lastName: string; firstName: string }) =>
  a.lastName.localeCompare(b.lastName, "fr", { sensitivity: "base", numeric: true }) || a.firstName.localeCompare(b.firstName, "fr", { sensitivity: "base", numeric: true });
