import { badRequest } from "../../../errors";
import { DEFAULT_TIME_ZONE, localParts, validTimeZone, zonedTimeToUtc, type LocalParts } from "../../../lib/time-zone";

/**
 * Attendance slots of a session (legal notes §3: signatures per half-day).
 *
 * - FULL_SESSION: one slot = the whole session.
 * - HOURLY: consecutive slots of 60 real minutes from scheduledAt; the last one is shorter when
 *   the duration is not a whole number of hours. Across a DST change a slot still lasts 60
 *   minutes (its local label may then read e.g. "01:00–03:00").
 * - HALF_DAY: the session window intersected, for each local calendar day in `timeZone`, with
 *   the morning [00:00, 13:00) and the afternoon [13:00, 24:00) of that day; empty parts are
 *   dropped. Local midnights and 13:00 are converted to instants with the zone's offset on that
 *   date (Intl.DateTimeFormat), so DST days split at the right instant.
 * Slots are ordered, contiguous, cover the session exactly, and `position` starts at 1.
 * Labels (French, local time): "Matin — 12/01/2027", "Après-midi — 12/01/2027",
 * "09:00–10:00" (prefixed with "12/01/2027 " when the session spans several local days), and
 * "Session complète — 12/01/2027 09:00–17:00".
 */
export type SlotFrequency = "HOURLY" | "HALF_DAY" | "FULL_SESSION";
const SLOT_FREQUENCIES: readonly SlotFrequency[] = ["HOURLY", "HALF_DAY", "FULL_SESSION"];
export type Slot = { startsAt: Date; endsAt: Date; label: string; position: number };
export type SlotSession = { scheduledAt: Date | string; durationMinutes: number };

export const AFTERNOON_STARTS_AT_HOUR = 13;
/** Longest session we split (31 days); longer input is refused. */
const MAX_SESSION_MINUTES = 31 * 24 * 60;

const pad = (n: number) => String(n).padStart(2, "0");
const dateLabel = (p: LocalParts) => `${pad(p.day)}/${pad(p.month)}/${p.year}`;
const timeLabel = (p: LocalParts) => `${pad(p.hour)}:${pad(p.minute)}`;

function validate(session: SlotSession, timeZone: string): { start: number; end: number } {
  const start = (session.scheduledAt instanceof Date ? session.scheduledAt : new Date(session.scheduledAt)).getTime();
  if (Number.isNaN(start)) throw badRequest("Invalid session start", { scheduledAt: ["Must be an ISO 8601 date-time"] });
  const d = session.durationMinutes;
  if (!Number.isInteger(d) || d <= 0 || d > MAX_SESSION_MINUTES) {
    throw badRequest("Invalid session duration", { durationMinutes: [`Must be an integer between 1 and ${MAX_SESSION_MINUTES}`] });
  }
  validTimeZone(timeZone);
  return { start, end: start + d * 60_000 };
}

const sameLocalDay = (a: LocalParts, b: LocalParts) => a.year === b.year && a.month === b.month && a.day === b.day;

export function generateSlots(session: SlotSession, frequency: SlotFrequency, timeZone: string = DEFAULT_TIME_ZONE): Slot[] {
  const { start, end } = validate(session, timeZone);
  const startLocal = localParts(new Date(start), timeZone);
  // The local day of the last instant inside the session (end is exclusive).
  const lastLocal = localParts(new Date(end - 1), timeZone);
  const multiDay = !sameLocalDay(startLocal, lastLocal);
  const ranges: Array<{ s: number; e: number; label: string }> = [];

  if (frequency === "FULL_SESSION") {
    const endLocal = localParts(new Date(end), timeZone);
    const endLabel = multiDay ? `${dateLabel(endLocal)} ${timeLabel(endLocal)}` : timeLabel(endLocal);
    ranges.push({ s: start, e: end, label: `Session complète — ${dateLabel(startLocal)} ${timeLabel(startLocal)}–${endLabel}` });
  } else if (frequency === "HOURLY") {
    for (let s = start; s < end; s += 3_600_000) {
      const e = Math.min(s + 3_600_000, end);
      const a = localParts(new Date(s), timeZone);
      const b = localParts(new Date(e), timeZone);
      ranges.push({ s, e, label: `${multiDay ? `${dateLabel(a)} ` : ""}${timeLabel(a)}–${timeLabel(b)}` });
    }
  } else if (frequency === "HALF_DAY") {
    // Walk local calendar days with UTC date arithmetic on the (y, m, d) triple.
    let day = new Date(Date.UTC(startLocal.year, startLocal.month - 1, startLocal.day));
    const lastDay = Date.UTC(lastLocal.year, lastLocal.month - 1, lastLocal.day);
    while (day.getTime() <= lastDay) {
      const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
      const next = new Date(Date.UTC(y, m - 1, d + 1));
      const dayStart = zonedTimeToUtc(y, m, d, 0, 0, timeZone).getTime();
      const split = zonedTimeToUtc(y, m, d, AFTERNOON_STARTS_AT_HOUR, 0, timeZone).getTime();
      const dayEnd = zonedTimeToUtc(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0, timeZone).getTime();
      const label = `${pad(d)}/${pad(m)}/${y}`;
      const morning = { s: Math.max(start, dayStart), e: Math.min(end, split) };
      const afternoon = { s: Math.max(start, split), e: Math.min(end, dayEnd) };
      if (morning.e > morning.s) ranges.push({ ...morning, label: `Matin — ${label}` });
      if (afternoon.e > afternoon.s) ranges.push({ ...afternoon, label: `Après-midi — ${label}` });
      day = next;
    }
  } else {
    throw badRequest("Invalid frequency", { frequency: [`Must be one of ${SLOT_FREQUENCIES.join(", ")}`] });
  }

  return ranges.map((r, i) => ({ startsAt: new Date(r.s), endsAt: new Date(r.e), label: r.label, position: i + 1 }));
}
