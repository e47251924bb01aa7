import { describe, expect, it } from "vitest";
import { formatDuration, formatLongDate, formatRanges, formatSchedule } from "../../server/lib/schedule-text";

const day = (date: string, ...ranges: [string, string][]) => ({ date, ranges: ranges.map(([start, end]) => ({ start, end })) });

describe("formatSchedule: the one printed form of planned days and hours", () => {
  it("one day with a lunch break, French long form", () => {
    expect(formatSchedule([day("2026-12-08", ["09:00", "12:30"], ["13:30", "17:00"])]).text).toBe("mardi 8 décembre 2026, 09:00–12:30 et 13:30–17:00 ; 7 h");
  });

  it("two days: each day with its ranges, then the total (not start plus duration)", () => {
    const planned = formatSchedule([day("2026-12-08", ["09:00", "12:30"], ["13:30", "17:00"]), day("2026-12-09", ["09:00", "12:30"], ["13:30", "17:00"])]);
    expect(planned.days).toEqual(["mardi 8 décembre 2026, 09:00–12:30 et 13:30–17:00", "mercredi 9 décembre 2026, 09:00–12:30 et 13:30–17:00"]);
    expect(planned.duration).toBe("14 h");
    expect(planned.text).toBe("mardi 8 décembre 2026, 09:00–12:30 et 13:30–17:00 ; mercredi 9 décembre 2026, 09:00–12:30 et 13:30–17:00 ; 14 h");
    expect(planned.text).not.toMatch(/23:00|840|minutes/);
  });

  it("English", () => {
    expect(formatSchedule([day("2026-12-08", ["09:00", "12:30"], ["13:30", "17:00"])], "en").text).toBe("Tuesday 8 December 2026, 09:00–12:30 and 13:30–17:00; 7 h");
  });

  it("three ranges, the first of the month, a range ending at midnight", () => {
    expect(formatRanges([{ start: "09:00", end: "10:00" }, { start: "10:30", end: "12:00" }, { start: "13:00", end: "17:00" }])).toBe("09:00–10:00, 10:30–12:00 et 13:00–17:00");
    expect(formatLongDate("2026-12-01")).toBe("mardi 1er décembre 2026");
    expect(formatLongDate("2026-12-01", "en")).toBe("Tuesday 1 December 2026");
    expect(formatSchedule([day("2026-12-31", ["20:00", "24:00"])]).text).toBe("jeudi 31 décembre 2026, 20:00–24:00 ; 4 h");
  });

  it("durations read 14 h, 3 h 30, 45 min — never a count of minutes", () => {
    expect(formatDuration(840)).toBe("14 h");
    expect(formatDuration(210)).toBe("3 h 30");
    expect(formatDuration(485)).toBe("8 h 05");
    expect(formatDuration(45)).toBe("45 min");
    expect(formatDuration(0)).toBe("0 min");
  });
});
