import { describe, expect, it } from "vitest";
import { DomainError } from "../../server/errors";
import { computePresence, mergeSegments, roundRate } from "../../server/services/attendance/lib/presence";

const window = { scheduledAt: "2027-01-12T08:00:00.000Z", durationMinutes: 120 };
const at = (hhmm: string) => `2027-01-12T${hhmm}:00.000Z`;

describe("computePresence", () => {
  it("sums disjoint segments", () => {
    const p = computePresence(window, [
      { joinedAt: at("08:00"), leftAt: at("08:30") },
      { joinedAt: at("09:00"), leftAt: at("09:45") },
    ]);
    expect(p).toEqual({ attendedSeconds: 75 * 60, attendanceMinutes: 75, attendanceRate: 0.625 });
  });

  it("merges overlapping and touching segments (two devices, reconnects)", () => {
    const segs = [
      { joinedAt: at("08:10"), leftAt: at("09:00") },
      { joinedAt: at("08:30"), leftAt: at("08:50") },
      { joinedAt: at("09:00"), leftAt: at("09:20") },
      { joinedAt: at("08:50"), leftAt: at("09:10") },
    ];
    expect(mergeSegments(window, segs)).toEqual([[Date.parse(at("08:10")), Date.parse(at("09:20"))]]);
    expect(computePresence(window, segs).attendanceMinutes).toBe(70);
  });

  it("clips to the session window and clamps the rate to 1", () => {
    const p = computePresence(window, [{ joinedAt: at("07:00"), leftAt: at("11:00") }]);
    expect(p).toEqual({ attendedSeconds: 7200, attendanceMinutes: 120, attendanceRate: 1 });
    expect(computePresence(window, [{ joinedAt: at("06:00"), leftAt: at("07:59") }, { joinedAt: at("10:00"), leftAt: at("12:00") }])).toEqual({
      attendedSeconds: 0,
      attendanceMinutes: 0,
      attendanceRate: 0,
    });
    expect(computePresence(window, []).attendanceRate).toBe(0);
  });

  it("floors minutes, rounds the rate to 4 decimals from the exact time", () => {
    const p = computePresence({ scheduledAt: at("08:00"), durationMinutes: 90 }, [
      { joinedAt: at("08:00"), leftAt: "2027-01-12T08:20:59.000Z" },
    ]);
    expect(p.attendanceMinutes).toBe(20);
    expect(p.attendedSeconds).toBe(1259);
    expect(p.attendanceRate).toBe(0.2331); // 1259 / 5400 = 0.23314…
    expect(roundRate(2 / 3)).toBe(0.6667);
    expect(roundRate(-0.2)).toBe(0);
    expect(roundRate(1.5)).toBe(1);
    expect(roundRate(0.00005)).toBe(0.0001);
  });

  it("closes an open segment at `now`", () => {
    const p = computePresence(window, [{ joinedAt: at("08:30"), leftAt: null }], new Date(at("09:00")));
    expect(p.attendanceMinutes).toBe(30);
  });

  it("refuses invalid input with 400", () => {
    const expect400 = (fn: () => unknown) => {
      try {
        fn();
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(DomainError);
        expect((e as DomainError).code).toBe("BAD_REQUEST");
      }
    };
    expect400(() => computePresence(window, [{ joinedAt: at("09:00"), leftAt: at("08:00") }]));
    expect400(() => computePresence(window, [{ joinedAt: "yesterday", leftAt: at("08:00") }]));
    expect400(() => computePresence({ ...window, durationMinutes: 0 }, []));
    expect400(() => computePresence({ ...window, scheduledAt: "x" }, []));
  });
});
