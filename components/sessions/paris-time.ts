import type { Locale } from "@/lib/i18n/config";

/**
 * Sessions are planned in the tenant's wall-clock time (useTenantTimeZone(), Europe/Paris by
 * default), whatever the browser's own time zone. Every function takes the zone last.
 */
const SESSION_TIME_ZONE = "Europe/Paris";

const tag = (locale: Locale) => (locale === "fr" ? "fr-FR" : "en-GB");

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
    partsFormats.set(timeZone, f);
  }
  return f;
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

function wallClock(at: Date, timeZone: string): WallClock & { second: number } {
  const parts = partsFormat(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

/** The zone's offset from UTC at this instant, in milliseconds (Paris: +1 h in winter, +2 h in summer). */
function offsetAt(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant at which the zone's clocks show this wall-clock time. */
function parisToDate(w: WallClock, timeZone = SESSION_TIME_ZONE): Date {
  const guess = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  const first = guess - offsetAt(new Date(guess), timeZone);
  // Around a DST change the offset at the answer can differ from the one at the guess.
  return new Date(guess - offsetAt(new Date(first), timeZone));
}

const pad = (n: number) => String(n).padStart(2, "0");

/** ISO instant from the form's Paris date ("YYYY-MM-DD") and time ("HH:MM"), or null when either is invalid. */
function fromParisInputs(date: string, time: string, timeZone = SESSION_TIME_ZONE): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const w = { year: Number(d[1]), month: Number(d[2]), day: Number(d[3]), hour: Number(t[1]), minute: Number(t[2]) };
  if (w.month < 1 || w.month > 12 || w.day < 1 || w.day > 31 || w.hour > 23 || w.minute > 59) return null;
  return parisToDate(w, timeZone).toISOString();
}

/** The Paris calendar day of an instant, "YYYY-MM-DD". */
export function parisDayKey(iso: string | Date, timeZone = SESSION_TIME_ZONE): string {
  const w = wallClock(typeof iso === "string" ? new Date(iso) : iso, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** Start of a Paris day ("YYYY-MM-DD") as an ISO instant; `endOfDay` gives its last millisecond. */
export function parisDayBound(day: string, endOfDay = false, timeZone = SESSION_TIME_ZONE): string | undefined {
  const start = fromParisInputs(day, "00:00", timeZone);
  if (!start) return undefined;
  if (!endOfDay) return start;
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return new Date(new Date(fromParisInputs(next.toISOString().slice(0, 10), "00:00", timeZone)!).getTime() - 1).toISOString();
}

/** "jeu. 12 juin 2025, 14:30" in Paris time. */
export function formatSessionDate(iso: string, locale: Locale, style: "full" | "medium" = "medium", timeZone = SESSION_TIME_ZONE): string {
  return new Intl.DateTimeFormat(tag(locale), {
    timeZone,
    dateStyle: style === "full" ? "full" : "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}

/** "14:30" in Paris time. */
export function formatSessionTime(iso: string, locale: Locale, timeZone = SESSION_TIME_ZONE): string {
  return new Intl.DateTimeFormat(tag(locale), { timeZone, timeStyle: "short" }).format(new Date(iso));
}

/** "lun. 1 déc." / "Mon 1 Dec" for a local date "YYYY-MM-DD" (no zone: it is already a calendar day). */
function formatScheduleDay(date: string, locale: Locale): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(tag(locale), { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A session's schedule, one entry per day: "lun. 1 déc. · 09:00–12:30, 13:30–17:00". */
export function formatSchedule(days: { date: string; ranges: { start: string; end: string }[] }[], locale: Locale): string[] {
  return days.map((d) => `${formatScheduleDay(d.date, locale)} · ${d.ranges.map((r) => `${r.start}–${r.end}`).join(", ")}`);
}

/** "1 h 30" / "45 min": the formatting layer's. */
export { formatDuration } from "../../lib/i18n/format";

export const dateTag = tag;
