import type { Locale } from "@/lib/i18n/config";

/** Sessions are planned in French wall-clock time, whatever the browser's own time zone. */
export const SESSION_TIME_ZONE = "Europe/Paris";

const tag = (locale: Locale) => (locale === "fr" ? "fr-FR" : "en-GB");

const partsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: SESSION_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

function wallClock(at: Date): WallClock & { second: number } {
  const get = (type: string) => Number(partsFormat.formatToParts(at).find((p) => p.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

/** Paris offset from UTC at this instant, in milliseconds (+1 h in winter, +2 h in summer). */
function offsetAt(at: Date): number {
  const w = wallClock(at);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant at which Paris clocks show this wall-clock time. */
export function parisToDate(w: WallClock): Date {
  const guess = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  const first = guess - offsetAt(new Date(guess));
  // Around a DST change the offset at the answer can differ from the one at the guess.
  return new Date(guess - offsetAt(new Date(first)));
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "2025-06-12" and "14:30" (Paris) from an ISO instant, for date and time inputs. */
export function toParisInputs(iso: string): { date: string; time: string } {
  const w = wallClock(new Date(iso));
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

/** ISO instant from the form's Paris date ("YYYY-MM-DD") and time ("HH:MM"), or null when either is invalid. */
export function fromParisInputs(date: string, time: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const w = { year: Number(d[1]), month: Number(d[2]), day: Number(d[3]), hour: Number(t[1]), minute: Number(t[2]) };
  if (w.month < 1 || w.month > 12 || w.day < 1 || w.day > 31 || w.hour > 23 || w.minute > 59) return null;
  return parisToDate(w).toISOString();
}

/** The Paris calendar day of an instant, "YYYY-MM-DD". */
export function parisDayKey(iso: string | Date): string {
  const w = wallClock(typeof iso === "string" ? new Date(iso) : iso);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** Start of a Paris day ("YYYY-MM-DD") as an ISO instant; `endOfDay` gives its last millisecond. */
export function parisDayBound(day: string, endOfDay = false): string | undefined {
  const start = fromParisInputs(day, "00:00");
  if (!start) return undefined;
  if (!endOfDay) return start;
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return new Date(new Date(fromParisInputs(next.toISOString().slice(0, 10), "00:00")!).getTime() - 1).toISOString();
}

/** "jeu. 12 juin 2025, 14:30" in Paris time. */
export function formatSessionDate(iso: string, locale: Locale, style: "full" | "medium" = "medium"): string {
  return new Intl.DateTimeFormat(tag(locale), {
    timeZone: SESSION_TIME_ZONE,
    dateStyle: style === "full" ? "full" : "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}

/** "14:30" in Paris time. */
export function formatSessionTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(tag(locale), { timeZone: SESSION_TIME_ZONE, timeStyle: "short" }).format(new Date(iso));
}

/** "1 h 30" / "45 min". */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${pad(m)}` : `${h} h`;
}

export const dateTag = tag;
