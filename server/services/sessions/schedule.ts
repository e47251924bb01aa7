import type { SessionScheduleDay } from "../../db/schema";
import { localParts, zonedTimeToUtc } from "../../lib/time-zone";

/**
 * A session's schedule: days (local dates) with time ranges (local HH:MM) in the tenant's time
 * zone. Everything that needs instants (scheduledAt, the planned end, the attendance slots, the
 * .ics) converts them here, DST-correct (zonedTimeToUtc).
 */
export type ScheduleDay = SessionScheduleDay;
export type ScheduleRange = { date: string; start: string; end: string; startsAt: Date; endsAt: Date };

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return h * 60 + m;
};
const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (date: string) => date.split("-").map(Number) as [number, number, number];

/** Minutes of one range, wall-clock (09:00–12:30 = 210). */
const rangeMinutes = (r: { start: string; end: string }) => minutesOf(r.end) - minutesOf(r.start);

/**
 * THE hours of a schedule: the sum of its ranges in minutes (wall-clock). durationMinutes of a
 * scheduled session, and what the BPF counts (hours = minutes / 60).
 */
export function scheduleMinutes(days: readonly ScheduleDay[]): number {
  return days.reduce((sum, d) => sum + d.ranges.reduce((n, r) => n + rangeMinutes(r), 0), 0);
}

/** A local date and time (HH:MM, or 24:00 for the end of the day) as an instant in `timeZone`. */
function instant(date: string, hhmm: string, timeZone: string): Date {
  const [y, m, d] = ymd(date);
  const minutes = minutesOf(hhmm);
  if (minutes >= 24 * 60) {
    const next = new Date(Date.UTC(y, m - 1, d + 1));
    return zonedTimeToUtc(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0, timeZone);
  }
  return zonedTimeToUtc(y, m, d, Math.floor(minutes / 60), minutes % 60, timeZone);
}

/** The ranges of a schedule as instants, in order. */
export function scheduleRanges(days: readonly ScheduleDay[], timeZone: string): ScheduleRange[] {
  return days.flatMap((day) =>
    day.ranges.map((r) => ({ date: day.date, start: r.start, end: r.end, startsAt: instant(day.date, r.start, timeZone), endsAt: instant(day.date, r.end, timeZone) })),
  );
}

const localDate = (d: Date, timeZone: string) => {
  const p = localParts(d, timeZone);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
};

/**
 * The schedule of a session stored without one: one range from scheduledAt for durationMinutes,
 * split at local midnights (a range ending at midnight reads "24:00").
 */
function deriveSchedule(scheduledAt: Date, durationMinutes: number, timeZone: string): ScheduleDay[] {
  const end = new Date(scheduledAt.getTime() + durationMinutes * 60_000);
  const days: ScheduleDay[] = [];
  let cursor = scheduledAt;
  while (cursor < end && days.length < 40) {
    const from = localDate(cursor, timeZone);
    const [y, m, d] = ymd(from.date);
    const next = new Date(Date.UTC(y, m - 1, d + 1));
    const midnight = zonedTimeToUtc(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0, timeZone);
    const stop = end < midnight ? end : midnight;
    days.push({ date: from.date, ranges: [{ start: from.time, end: stop < midnight ? localDate(stop, timeZone).time : "24:00" }] });
    cursor = stop;
  }
  return days;
}

type Scheduled = { scheduledAt: Date; durationMinutes: number; schedule: ScheduleDay[] | null };

/** The schedule a session answers: the stored one, else the derived single range. */
export function sessionSchedule(s: Scheduled, timeZone: string): ScheduleDay[] {
  return s.schedule?.length ? s.schedule : deriveSchedule(s.scheduledAt, s.durationMinutes, timeZone);
}

/** Planned start and end of a session: the first range's start and the last range's end. */
export function sessionWindow(s: Scheduled, timeZone: string): { start: Date; end: Date } {
  if (!s.schedule?.length) return { start: s.scheduledAt, end: new Date(s.scheduledAt.getTime() + s.durationMinutes * 60_000) };
  const ranges = scheduleRanges(s.schedule, timeZone);
  return { start: ranges[0]!.startsAt, end: ranges[ranges.length - 1]!.endsAt };
}

const dayFormat = new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Lun. 1 déc." for a local date "YYYY-MM-DD" (French, as the slot labels and documents print it). */
export function dayLabel(date: string): string {
  const [y, m, d] = ymd(date);
  return capitalize(dayFormat.format(new Date(Date.UTC(y, m - 1, d))));
}

/** "Lun. 1 déc. · 09:00–12:30": the label of an attendance slot made from a range. */
const rangeLabel = (r: { date: string; start: string; end: string }) => `${dayLabel(r.date)} · ${r.start}–${r.end}`;

/**
 * Attendance slots of a schedule: one per range, labelled "Lun. 1 déc. · 09:00–12:30".
 * `splitAt` ("13:00"): a range running across it is cut there (half-days: slots/generate HALF_DAY).
 */
export function slotsFromSchedule(days: readonly ScheduleDay[], timeZone: string, splitAt?: string): { startsAt: Date; endsAt: Date; label: string; position: number }[] {
  const pieces = days.flatMap((day) =>
    day.ranges.flatMap((r) =>
      splitAt && r.start < splitAt && splitAt < r.end
        ? [
            { date: day.date, start: r.start, end: splitAt },
            { date: day.date, start: splitAt, end: r.end },
          ]
        : [{ date: day.date, ...r }],
    ),
  );
  return pieces.map((p, i) => ({ startsAt: instant(p.date, p.start, timeZone), endsAt: instant(p.date, p.end, timeZone), label: rangeLabel(p), position: i + 1 }));
}
