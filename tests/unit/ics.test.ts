import { describe, expect, it } from "vitest";
import { buildIcs, escapeText, foldLine, icsDate } from "../../server/lib/ics";

const event = {
  uid: "ses_abc@acme",
  sequence: 2,
  stamp: new Date("2026-11-23T10:00:00.000Z"),
  start: new Date("2026-12-01T08:30:00.000Z"),
  end: new Date("2026-12-01T12:30:00.000Z"),
  summary: "SST; recyclage, groupe A",
  description: "Ligne 1\nLigne 2 \\ fin",
};

describe("iCalendar (RFC 5545)", () => {
  it("formats UTC date-times", () => {
    expect(icsDate(new Date("2026-12-01T08:30:05.123Z"))).toBe("20261201T083005Z");
  });

  it("escapes backslash, semicolon, comma and newlines in TEXT values", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds lines at 75 octets with CRLF + space, never inside a UTF-8 character", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    const folded = foldLine(`SUMMARY:${"é".repeat(100)}`);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const [i, p] of parts.entries()) {
      expect(Buffer.byteLength(p, "utf8")).toBeLessThanOrEqual(75);
      if (i > 0) expect(p.startsWith(" ")).toBe(true);
      expect(p).not.toContain("\uFFFD");
    }
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join("")).toBe(`SUMMARY:${"é".repeat(100)}`);
  });

  it("builds a VCALENDAR with one VEVENT, CRLF line ends and the request/cancel method", () => {
    const ics = buildIcs("REQUEST", { ...event, description: "d".repeat(200) });
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/\n|\r/);
    const lines = ics.replace(/\r\n /g, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(lines).toEqual(
      expect.arrayContaining([
        "VERSION:2.0",
        "METHOD:REQUEST",
        "BEGIN:VEVENT",
        "UID:ses_abc@acme",
        "SEQUENCE:2",
        "DTSTAMP:20261123T100000Z",
        "DTSTART:20261201T083000Z",
        "DTEND:20261201T123000Z",
        "STATUS:CONFIRMED",
        "END:VEVENT",
        `DESCRIPTION:${"d".repeat(200)}`,
      ]),
    );
    for (const physical of ics.trimEnd().split("\r\n")) expect(Buffer.byteLength(physical)).toBeLessThanOrEqual(75);
    expect(buildIcs("CANCEL", event)).toContain("\r\nMETHOD:CANCEL\r\n");
    expect(buildIcs("CANCEL", event)).toContain("\r\nSTATUS:CANCELLED\r\n");
    expect(buildIcs("REQUEST", event)).toContain("SUMMARY:SST\\; recyclage\\, groupe A\r\n");
    expect(buildIcs("REQUEST", event)).toContain("DESCRIPTION:Ligne 1\\nLigne 2 \\\\ fin\r\n");
  });

  it("quotes CN parameters and drops characters a quoted value cannot hold", () => {
    const ics = buildIcs("REQUEST", { ...event, attendee: { name: 'Jean "JB" Dupont', email: "jb@acme.test" } });
    expect(ics.replace(/\r\n /g, "")).toContain('ATTENDEE;CN="Jean JB Dupont";ROLE=REQ-PARTICIPANT:mailto:jb@acme.test');
  });

  it("puts several events (one per time range) in one VCALENDAR, each framed by BEGIN/END:VEVENT with its own UID", () => {
    const second = { ...event, uid: "ses_abc-2@acme", start: new Date("2026-12-01T13:30:00.000Z"), end: new Date("2026-12-01T17:00:00.000Z") };
    const lines = buildIcs("CANCEL", [event, second]).trimEnd().split("\r\n");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(2);
    expect(lines.filter((l) => l === "END:VEVENT")).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith("UID:"))).toEqual(["UID:ses_abc@acme", "UID:ses_abc-2@acme"]);
    expect(lines.filter((l) => l.startsWith("DTSTART:"))).toEqual(["DTSTART:20261201T083000Z", "DTSTART:20261201T133000Z"]);
    expect(lines.filter((l) => l === "STATUS:CANCELLED")).toHaveLength(2);
    expect(lines.filter((l) => l === "METHOD:CANCEL")).toHaveLength(1);
  });
});
