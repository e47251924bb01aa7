import type { TSheetLearnerEntry, TSheetMethod, TSheetOverride, TSheetRecord, TSheetSlot } from "../../../contracts/attendance-sheet";

/**
 * Pure assembly of a sheet's slots from the session's records (no database): who is present in
 * which slot, and which record says so. A sheet is proof per half-day of signatures made at the
 * time (legal-notes §3), so a signature counts for the slot it was made in. Rules (also in the
 * `sheet` procedure's description):
 * - a signature (QR, QR_CODE, PIN, CANVAS) with a slotId counts for that slot; a session-level one
 *   (slotId null) counts for the slot during which it was made (before the first slot: the first;
 *   after the last: the last), and for the single slot of a session without slots;
 * - AUTO and OVERRIDE records with slotId null are session-level and apply to every slot;
 * - a slot's own OVERRIDE (slotId set; the latest) decides: present when attendanceMinutes > 0;
 * - a session-level OVERRIDE of 0 minutes marks the person absent in every slot;
 * - otherwise a signature for the slot makes the person present (the slot's own first, else the
 *   session-level one), else an AUTO record whose connection [joinedAt, leftAt) overlaps the slot
 *   (or a segment-less AUTO record with attendanceMinutes > 0);
 * - otherwise a session-level OVERRIDE crediting the whole session (attendanceMinutes >= the
 *   session's duration) makes them present; a partial one cannot say which slots it covers, so
 *   it does not change a slot's status (it is printed beside every slot, with its reason);
 * - otherwise the person is ABSENT.
 */
export type SheetRecordRow = {
  id: string;
  userId: string;
  enrollmentId: string | null;
  slotId: string | null;
  method: TSheetMethod;
  signedAt: Date;
  attendanceMinutes: number | null;
  attendanceRate: number | null;
  overrideBy: string | null;
  reason: string | null;
  sealedHash: string;
  chainPosition: number;
  joinedAt: Date | null;
  leftAt: Date | null;
  hasSignature: boolean;
  /** Session-level signatures: the slot they were made in (see {@link attributeSignatures}). */
  attributedSlotId?: string | null;
};

export type SheetPerson = { userId: string; firstName: string; lastName: string; email: string };
export type SheetLearner = SheetPerson & { enrollmentId: string | null; enrolled: boolean };
export type SlotWindow = { id: string | null; position: number; label: string; startsAt: Date; endsAt: Date; sessionMinutes: number };

const SIGNATURES: readonly TSheetMethod[] = ["QR", "QR_CODE", "PIN", "CANVAS"];
export const isSignature = (m: TSheetMethod) => SIGNATURES.includes(m);

export function toSheetRecord(r: SheetRecordRow, signatureUrl: (id: string) => string): TSheetRecord {
  return {
    id: r.id,
    slotId: r.slotId,
    method: r.method,
    signedAt: r.signedAt.toISOString(),
    hasSignature: r.hasSignature,
    signatureUrl: r.hasSignature ? signatureUrl(r.id) : null,
    attendanceMinutes: r.attendanceMinutes,
    attendanceRate: r.attendanceRate,
    sealedHash: r.sealedHash,
  };
}

export function toSheetOverride(r: SheetRecordRow, people: Map<string, SheetPerson>): TSheetOverride {
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
    sealedHash: r.sealedHash,
  };
}

/** Sets `attributedSlotId` on session-level signatures: the slot containing signedAt, else the nearest one. */
export function attributeSignatures(rows: SheetRecordRow[], slots: readonly SlotWindow[]): void {
  if (slots.length === 0) return;
  for (const r of rows) {
    if (r.slotId !== null || !isSignature(r.method)) continue;
    const t = r.signedAt.getTime();
    const distance = (w: SlotWindow) => (t < w.startsAt.getTime() ? w.startsAt.getTime() - t : t >= w.endsAt.getTime() ? t - w.endsAt.getTime() + 1 : 0);
    r.attributedSlotId = slots.reduce((best, w) => (distance(w) < distance(best) ? w : best), slots[0]!).id;
  }
}

/** Records that apply to a slot: its own, session-level AUTO/OVERRIDE ones, and the signatures made in it. */
function appliesTo(r: SheetRecordRow, slot: SlotWindow): boolean {
  if (slot.id === null || r.slotId === slot.id) return true;
  if (r.slotId !== null) return false;
  return isSignature(r.method) ? r.attributedSlotId === slot.id : true;
}

function autoCovers(r: SheetRecordRow, slot: SlotWindow): boolean {
  if (r.joinedAt) {
    const end = (r.leftAt ?? r.signedAt).getTime();
    return r.joinedAt.getTime() < slot.endsAt.getTime() && end > slot.startsAt.getTime();
  }
  return (r.attendanceMinutes ?? 0) > 0;
}

const bySignedAt = (a: SheetRecordRow, b: SheetRecordRow) => a.signedAt.getTime() - b.signedAt.getTime();

/** The slot's own first signature, else the first session-level one made in it. */
function firstSignature(records: readonly SheetRecordRow[]): SheetRecordRow | undefined {
  const signatures = records.filter((r) => isSignature(r.method));
  return signatures.filter((r) => r.slotId !== null).sort(bySignedAt)[0] ?? signatures.sort(bySignedAt)[0];
}

type Decision = { status: "PRESENT" | "ABSENT"; record: SheetRecordRow | null; overrides: SheetRecordRow[] };
const last = <T>(xs: readonly T[]) => xs[xs.length - 1];
const minutes = (r: SheetRecordRow) => r.attendanceMinutes ?? 0;

/** The decisive record and status of one person for one slot. */
export function decide(records: readonly SheetRecordRow[], slot: SlotWindow): Decision {
  const mine = records.filter((r) => appliesTo(r, slot));
  const overrides = mine.filter((r) => r.method === "OVERRIDE");
  const slotOverride = slot.id === null ? undefined : last(overrides.filter((r) => r.slotId === slot.id));
  if (slotOverride) return { status: minutes(slotOverride) > 0 ? "PRESENT" : "ABSENT", record: slotOverride, overrides };
  const sessionOverride = last(overrides.filter((r) => r.slotId === null || slot.id === null));
  if (sessionOverride && minutes(sessionOverride) <= 0) return { status: "ABSENT", record: sessionOverride, overrides };
  const signature = firstSignature(mine);
  if (signature) return { status: "PRESENT", record: signature, overrides };
  const autos = mine.filter((r) => r.method === "AUTO");
  if (autos.some((r) => autoCovers(r, slot))) return { status: "PRESENT", record: last(autos)!, overrides };
  if (sessionOverride && minutes(sessionOverride) >= slot.sessionMinutes) return { status: "PRESENT", record: sessionOverride, overrides };
  return { status: "ABSENT", record: last(autos) ?? null, overrides };
}

export function buildSlot(
  slot: SlotWindow,
  trainers: readonly SheetPerson[],
  learners: readonly SheetLearner[],
  byUser: Map<string, SheetRecordRow[]>,
  people: Map<string, SheetPerson>,
  signatureUrl: (id: string) => string,
): TSheetSlot {
  const learnerEntries: TSheetLearnerEntry[] = learners.map((l) => {
    const d = decide(byUser.get(l.userId) ?? [], slot);
    return {
      userId: l.userId,
      firstName: l.firstName,
      lastName: l.lastName,
      email: l.email,
      enrollmentId: l.enrollmentId,
      enrolled: l.enrolled,
      status: d.status,
      record: d.record ? toSheetRecord(d.record, signatureUrl) : null,
      overrides: d.overrides.map((o) => toSheetOverride(o, people)),
    };
  });
  const present = learnerEntries.filter((l) => l.status === "PRESENT").length;
  return {
    id: slot.id,
    position: slot.position,
    label: slot.label,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    trainers: trainers.map((t) => {
      const record = firstSignature((byUser.get(t.userId) ?? []).filter((r) => appliesTo(r, slot))) ?? null;
      return { userId: t.userId, firstName: t.firstName, lastName: t.lastName, signed: record !== null, record: record ? toSheetRecord(record, signatureUrl) : null };
    }),
    learners: learnerEntries,
    summary: { expected: learnerEntries.length, present, absent: learnerEntries.length - present },
  };
}

export const byName = (a: { lastName: string; firstName: string }, b: { lastName: string; firstName: string }) =>
  a.lastName.localeCompare(b.lastName, "fr", { sensitivity: "base", numeric: true }) || a.firstName.localeCompare(b.firstName, "fr", { sensitivity: "base", numeric: true });
