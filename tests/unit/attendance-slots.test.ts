import { describe, expect, it } from "vitest";
import { DomainError } from "../../server/errors";
import { generateSlots } from "../../server/services/attendance/lib/slots";
import { zoneOffsetMs, zonedTimeToUtc } from "../../server/lib/time-zone";

const iso = (d: Date) => d.toISOString();
const plain = (slots: ReturnType<typeof generateSlots>) =>
  slots.map((s) => ({ startsAt: iso(s.startsAt), endsAt: iso(s.endsAt), label: s.label, position: s.position }));

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
  return undefined;
}

function assertContiguous(slots: ReturnType<typeof generateSlots>, start: string, minutes: number) {
  expect(iso(slots[0]!.startsAt)).toBe(start);
  expect(slots.at(-1)!.endsAt.getTime()).toBe(Date.parse(start) + minutes * 60_000);
  slots.forEach((s, i) => {
    expect(s.position).toBe(i + 1);
    expect(s.endsAt.getTime()).toBeGreaterThan(s.startsAt.getTime());
    if (i > 0) expect(s.startsAt.getTime()).toBe(slots[i - 1]!.endsAt.getTime());
  });
}

describe("zone helpers", () => {
  it("knows the Paris offsets around DST", () => {
    expect(zoneOffsetMs(new Date("2027-01-12T12:00:00Z"), "Europe/Paris")).toBe(3_600_000);
    expect(zoneOffsetMs(new Date("2027-07-12T12:00:00Z"), "Europe/Paris")).toBe(7_200_000);
    expect(iso(zonedTimeToUtc(2027, 3, 28, 13, 0, "Europe/Paris"))).toBe("2027-03-28T11:00:00.000Z");
    expect(iso(zonedTimeToUtc(2027, 3, 28, 0, 0, "Europe/Paris"))).toBe("2027-03-27T23:00:00.000Z");
    expect(iso(zonedTimeToUtc(2027, 3, 28, 2, 30, "Europe/Paris"))).toBe("2027-03-28T01:30:00.000Z"); // gap -> 03:30 CEST
    expect(iso(zonedTimeToUtc(2027, 10, 31, 2, 30, "Europe/Paris"))).toBe("2027-10-31T00:30:00.000Z"); // repeated -> earlier
    expect(iso(zonedTimeToUtc(2027, 1, 12, 9, 0, "America/New_York"))).toBe("2027-01-12T14:00:00.000Z");
  });
});

describe("generateSlots", () => {
  const day = { scheduledAt: "2027-01-12T08:00:00.000Z", durationMinutes: 450 }; // 09:00–16:30 Paris

  it("FULL_SESSION is one slot", () => {
    expect(plain(generateSlots(day, "FULL_SESSION"))).toEqual([
      { startsAt: "2027-01-12T08:00:00.000Z", endsAt: "2027-01-12T15:30:00.000Z", label: "Session complète — 12/01/2027 09:00–16:30", position: 1 },
    ]);
  });

  it("HOURLY is consecutive hours with a shorter last slot", () => {
    const slots = generateSlots(day, "HOURLY");
    expect(slots.map((s) => s.label)).toEqual(["09:00–10:00", "10:00–11:00", "11:00–12:00", "12:00–13:00", "13:00–14:00", "14:00–15:00", "15:00–16:00", "16:00–16:30"]);
    assertContiguous(slots, "2027-01-12T08:00:00.000Z", 450);
    expect(generateSlots({ scheduledAt: day.scheduledAt, durationMinutes: 120 }, "HOURLY")).toHaveLength(2);
  });

  it("HALF_DAY splits at 13:00 local time", () => {
    expect(plain(generateSlots(day, "HALF_DAY"))).toEqual([
      { startsAt: "2027-01-12T08:00:00.000Z", endsAt: "2027-01-12T12:00:00.000Z", label: "Matin — 12/01/2027", position: 1 },
      { startsAt: "2027-01-12T12:00:00.000Z", endsAt: "2027-01-12T15:30:00.000Z", label: "Après-midi — 12/01/2027", position: 2 },
    ]);
    // Morning-only and afternoon-only sessions give one slot.
    expect(generateSlots({ scheduledAt: "2027-01-12T08:00:00Z", durationMinutes: 180 }, "HALF_DAY").map((s) => s.label)).toEqual(["Matin — 12/01/2027"]);
    expect(generateSlots({ scheduledAt: "2027-01-12T13:00:00Z", durationMinutes: 60 }, "HALF_DAY").map((s) => s.label)).toEqual(["Après-midi — 12/01/2027"]);
  });

  it("HALF_DAY on the spring-forward day (2027-03-28, Paris) splits at 13:00 CEST = 11:00Z", () => {
    // 09:00 CEST = 07:00Z, 8 hours.
    const slots = generateSlots({ scheduledAt: "2027-03-28T07:00:00.000Z", durationMinutes: 480 }, "HALF_DAY");
    expect(plain(slots)).toEqual([
      { startsAt: "2027-03-28T07:00:00.000Z", endsAt: "2027-03-28T11:00:00.000Z", label: "Matin — 28/03/2027", position: 1 },
      { startsAt: "2027-03-28T11:00:00.000Z", endsAt: "2027-03-28T15:00:00.000Z", label: "Après-midi — 28/03/2027", position: 2 },
    ]);
  });

  it("HALF_DAY across the DST night: a session from Saturday 09:00 CET to Sunday 17:00 CEST", () => {
    // Saturday 2027-03-27 09:00 CET = 08:00Z; Sunday 17:00 CEST = 15:00Z -> 31 hours.
    const slots = generateSlots({ scheduledAt: "2027-03-27T08:00:00.000Z", durationMinutes: 31 * 60 }, "HALF_DAY");
    expect(plain(slots)).toEqual([
      { startsAt: "2027-03-27T08:00:00.000Z", endsAt: "2027-03-27T12:00:00.000Z", label: "Matin — 27/03/2027", position: 1 },
      { startsAt: "2027-03-27T12:00:00.000Z", endsAt: "2027-03-27T23:00:00.000Z", label: "Après-midi — 27/03/2027", position: 2 },
      { startsAt: "2027-03-27T23:00:00.000Z", endsAt: "2027-03-28T11:00:00.000Z", label: "Matin — 28/03/2027", position: 3 },
      { startsAt: "2027-03-28T11:00:00.000Z", endsAt: "2027-03-28T15:00:00.000Z", label: "Après-midi — 28/03/2027", position: 4 },
    ]);
  });

  it("HALF_DAY on the fall-back day (2027-10-31) splits at 13:00 CET = 12:00Z", () => {
    const slots = generateSlots({ scheduledAt: "2027-10-31T08:00:00.000Z", durationMinutes: 480 }, "HALF_DAY");
    expect(slots.map((s) => [iso(s.startsAt), iso(s.endsAt)])).toEqual([
      ["2027-10-31T08:00:00.000Z", "2027-10-31T12:00:00.000Z"],
      ["2027-10-31T12:00:00.000Z", "2027-10-31T16:00:00.000Z"],
    ]);
  });

  it("HOURLY across the spring-forward hour keeps 60 real minutes", () => {
    // 01:00 CET (00:00Z) for 3 hours -> ends 05:00 CEST (03:00Z).
    const slots = generateSlots({ scheduledAt: "2027-03-28T00:00:00.000Z", durationMinutes: 180 }, "HOURLY");
    expect(slots.map((s) => s.label)).toEqual(["01:00–03:00", "03:00–04:00", "04:00–05:00"]);
    assertContiguous(slots, "2027-03-28T00:00:00.000Z", 180);
  });

  it("prefixes hourly labels with the date when the session spans several days", () => {
    const slots = generateSlots({ scheduledAt: "2027-01-12T21:00:00.000Z", durationMinutes: 150 }, "HOURLY");
    expect(slots.map((s) => s.label)).toEqual(["12/01/2027 22:00–23:00", "12/01/2027 23:00–00:00", "13/01/2027 00:00–00:30"]);
  });

  it("uses another time zone when asked", () => {
    const slots = generateSlots({ scheduledAt: "2027-01-12T14:00:00.000Z", durationMinutes: 480 }, "HALF_DAY", "America/New_York");
    expect(slots.map((s) => [s.label, iso(s.endsAt)])).toEqual([
      ["Matin — 12/01/2027", "2027-01-12T18:00:00.000Z"],
      ["Après-midi — 12/01/2027", "2027-01-12T22:00:00.000Z"],
    ]);
  });

  it("ends exactly at midnight without an empty next-day slot", () => {
    // 20:00–24:00 Paris.
    const slots = generateSlots({ scheduledAt: "2027-01-12T19:00:00.000Z", durationMinutes: 240 }, "HALF_DAY");
    expect(slots.map((s) => s.label)).toEqual(["Après-midi — 12/01/2027"]);
  });

  it("refuses invalid input with 400", () => {
    expect(codeOf(() => generateSlots({ scheduledAt: "nope", durationMinutes: 60 }, "HOURLY"))).toBe("BAD_REQUEST");
    expect(codeOf(() => generateSlots({ scheduledAt: day.scheduledAt, durationMinutes: 0 }, "HOURLY"))).toBe("BAD_REQUEST");
    expect(codeOf(() => generateSlots({ scheduledAt: day.scheduledAt, durationMinutes: 1.5 }, "HOURLY"))).toBe("BAD_REQUEST");
    expect(codeOf(() => generateSlots({ scheduledAt: day.scheduledAt, durationMinutes: 10 ** 7 }, "HOURLY"))).toBe("BAD_REQUEST");
    expect(codeOf(() => generateSlots(day, "WEEKLY" as never))).toBe("BAD_REQUEST");
    expect(codeOf(() => generateSlots(day, "HALF_DAY", "Mars/Olympus"))).toBe("BAD_REQUEST");
  });
});
