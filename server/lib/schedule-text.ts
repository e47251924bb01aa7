/**
 * THE printed form of a session's planned days and hours, for every document and message that
 * states them: the attendance sheet, the convocation (PDF, e-mail, .ics description), the
 * attestation d'assiduité and the certificate.
 *
 *   fr: "mardi 8 décembre 2026, 09:00–12:30 et 13:30–17:00 ; 7 h"
 *   en: "Tuesday 8 December 2026, 09:00–12:30 and 13:30–17:00; 7 h"
 *
 * Input is the schedule itself (local dates and local HH:MM ranges in the tenant's zone,
 * services/sessions/schedule.ts), so nothing here converts instants. Durations read "14 h",
 * "3 h 30" or "45 min", never a count of minutes. Pure: safe in the PDF render worker.
 */
import { formatDuration, formatLongDate } from "../../lib/i18n/format";

/** Durations and long dates come from the one formatting layer (lib/i18n/format.ts). */
export { formatDuration, formatLongDate };

export type TextLocale = "fr" | "en";
export type ScheduleTextDay = { date: string; ranges: readonly { start: string; end: string }[] };

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return h * 60 + m;
};

/** Wall-clock minutes of a schedule (the sum of its ranges). */
export function scheduleTextMinutes(days: readonly ScheduleTextDay[]): number {
  return days.reduce((sum, d) => sum + d.ranges.reduce((n, r) => n + minutesOf(r.end) - minutesOf(r.start), 0), 0);
}

const AND: Record<TextLocale, string> = { fr: " et ", en: " and " };

/** "09:00–12:30 et 13:30–17:00" (three ranges: "a, b et c"). */
export function formatRanges(ranges: ScheduleTextDay["ranges"], locale: TextLocale = "fr"): string {
  const parts = ranges.map((r) => `${r.start}–${r.end}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")}${AND[locale]}${parts[parts.length - 1]}` : (parts[0] ?? "");
}

/** One day: "mardi 8 décembre 2026, 09:00–12:30 et 13:30–17:00". */
const formatScheduleDay = (day: ScheduleTextDay, locale: TextLocale = "fr") => `${formatLongDate(day.date, locale)}, ${formatRanges(day.ranges, locale)}`;

export type ScheduleText = {
  /** One line per day. */
  days: string[];
  /** The total planned duration: "14 h". */
  duration: string;
  /** Everything on one line: the days then the total, separated by " ; " ("; " in English). */
  text: string;
};

/** The schedule printed: its days with their ranges, and its total duration. */
export function formatSchedule(days: readonly ScheduleTextDay[], locale: TextLocale = "fr"): ScheduleText {
  const lines = days.filter((d) => d.ranges.length).map((d) => formatScheduleDay(d, locale));
  const duration = formatDuration(scheduleTextMinutes(days));
  const sep = locale === "fr" ? " ; " : "; ";
  return { days: lines, duration, text: [...lines, duration].join(sep) };
}
