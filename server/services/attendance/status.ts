/**
 * Attendance status, computed ONCE (issue #10 item 4): every reader (GET /qualiopi/emargement/{id},
 * the staff attendance page, the trainer's live roster, the sheet PDF, the attestation) calls
 * {@link computeAttendance}. Pure: no database, no clock; `now` comes from the app clock.
 *
 * Slots: the session's attendance slots in order; a session without slots has ONE implicit slot
 * (id null) from scheduledAt for durationMinutes.
 *
 * Per participant and slot, in this order:
 * 1. Corrections. The OVERRIDE records of the person for this slot (slotId = the slot) or for the
 *    whole session (slotId null) apply; the LATEST one (signedAt, then chain position) decides:
 *    - with `status`, that status (any but NOT_YET; an OVERRIDE never says "not yet"), with its
 *      lateMinutes / leftEarlyMinutes and, for EXCUSED_ABSENCE, its reason as the justification.
 *      A session-wide LATE concerns the FIRST slot (the others are PRESENT) and a session-wide
 *      LEFT_EARLY the LAST slot (the others are PRESENT);
 *    - without `status` (the spec's body: `attendanceMinutes` only), the minutes the person
 *      attended the session (or the slot, when the OVERRIDE names one). Session-wide, they are
 *      allocated over the slots in order, each slot taking up to its length: a slot given minutes
 *      is PRESENT with those minutes (possibly fewer than its length), a slot given none is
 *      ABSENT. An excused absence is said with a status (a later OVERRIDE with status
 *      EXCUSED_ABSENCE for that slot), which then decides that slot as any status does.
 * 2. Otherwise a signature (QR, QR_CODE, PIN, CANVAS): one with the slot's id counts for that slot;
 *    a session-level one (slotId null) counts for the slot during which it was made (before the
 *    first slot: the first; after the last: the last), so a sheet proves each half-day by a
 *    signature made in it; without slots it counts for the implicit slot -> PRESENT.
 * 3. Otherwise the media server's AUTO segments [joinedAt, leftAt) of the person (slotId null or
 *    this slot), clipped to the slot (and to `now` while the slot runs): none overlapping -> step 4.
 *    late = first connection - slot start, leftEarly = slot end - last disconnection (only once the
 *    slot has ended), whole minutes, floored. With a grace of {@link GRACE_MINUTES} minutes:
 *    late > grace -> LATE (lateMinutes); else leftEarly > grace -> LEFT_EARLY (leftEarlyMinutes);
 *    else PRESENT. Gaps between segments are not counted. An AUTO record without a segment and
 *    with attendanceMinutes > 0 -> PRESENT.
 * 4. Otherwise: the slot has ended (now >= endsAt) -> ABSENT; it has not -> NOT_YET (a session of
 *    next month is never "absent").
 *
 * Minutes attended per slot: a minutes-only OVERRIDE's allocation (rule 1); else PRESENT = the slot's length; LATE / LEFT_EARLY = the slot's length
 * minus lateMinutes and minus leftEarlyMinutes (never below 0); ABSENT, EXCUSED_ABSENCE and
 * NOT_YET = 0. The participant's total is the sum over slots.
 *
 * `signedAt` of a slot is the time of the person's own evidence for it (the signature's time, or
 * the first connection of AUTO), whatever a correction later decided; null when there is none.
 * NEVER the time of a correction. `record` is the record that gives the status (the deciding
 * OVERRIDE, the signature or the latest AUTO record; null for ABSENT/NOT_YET without a record).
 * `corrections` lists every OVERRIDE applying to the slot, oldest first, each with the record it
 * corrected (its correctsId) when that record is the person's.
 *
 * The participant's overall status: NOT_YET when every slot is NOT_YET; otherwise, over the
 * slots that are not NOT_YET: all PRESENT -> PRESENT; none attended (PRESENT/LATE/LEFT_EARLY) ->
 * EXCUSED_ABSENCE when every one is excused, else ABSENT; a partial attendance -> LATE when a slot
 * is LATE or the first one was missed, else LEFT_EARLY (the minutes say how much).
 * Totals: per overall status of the participants, and per slot status for each slot.
 */

export type AttendanceStatus = "PRESENT" | "ABSENT" | "EXCUSED_ABSENCE" | "LATE" | "LEFT_EARLY" | "NOT_YET";
/** What a correction may set. */
export type SettableStatus = Exclude<AttendanceStatus, "NOT_YET">;

/** Minutes late (or left early) tolerated before an AUTO presence reads LATE (or LEFT_EARLY). */
export const GRACE_MINUTES = 10;

const SIGNATURE_METHODS = ["QR", "QR_CODE", "PIN", "CANVAS"];
const MINUTE = 60_000;

export type StatusSlot = { id: string | null; position: number; label: string; startsAt: Date; endsAt: Date };

/** The fields of an attendance record the rules read (the emargements row has them all). */
export type StatusRecord = {
  id: string;
  userId: string;
  slotId: string | null;
  method: string;
  signedAt: Date;
  chainPosition: number;
  joinedAt?: Date | null;
  leftAt?: Date | null;
  attendanceMinutes?: number | null;
  overrideBy?: string | null;
  reason?: string | null;
  status?: AttendanceStatus | null;
  lateMinutes?: number | null;
  leftEarlyMinutes?: number | null;
  correctsId?: string | null;
};

export type StatusInput<R extends StatusRecord> = {
  session: { scheduledAt: Date; durationMinutes: number };
  /** attendance_slots of the session, any order; empty: one implicit slot. */
  slots: readonly StatusSlot[];
  /** The expected participants (and anyone else the reader wants a row for). */
  participants: readonly { userId: string }[];
  /** Records of the session (any person; others are ignored). */
  records: readonly R[];
  now: Date;
  /** Label of the implicit slot of a session without slots. */
  implicitSlotLabel?: string;
};

export type Correction<R extends StatusRecord = StatusRecord> = {
  record: R;
  /** The status this correction sets for the slot it is listed under. */
  status: SettableStatus;
  /** The record it corrected (correctsId), when that is one of the person's records. */
  corrected: R | null;
};

export type SlotAttendance<R extends StatusRecord = StatusRecord> = {
  slot: StatusSlot;
  status: AttendanceStatus;
  /** Minutes attended in this slot. */
  minutes: number;
  slotMinutes: number;
  lateMinutes: number | null;
  leftEarlyMinutes: number | null;
  /** EXCUSED_ABSENCE: the correction's reason. */
  justification: string | null;
  /** The record giving the status (null: no record). */
  record: R | null;
  /** The person's own evidence: the signature counted for the slot, else their first AUTO record. */
  evidence: R | null;
  /** When the person signed (or first connected) for the slot; null without evidence. Never a correction's time. */
  signedAt: Date | null;
  corrections: Correction<R>[];
};

export type ParticipantAttendance<R extends StatusRecord = StatusRecord> = {
  userId: string;
  status: AttendanceStatus;
  minutes: number;
  justification: string | null;
  slots: SlotAttendance<R>[];
  /** Every correction of the person (any slot), oldest first. */
  corrections: Correction<R>[];
};

export type StatusTotals = Record<AttendanceStatus, number>;

export type AttendanceComputation<R extends StatusRecord = StatusRecord> = {
  slots: StatusSlot[];
  participants: ParticipantAttendance<R>[];
  /** Participants by overall status. */
  totals: StatusTotals;
  /** Per slot (same order as `slots`): participants by slot status. */
  slotTotals: StatusTotals[];
};

const emptyTotals = (): StatusTotals => ({ PRESENT: 0, ABSENT: 0, EXCUSED_ABSENCE: 0, LATE: 0, LEFT_EARLY: 0, NOT_YET: 0 });

const isSignature = (r: StatusRecord) => SIGNATURE_METHODS.includes(r.method);
const chronological = (a: StatusRecord, b: StatusRecord) => a.signedAt.getTime() - b.signedAt.getTime() || a.chainPosition - b.chainPosition;
const attended = (s: AttendanceStatus) => s === "PRESENT" || s === "LATE" || s === "LEFT_EARLY";
const absence = (s: AttendanceStatus) => s === "ABSENT" || s === "EXCUSED_ABSENCE";

/** The session's slots in order, or the implicit one. */
function sessionSlots(session: StatusInput<StatusRecord>["session"], slots: readonly StatusSlot[], implicitLabel = ""): StatusSlot[] {
  if (slots.length) return [...slots].sort((a, b) => a.position - b.position || a.startsAt.getTime() - b.startsAt.getTime());
  const startsAt = session.scheduledAt;
  return [{ id: null, position: 1, label: implicitLabel, startsAt, endsAt: new Date(startsAt.getTime() + session.durationMinutes * MINUTE) }];
}

/** The slot a session-level signature counts for: the one containing its time, else the nearest. */
function slotOfSignature(r: StatusRecord, slots: readonly StatusSlot[]): StatusSlot {
  const t = r.signedAt.getTime();
  const distance = (s: StatusSlot) => (t < s.startsAt.getTime() ? s.startsAt.getTime() - t : t >= s.endsAt.getTime() ? t - s.endsAt.getTime() + 1 : 0);
  return slots.reduce((best, s) => (distance(s) < distance(best) ? s : best), slots[0]!);
}

const slotLength = (slot: StatusSlot) => Math.max(0, Math.floor((slot.endsAt.getTime() - slot.startsAt.getTime()) / MINUTE));

/**
 * The minutes a minutes-only OVERRIDE (attendanceMinutes, no status) gives one slot: for the whole
 * session they fill the slots in order (each up to its length), so the slots beyond them get 0;
 * for one slot, at most its length.
 */
function allocatedMinutes(r: StatusRecord, slot: StatusSlot, slots: readonly StatusSlot[]): number {
  const total = Math.max(0, r.attendanceMinutes ?? 0);
  if (r.slotId !== null) return Math.min(total, slotLength(slot));
  let before = 0;
  for (const s of slots) {
    if (s === slot) break;
    before += slotLength(s);
  }
  return Math.max(0, Math.min(slotLength(slot), total - before));
}

/** The status an OVERRIDE sets for one slot (see rule 1). */
function overrideStatus(r: StatusRecord, slot: StatusSlot, slots: readonly StatusSlot[]): SettableStatus | null {
  if (r.status === "NOT_YET") return null;
  if (!r.status) return allocatedMinutes(r, slot, slots) > 0 ? "PRESENT" : "ABSENT";
  if (r.slotId === null && slots.length > 1) {
    if (r.status === "LATE" && slot !== slots[0]) return "PRESENT";
    if (r.status === "LEFT_EARLY" && slot !== slots[slots.length - 1]) return "PRESENT";
  }
  return r.status;
}

const floorMinutes = (ms: number) => Math.max(0, Math.floor(ms / MINUTE));

type AutoReading = { status: "PRESENT" | "LATE" | "LEFT_EARLY"; late: number; leftEarly: number; first: StatusRecord; latest: StatusRecord };

/** Rule 3: the AUTO segments against one slot. */
function readAuto(autos: readonly StatusRecord[], slot: StatusSlot, now: Date): AutoReading | null {
  const start = slot.startsAt.getTime();
  const ended = now.getTime() >= slot.endsAt.getTime();
  const end = Math.min(slot.endsAt.getTime(), Math.max(now.getTime(), start));
  let firstIn = Infinity;
  let lastOut = -Infinity;
  let first: StatusRecord | null = null;
  let latest: StatusRecord | null = null;
  for (const r of autos) {
    if (!r.joinedAt) continue;
    const a = Math.max(r.joinedAt.getTime(), start);
    const b = Math.min((r.leftAt ?? r.signedAt).getTime(), end);
    if (b <= a) continue;
    if (a < firstIn) {
      firstIn = a;
      first = r;
    }
    lastOut = Math.max(lastOut, b);
    latest = r;
  }
  if (first && latest) {
    const late = floorMinutes(firstIn - start);
    const leftEarly = ended ? floorMinutes(slot.endsAt.getTime() - lastOut) : 0;
    const status = late > GRACE_MINUTES ? "LATE" : leftEarly > GRACE_MINUTES ? "LEFT_EARLY" : "PRESENT";
    return { status, late, leftEarly, first, latest };
  }
  const segmentless = autos.filter((r) => !r.joinedAt && (r.attendanceMinutes ?? 0) > 0);
  if (segmentless.length) return { status: "PRESENT", late: 0, leftEarly: 0, first: segmentless[0]!, latest: segmentless[segmentless.length - 1]! };
  return null;
}

function minutesOf(status: AttendanceStatus, slotMinutes: number, late: number | null, leftEarly: number | null): number {
  if (status === "PRESENT") return slotMinutes;
  if (status === "LATE" || status === "LEFT_EARLY") return Math.max(0, slotMinutes - (late ?? 0) - (leftEarly ?? 0));
  return 0;
}

function slotAttendance<R extends StatusRecord>(mine: readonly R[], byId: Map<string, R>, slot: StatusSlot, slots: readonly StatusSlot[], now: Date): SlotAttendance<R> {
  const slotMinutes = floorMinutes(slot.endsAt.getTime() - slot.startsAt.getTime());
  const applies = (r: R) => slot.id === null || r.slotId === slot.id || r.slotId === null;
  const overrides = mine.filter((r) => r.method === "OVERRIDE" && applies(r));
  const corrections: Correction<R>[] = [];
  for (const r of overrides) {
    const status = overrideStatus(r, slot, slots);
    if (!status) continue;
    const corrected = r.correctsId ? (byId.get(r.correctsId) ?? null) : null;
    corrections.push({ record: r, status, corrected });
  }
  const signatures = mine.filter((r) => isSignature(r) && (slot.id === null || r.slotId === slot.id || (r.slotId === null && slotOfSignature(r, slots) === slot)));
  const signature = signatures.filter((r) => r.slotId !== null)[0] ?? signatures[0] ?? null;
  const auto = signature ? null : readAuto(mine.filter((r) => r.method === "AUTO" && applies(r)), slot, now);
  const evidence = (signature ?? auto?.first ?? null) as R | null;
  const signedAt = signature ? signature.signedAt : (auto?.first.joinedAt ?? auto?.first.signedAt ?? null);

  const decisive = corrections[corrections.length - 1];
  let status: AttendanceStatus;
  let record: R | null;
  let late: number | null = null;
  let leftEarly: number | null = null;
  let justification: string | null = null;
  let minutes: number | null = null;
  if (decisive) {
    status = decisive.status;
    record = decisive.record;
    if (!decisive.record.status) minutes = allocatedMinutes(decisive.record, slot, slots);
    if (status === "LATE") late = Math.min(slotMinutes, decisive.record.lateMinutes ?? 0);
    if (status === "LEFT_EARLY") leftEarly = Math.min(slotMinutes, decisive.record.leftEarlyMinutes ?? 0);
    if (status === "EXCUSED_ABSENCE") justification = decisive.record.reason ?? null;
  } else if (signature) {
    status = "PRESENT";
    record = signature;
  } else if (auto) {
    status = auto.status;
    record = auto.latest as R;
    if (status === "LATE") {
      late = auto.late;
      if (auto.leftEarly > GRACE_MINUTES) leftEarly = auto.leftEarly;
    }
    if (status === "LEFT_EARLY") leftEarly = auto.leftEarly;
  } else {
    status = now.getTime() >= slot.endsAt.getTime() ? "ABSENT" : "NOT_YET";
    record = null;
  }
  return { slot, status, minutes: minutes ?? minutesOf(status, slotMinutes, late, leftEarly), slotMinutes, lateMinutes: late, leftEarlyMinutes: leftEarly, justification, record, evidence, signedAt, corrections };
}

/** The overall status of a participant from their slots (see the module comment). */
export function overallStatus(statuses: readonly AttendanceStatus[]): AttendanceStatus {
  const decided = statuses.filter((s) => s !== "NOT_YET");
  if (decided.length === 0) return "NOT_YET";
  if (decided.every((s) => s === "PRESENT")) return "PRESENT";
  if (!decided.some(attended)) return decided.every((s) => s === "EXCUSED_ABSENCE") ? "EXCUSED_ABSENCE" : "ABSENT";
  return decided.includes("LATE") || absence(decided[0]!) ? "LATE" : "LEFT_EARLY";
}

export function computeAttendance<R extends StatusRecord>(input: StatusInput<R>): AttendanceComputation<R> {
  const slots = sessionSlots(input.session, input.slots, input.implicitSlotLabel);
  const byUser = new Map<string, R[]>();
  for (const r of [...input.records].sort(chronological)) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  const totals = emptyTotals();
  const slotTotals = slots.map(() => emptyTotals());
  const participants = input.participants.map(({ userId }) => {
    const mine = byUser.get(userId) ?? [];
    const byId = new Map(mine.map((r) => [r.id, r]));
    const perSlot = slots.map((slot) => slotAttendance(mine, byId, slot, slots, input.now));
    perSlot.forEach((s, i) => (slotTotals[i]![s.status] += 1));
    const status = overallStatus(perSlot.map((s) => s.status));
    totals[status] += 1;
    const seen = new Set<string>();
    const corrections = perSlot.flatMap((s) => s.corrections).filter((c) => (seen.has(c.record.id) ? false : (seen.add(c.record.id), true)));
    corrections.sort((a, b) => chronological(a.record, b.record));
    const justification = status === "EXCUSED_ABSENCE" ? ([...perSlot].reverse().find((s) => s.justification)?.justification ?? null) : null;
    return { userId, status, minutes: perSlot.reduce((sum, s) => sum + s.minutes, 0), justification, slots: perSlot, corrections };
  });
  return { slots, participants, totals, slotTotals };
}

/**
 * The record a new correction supersedes for the person and slot (slotId null: the whole
 * session): the record giving the slot's status now (the first slot's that has one for a
 * session-wide correction), else none.
 */
export function supersededRecord<R extends StatusRecord>(participant: ParticipantAttendance<R>, slotId: string | null): R | null {
  const slots = slotId === null ? participant.slots : participant.slots.filter((s) => s.slot.id === slotId);
  return slots.find((s) => s.record)?.record ?? null;
}
