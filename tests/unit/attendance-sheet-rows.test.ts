import { describe, expect, it } from "vitest";
import { attributeSignatures, decide, type SheetRecordRow, type SlotWindow } from "../../server/services/attendance/sheet/sheet-rows";

/** Presence per slot on the attendance sheet (server/services/attendance/sheet/sheet-rows.ts). */
const T0 = Date.UTC(2027, 0, 12, 8, 0); // 09:00 Paris
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const SESSION = 480;
const morning: SlotWindow = { id: "slt_am", position: 1, label: "Matin", startsAt: at(0), endsAt: at(240), sessionMinutes: SESSION };
const afternoon: SlotWindow = { id: "slt_pm", position: 2, label: "Après-midi", startsAt: at(240), endsAt: at(480), sessionMinutes: SESSION };
const whole: SlotWindow = { id: null, position: 1, label: "Session complète", startsAt: at(0), endsAt: at(480), sessionMinutes: SESSION };

let n = 0;
function rec(p: Partial<SheetRecordRow> & Pick<SheetRecordRow, "method">): SheetRecordRow {
  n += 1;
  return {
    id: `emg_${n}`,
    userId: "usr_1",
    enrollmentId: "enr_1",
    slotId: null,
    signedAt: at(5),
    attendanceMinutes: null,
    attendanceRate: null,
    overrideBy: null,
    reason: null,
    sealedHash: `sha256:${"0".repeat(64)}`,
    chainPosition: n,
    joinedAt: null,
    leftAt: null,
    hasSignature: false,
    ...p,
  };
}
const statusOf = (records: SheetRecordRow[], slot: SlotWindow) => {
  attributeSignatures(records, [morning, afternoon]);
  const d = decide(records, slot);
  return [d.status, d.record?.method ?? null];
};

describe("sheet presence rules", () => {
  it("a session-level signature counts for the slot it was made in (before the first: the first; after the last: the last)", () => {
    expect(statusOf([rec({ method: "PIN", signedAt: at(250) })], morning)).toEqual(["ABSENT", null]);
    expect(statusOf([rec({ method: "PIN", signedAt: at(250) })], afternoon)).toEqual(["PRESENT", "PIN"]);
    expect(statusOf([rec({ method: "QR", signedAt: at(-20) })], morning)).toEqual(["PRESENT", "QR"]);
    expect(statusOf([rec({ method: "QR", signedAt: at(500) })], afternoon)).toEqual(["PRESENT", "QR"]);
    // Without slots, the one whole-session slot takes every record.
    expect(decide([rec({ method: "PIN", signedAt: at(400) })], whole).status).toBe("PRESENT");
  });

  it("the slot's own signature is preferred over a session-level one", () => {
    const records = [rec({ method: "QR", signedAt: at(3) }), rec({ method: "CANVAS", slotId: "slt_am", signedAt: at(6), hasSignature: true })];
    expect(statusOf(records, morning)).toEqual(["PRESENT", "CANVAS"]);
  });

  it("AUTO counts where its connection overlaps the slot", () => {
    const auto = () => [rec({ method: "AUTO", joinedAt: at(10), leftAt: at(240), signedAt: at(240), attendanceMinutes: 230 })];
    expect(statusOf(auto(), morning)).toEqual(["PRESENT", "AUTO"]);
    expect(statusOf(auto(), afternoon)).toEqual(["ABSENT", "AUTO"]);
  });

  it("overrides: a slot's own decides; session-level 0 minutes -> absent everywhere; the whole duration -> present; partial changes nothing", () => {
    const signed = () => rec({ method: "PIN", signedAt: at(5) });
    expect(statusOf([signed(), rec({ method: "OVERRIDE", slotId: "slt_am", attendanceMinutes: 0, signedAt: at(600) })], morning)).toEqual(["ABSENT", "OVERRIDE"]);
    expect(statusOf([rec({ method: "OVERRIDE", slotId: "slt_pm", attendanceMinutes: 240, signedAt: at(600) })], afternoon)).toEqual(["PRESENT", "OVERRIDE"]);
    expect(statusOf([signed(), rec({ method: "OVERRIDE", attendanceMinutes: 0, signedAt: at(600) })], morning)).toEqual(["ABSENT", "OVERRIDE"]);
    expect(statusOf([rec({ method: "OVERRIDE", attendanceMinutes: SESSION, signedAt: at(600) })], afternoon)).toEqual(["PRESENT", "OVERRIDE"]);
    const partial = [signed(), rec({ method: "OVERRIDE", attendanceMinutes: 235, signedAt: at(600) })];
    expect(statusOf(partial, morning)).toEqual(["PRESENT", "PIN"]);
    expect(statusOf(partial, afternoon)).toEqual(["ABSENT", null]);
    expect(decide(partial, afternoon).overrides.map((o) => o.attendanceMinutes)).toEqual([235]);
  });
});
