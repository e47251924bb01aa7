import { describe, expect, it } from "vitest";
import { PLAN_STATUSES } from "../../server/contracts/improvement-plans";
import { isSlaBreached } from "../../server/services/quality/complaints";
import { median, statsPeriod } from "../../server/services/quality/period";
import { PLAN_MOVES } from "../../server/services/quality/plans";

const HOUR = 3_600_000;

describe("improvement plan status moves", () => {
  it("ARCHIVED is final; nothing goes back to DRAFT; COMPLETED only through /close (never a PATCH move)", () => {
    expect(PLAN_MOVES.ARCHIVED).toEqual([]);
    for (const s of PLAN_STATUSES) {
      expect(PLAN_MOVES[s]).not.toContain("DRAFT");
      expect(PLAN_MOVES[s]).not.toContain("COMPLETED");
      expect(PLAN_MOVES[s]).not.toContain(s);
    }
    expect(PLAN_MOVES.DRAFT).toEqual(["IN_PROGRESS", "ARCHIVED"]);
    expect(PLAN_MOVES.COMPLETED).toEqual(["IN_PROGRESS", "ARCHIVED"]);
  });
});

describe("CRITICAL complaint SLA", () => {
  const created = new Date("2026-03-02T08:00:00Z");
  const due = new Date(created.getTime() + 24 * HOUR);
  const base = { severity: "CRITICAL" as const, slaDueAt: due, resolvedAt: null, status: "NEW" as const };
  it("breached when still open after the deadline, or resolved after it; never for other severities", () => {
    expect(isSlaBreached(base, new Date(due.getTime() - 1))).toBe(false);
    expect(isSlaBreached(base, new Date(due.getTime() + 1))).toBe(true);
    expect(isSlaBreached({ ...base, status: "IN_REVIEW" }, new Date(due.getTime() + 1))).toBe(true);
    expect(isSlaBreached({ ...base, status: "RESOLVED", resolvedAt: new Date(due.getTime() - HOUR) }, new Date(due.getTime() + 10 * HOUR))).toBe(false);
    expect(isSlaBreached({ ...base, status: "CLOSED", resolvedAt: new Date(due.getTime() + HOUR) }, new Date(due.getTime() + 10 * HOUR))).toBe(true);
    expect(isSlaBreached({ ...base, severity: "HIGH", slaDueAt: null }, new Date(due.getTime() + 10 * HOUR))).toBe(false);
  });
});

describe("statistics period", () => {
  it("from and to are whole UTC days, to included; default the 365 days up to today", () => {
    const now = new Date("2026-11-27T06:00:00Z");
    expect(statsPeriod({ from: "2026-01-01", to: "2026-01-31" }, now)).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
      start: new Date("2026-01-01T00:00:00Z"),
      end: new Date("2026-02-01T00:00:00Z"),
    });
    const d = statsPeriod({}, now);
    expect(d.to).toBe("2026-11-27");
    expect(d.end).toEqual(new Date("2026-11-28T00:00:00Z"));
    expect(d.start).toEqual(new Date(d.end.getTime() - 365 * 24 * HOUR));
  });
  it("median of an odd and an even list; null when empty", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
