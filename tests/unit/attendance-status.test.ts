import { describe, expect, it } from "vitest";
import { computeAttendance, GRACE_MINUTES, overallStatus, supersededRecord, type StatusRecord, type StatusSlot } from "../../server/services/attendance/status";

/** The attendance status rules (server/services/attendance/status.ts). */
const T0 = Date.UTC(2027, 0, 12, 8, 0); // 09:00 Paris
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const session = { scheduledAt: at(0), durationMinutes: 480 };
const morning: StatusSlot = { id: "slt_am", position: 1, label: "Matin", startsAt: at(0), endsAt: at(240) };
const afternoon: StatusSlot = { id: "slt_pm", position: 2, label: "Après-midi", startsAt: at(240), endsAt: at(480) };
const AFTER = at(600);

let n = 0;
function rec(p: Partial<StatusRecord> & Pick<StatusRecord, "method">): StatusRecord {
  n += 1;
  return { id: `emg_${n}`, userId: "usr_1", slotId: null, signedAt: at(5), chainPosition: n, ...p };
}
const sig = (p: Partial<StatusRecord> = {}) => rec({ method: "PIN", ...p });
const auto = (from: number, to: number, p: Partial<StatusRecord> = {}) => rec({ method: "AUTO", joinedAt: at(from), leftAt: at(to), signedAt: at(to), ...p });
const fix = (p: Partial<StatusRecord>) => rec({ method: "OVERRIDE", overrideBy: "usr_admin", reason: "Une raison suffisamment longue", attendanceMinutes: 0, signedAt: at(700), ...p });

function one(records: StatusRecord[], opts: { slots?: StatusSlot[]; now?: Date } = {}) {
  return computeAttendance({ session, slots: opts.slots ?? [], participants: [{ userId: "usr_1" }], records, now: opts.now ?? AFTER }).participants[0]!;
}
const statuses = (records: StatusRecord[], opts: { now?: Date } = {}) => one(records, { slots: [morning, afternoon], ...opts }).slots.map((s) => s.status);

describe("slots", () => {
  it("a session without slots has one implicit slot covering it, labelled as asked", () => {
    const r = computeAttendance({ session, slots: [], participants: [], records: [], now: AFTER, implicitSlotLabel: "Session complète" });
    expect(r.slots).toEqual([{ id: null, position: 1, label: "Session complète", startsAt: at(0), endsAt: at(480) }]);
  });
  it("slots are ordered by position whatever the input order", () => {
    const r = computeAttendance({ session, slots: [afternoon, morning], participants: [], records: [], now: AFTER });
    expect(r.slots.map((s) => s.id)).toEqual(["slt_am", "slt_pm"]);
  });
});

describe("signatures", () => {
  it.each(["QR", "QR_CODE", "PIN", "CANVAS"])("%s for the whole session -> PRESENT, its time, full minutes", (method) => {
    const s = sig({ method, signedAt: at(3) });
    const p = one([s]);
    expect(p.status).toBe("PRESENT");
    expect(p.slots[0]).toMatchObject({ status: "PRESENT", minutes: 480, slotMinutes: 480, record: s, evidence: s, signedAt: at(3), lateMinutes: null, leftEarlyMinutes: null, corrections: [] });
    expect(p.minutes).toBe(480);
  });
  it("a slot's signature counts for that slot only", () => {
    expect(statuses([sig({ slotId: "slt_pm", signedAt: at(250) })])).toEqual(["ABSENT", "PRESENT"]);
  });
  it("a session-level signature counts for the slot it was made in (before the first: the first; after the last: the last)", () => {
    expect(statuses([sig({ signedAt: at(300) })])).toEqual(["ABSENT", "PRESENT"]);
    expect(statuses([sig({ signedAt: at(-20) })])).toEqual(["PRESENT", "ABSENT"]);
    expect(statuses([sig({ signedAt: at(500) })])).toEqual(["ABSENT", "PRESENT"]);
  });
  it("the slot's own signature is the evidence before a session-level one", () => {
    const own = sig({ method: "CANVAS", slotId: "slt_am", signedAt: at(30) });
    const p = one([sig({ signedAt: at(10) }), own], { slots: [morning, afternoon] });
    expect(p.slots[0]!.evidence).toBe(own);
    expect(p.slots[0]!.signedAt).toEqual(at(30));
  });
  it("another person's records are ignored", () => {
    expect(statuses([sig({ userId: "usr_2" })])).toEqual(["ABSENT", "ABSENT"]);
  });
});

describe("AUTO segments", () => {
  it("connected for the whole slot -> PRESENT with the first connection's time", () => {
    const p = one([auto(-5, 485)]);
    expect(p.slots[0]).toMatchObject({ status: "PRESENT", minutes: 480, signedAt: at(-5) });
  });
  it(`late within the ${GRACE_MINUTES} minutes' grace is PRESENT, beyond it LATE with the minutes`, () => {
    expect(one([auto(GRACE_MINUTES, 480)]).slots[0]).toMatchObject({ status: "PRESENT", minutes: 480, lateMinutes: null });
    expect(one([auto(GRACE_MINUTES + 1, 480)]).slots[0]).toMatchObject({ status: "LATE", lateMinutes: 11, minutes: 469 });
  });
  it("leaving before the end beyond the grace -> LEFT_EARLY with the minutes", () => {
    expect(one([auto(0, 480 - GRACE_MINUTES)]).slots[0]).toMatchObject({ status: "PRESENT", minutes: 480 });
    expect(one([auto(0, 420)]).slots[0]).toMatchObject({ status: "LEFT_EARLY", leftEarlyMinutes: 60, lateMinutes: null, minutes: 420 });
  });
  it("late AND left early: LATE, both minutes deducted", () => {
    expect(one([auto(30, 420)]).slots[0]).toMatchObject({ status: "LATE", lateMinutes: 30, leftEarlyMinutes: 60, minutes: 390 });
  });
  it("several segments: first connection and last disconnection, per slot", () => {
    expect(one([auto(0, 100), auto(120, 300)], { slots: [morning, afternoon] }).slots.map((s) => [s.status, s.minutes])).toEqual([
      ["PRESENT", 240],
      ["LEFT_EARLY", 60],
    ]);
  });
  it("a segment outside the slot does not count; a segment-less AUTO record with minutes is PRESENT", () => {
    expect(statuses([auto(0, 235)])).toEqual(["PRESENT", "ABSENT"]);
    expect(one([rec({ method: "AUTO", attendanceMinutes: 30 })]).slots[0]!.status).toBe("PRESENT");
    expect(one([rec({ method: "AUTO", attendanceMinutes: 0 })]).slots[0]!.status).toBe("ABSENT");
  });
  it("a signature wins over AUTO", () => {
    expect(one([auto(60, 120), sig()]).slots[0]).toMatchObject({ status: "PRESENT", minutes: 480 });
  });
  it("while the slot runs, leaving is not yet early", () => {
    expect(one([auto(0, 100)], { now: at(200) }).slots[0]).toMatchObject({ status: "PRESENT" });
    expect(one([auto(40, 100)], { now: at(200) }).slots[0]).toMatchObject({ status: "LATE", lateMinutes: 40 });
  });
});

describe("no record", () => {
  it("slot ended -> ABSENT, slot not ended -> NOT_YET (a future session is never absent)", () => {
    expect(statuses([], { now: at(300) })).toEqual(["ABSENT", "NOT_YET"]);
    expect(statuses([], { now: at(-60 * 24 * 30) })).toEqual(["NOT_YET", "NOT_YET"]);
    expect(statuses([], { now: at(480) })).toEqual(["ABSENT", "ABSENT"]);
  });
  it("NOT_YET and ABSENT count 0 minutes", () => {
    const p = one([], { slots: [morning, afternoon], now: at(300) });
    expect(p.slots.map((s) => s.minutes)).toEqual([0, 0]);
    expect(p.minutes).toBe(0);
  });
});

describe("corrections (OVERRIDE)", () => {
  it("sets any status; the latest wins; the signature's time stays, never the correction's", () => {
    const s = sig({ signedAt: at(3) });
    const a = fix({ status: "ABSENT", signedAt: at(600) });
    const p = one([s, a]);
    expect(p.slots[0]).toMatchObject({ status: "ABSENT", minutes: 0, record: a, evidence: s, signedAt: at(3) });
    const b = fix({ status: "PRESENT", signedAt: at(650) });
    expect(one([s, a, b]).slots[0]).toMatchObject({ status: "PRESENT", record: b, minutes: 480 });
  });
  it("turns an absence into a presence without inventing a signature time", () => {
    const f = fix({ status: "PRESENT" });
    expect(one([f]).slots[0]).toMatchObject({ status: "PRESENT", signedAt: null, evidence: null, record: f, minutes: 480 });
  });
  it("EXCUSED_ABSENCE carries its reason as the justification; 0 minutes", () => {
    const f = fix({ status: "EXCUSED_ABSENCE", reason: "Arrêt maladie transmis le 12 janvier" });
    const p = one([f]);
    expect(p.slots[0]).toMatchObject({ status: "EXCUSED_ABSENCE", justification: "Arrêt maladie transmis le 12 janvier", minutes: 0 });
    expect(p).toMatchObject({ status: "EXCUSED_ABSENCE", justification: "Arrêt maladie transmis le 12 janvier" });
  });
  it("LATE / LEFT_EARLY with their minutes, capped to the slot", () => {
    expect(one([fix({ status: "LATE", lateMinutes: 25 })]).slots[0]).toMatchObject({ status: "LATE", lateMinutes: 25, minutes: 455 });
    expect(one([fix({ status: "LEFT_EARLY", leftEarlyMinutes: 90 })]).slots[0]).toMatchObject({ status: "LEFT_EARLY", leftEarlyMinutes: 90, minutes: 390 });
    expect(one([fix({ status: "LATE", lateMinutes: 9999 })]).slots[0]).toMatchObject({ lateMinutes: 480, minutes: 0 });
  });
  it("a session-wide LATE concerns the first slot, a session-wide LEFT_EARLY the last", () => {
    expect(statuses([fix({ status: "LATE", lateMinutes: 20 })])).toEqual(["LATE", "PRESENT"]);
    expect(statuses([fix({ status: "LEFT_EARLY", leftEarlyMinutes: 20 })])).toEqual(["PRESENT", "LEFT_EARLY"]);
  });
  it("a slot correction applies to its slot only; a session-wide one to every slot", () => {
    expect(statuses([fix({ status: "PRESENT", slotId: "slt_pm" })])).toEqual(["ABSENT", "PRESENT"]);
    expect(statuses([fix({ status: "EXCUSED_ABSENCE" })])).toEqual(["EXCUSED_ABSENCE", "EXCUSED_ABSENCE"]);
  });
  it("the latest of slot and session-wide corrections wins", () => {
    expect(statuses([fix({ status: "PRESENT", slotId: "slt_am", signedAt: at(600) }), fix({ status: "ABSENT", signedAt: at(700) })])).toEqual(["ABSENT", "ABSENT"]);
    expect(statuses([fix({ status: "ABSENT", signedAt: at(600) }), fix({ status: "PRESENT", slotId: "slt_am", signedAt: at(700) })])).toEqual(["PRESENT", "ABSENT"]);
  });
  it("same time: the later chain position wins", () => {
    expect(statuses([fix({ status: "PRESENT", chainPosition: 900 }), fix({ status: "ABSENT", chainPosition: 901 })])).toEqual(["ABSENT", "ABSENT"]);
  });
  it("without a status (the spec's attendanceMinutes): the minutes attended, PRESENT with them, 0 -> ABSENT", () => {
    expect(one([fix({ status: null, attendanceMinutes: 30 })]).slots[0]).toMatchObject({ status: "PRESENT", minutes: 30 });
    expect(one([fix({ status: null, attendanceMinutes: 30 })]).minutes).toBe(30);
    expect(one([sig(), fix({ status: null, attendanceMinutes: 0 })]).slots[0]).toMatchObject({ status: "ABSENT", minutes: 0 });
  });
  it("session-wide minutes fill the slots in order: the slots beyond them read ABSENT", () => {
    const both = [morning, afternoon];
    const half = one([sig({ slotId: "slt_am", signedAt: at(3) }), sig({ slotId: "slt_pm", signedAt: at(243) }), fix({ status: null, attendanceMinutes: 240 })], { slots: both });
    expect(half.slots.map((s) => [s.status, s.minutes])).toEqual([["PRESENT", 240], ["ABSENT", 0]]);
    expect(half.minutes).toBe(240);
    expect(half.status).toBe("LEFT_EARLY");
    // The demo's Lucas Moreau: 235 of 480.
    const lucas = one([sig({ signedAt: at(6) }), auto(5, 240), fix({ status: null, attendanceMinutes: 235 })], { slots: both });
    expect(lucas.slots.map((s) => [s.status, s.minutes])).toEqual([["PRESENT", 235], ["ABSENT", 0]]);
    expect(lucas.minutes).toBe(235);
    const spill = one([fix({ status: null, attendanceMinutes: 300 })], { slots: both });
    expect(spill.slots.map((s) => [s.status, s.minutes])).toEqual([["PRESENT", 240], ["PRESENT", 60]]);
    expect(spill.minutes).toBe(300);
    // One slot named: at most its length.
    expect(one([fix({ status: null, slotId: "slt_pm", attendanceMinutes: 400 })], { slots: both }).slots.map((s) => [s.status, s.minutes])).toEqual([["ABSENT", 0], ["PRESENT", 240]]);
  });
  it("an excused absence is said with a status: a later EXCUSED_ABSENCE for the slot beyond the minutes decides it", () => {
    const p = one([fix({ status: null, attendanceMinutes: 240, signedAt: at(700) }), fix({ status: "EXCUSED_ABSENCE", slotId: "slt_pm", signedAt: at(701) })], { slots: [morning, afternoon] });
    expect(p.slots.map((s) => [s.status, s.minutes])).toEqual([["PRESENT", 240], ["EXCUSED_ABSENCE", 0]]);
    expect(p.slots[1]!.justification).toBe("Une raison suffisamment longue");
  });
  it("a correction never sets NOT_YET: such a record is ignored", () => {
    expect(one([fix({ status: "NOT_YET" })], { now: at(-10) }).slots[0]!.status).toBe("NOT_YET");
    expect(one([sig(), fix({ status: "NOT_YET" })]).slots[0]!.status).toBe("PRESENT");
  });
  it("corrections are listed oldest first with the record they corrected; a future slot can be corrected", () => {
    const s = sig({ signedAt: at(3) });
    const a = fix({ status: "ABSENT", correctsId: s.id, signedAt: at(600) });
    const b = fix({ status: "PRESENT", correctsId: a.id, signedAt: at(650) });
    const p = one([b, s, a]);
    expect(p.corrections.map((c) => [c.record.id, c.corrected?.id ?? null, c.status])).toEqual([
      [a.id, s.id, "ABSENT"],
      [b.id, a.id, "PRESENT"],
    ]);
    expect(p.slots[0]!.corrections).toHaveLength(2);
    expect(one([fix({ status: "EXCUSED_ABSENCE" })], { now: at(-60) }).slots[0]!.status).toBe("EXCUSED_ABSENCE");
  });
  it("the superseded record: the one that gives the slot's status now", () => {
    const s = sig({ signedAt: at(3) });
    const p = one([s], { slots: [morning, afternoon] });
    expect(supersededRecord(p, "slt_am")).toBe(s);
    expect(supersededRecord(p, "slt_pm")).toBeNull();
    expect(supersededRecord(p, null)).toBe(s);
    const f = fix({ status: "ABSENT", slotId: "slt_pm" });
    expect(supersededRecord(one([s, f], { slots: [morning, afternoon] }), "slt_pm")).toBe(f);
  });
});

describe("overall status and totals", () => {
  it.each([
    [["NOT_YET", "NOT_YET"], "NOT_YET"],
    [["PRESENT", "NOT_YET"], "PRESENT"],
    [["PRESENT", "PRESENT"], "PRESENT"],
    [["ABSENT", "ABSENT"], "ABSENT"],
    [["EXCUSED_ABSENCE", "EXCUSED_ABSENCE"], "EXCUSED_ABSENCE"],
    [["EXCUSED_ABSENCE", "ABSENT"], "ABSENT"],
    [["ABSENT", "PRESENT"], "LATE"],
    [["PRESENT", "LATE"], "LATE"],
    [["PRESENT", "ABSENT"], "LEFT_EARLY"],
    [["PRESENT", "LEFT_EARLY"], "LEFT_EARLY"],
    [["LATE"], "LATE"],
  ] as const)("%j -> %s", (slots, expected) => {
    expect(overallStatus(slots)).toBe(expected);
  });
  it("totals per overall status and per slot; minutes summed over slots", () => {
    const r = computeAttendance({
      session,
      slots: [morning, afternoon],
      participants: [{ userId: "a" }, { userId: "b" }, { userId: "c" }, { userId: "d" }],
      records: [sig({ userId: "a", slotId: "slt_am" }), sig({ userId: "a", slotId: "slt_pm", signedAt: at(250) }), sig({ userId: "b", slotId: "slt_am" }), fix({ userId: "c", status: "EXCUSED_ABSENCE" })],
      now: at(300),
    });
    expect(r.participants.map((p) => [p.userId, p.status, p.minutes])).toEqual([
      ["a", "PRESENT", 480],
      ["b", "PRESENT", 240],
      ["c", "EXCUSED_ABSENCE", 0],
      ["d", "ABSENT", 0],
    ]);
    expect(r.totals).toEqual({ PRESENT: 2, ABSENT: 1, EXCUSED_ABSENCE: 1, LATE: 0, LEFT_EARLY: 0, NOT_YET: 0 });
    expect(r.slotTotals).toEqual([
      { PRESENT: 2, ABSENT: 1, EXCUSED_ABSENCE: 1, LATE: 0, LEFT_EARLY: 0, NOT_YET: 0 },
      { PRESENT: 1, ABSENT: 0, EXCUSED_ABSENCE: 1, LATE: 0, LEFT_EARLY: 0, NOT_YET: 2 },
    ]);
  });
});
