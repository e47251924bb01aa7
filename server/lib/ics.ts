/**
 * iCalendar (RFC 5545) for live-session convocations: one VEVENT per time range of the session
 * (a two-day session with a lunch break: four events, each with its own UID) in a VCALENDAR, times in
 * UTC, text escaped (§3.3.11) and lines folded at 75 octets with CRLF (§3.1).
 */
export type IcsMethod = "REQUEST" | "CANCEL";

export type IcsEvent = {
  uid: string;
  sequence: number;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  /** LOCATION: where it takes place (a formatted place). */
  location?: string;
  url?: string;
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string };
};

/** `20261123T103000Z` */
export function icsDate(d: Date): string {
  return d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** TEXT value escaping: backslash, semicolon, comma, newline. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Quoted parameter value (CN): DQUOTE is not allowed inside, so it is dropped. */
const paramValue = (value: string) => `"${value.replace(/["\r\n]/g, "")}"`;

/** Folds one content line: at most 75 octets per physical line, never splitting a UTF-8 sequence. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = 75;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, "utf8");
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = 74; // continuation lines start with one space
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function buildIcs(method: IcsMethod, events: IcsEvent | readonly IcsEvent[]): string {
  const list = Array.isArray(events) ? events : [events as IcsEvent];
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Plateforme Formation//Live sessions//FR",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    ...list.flatMap((e) => eventLines(method, e)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

function eventLines(method: IcsMethod, e: IcsEvent): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${icsDate(e.stamp)}`,
    `DTSTART:${icsDate(e.start)}`,
    `DTEND:${icsDate(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    ...(e.organizer ? [`ORGANIZER;CN=${paramValue(e.organizer.name)}:mailto:${e.organizer.email}`] : []),
    ...(e.attendee ? [`ATTENDEE;CN=${paramValue(e.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${e.attendee.email}`] : []),
    `STATUS:${method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
  ];
}
