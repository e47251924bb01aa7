/**
 * French long-form dates and schedules for the convention ("mardi 8 décembre 2026,
 * 09:00–12:30 et 13:30–17:00 ; 7 h"). Local to this domain until the shared schedule formatter
 * of server/lib lands; the same output is expected from it.
 */
type Day = { date: string; ranges: { start: string; end: string }[] };

const ymd = (date: string) => date.split("-").map(Number) as [number, number, number];
const longDay = new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" });
const longDate = new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** "mardi 8 décembre 2026" for a local date "YYYY-MM-DD". */
export function frLongDay(date: string): string {
  const [y, m, d] = ymd(date);
  return longDay.format(new Date(Date.UTC(y, m - 1, d)));
}

/** "8 décembre 2026" for a local date "YYYY-MM-DD". */
export function frLongDate(date: string): string {
  const [y, m, d] = ymd(date);
  return longDate.format(new Date(Date.UTC(y, m - 1, d)));
}

/** "7 h", "3 h 30" for minutes. */
export function frHours(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${String(m).padStart(2, "0")}` : `${h} h`;
}

export const dayMinutes = (day: Day) => day.ranges.reduce((n, r) => n + Math.max(0, minutesOf(r.end) - minutesOf(r.start)), 0);

/** "mardi 8 décembre 2026, 09:00–12:30 et 13:30–17:00 ; 7 h". */
export function frScheduleLine(day: Day): string {
  const ranges = day.ranges.map((r) => `${r.start}–${r.end}`);
  const joined = ranges.length > 1 ? `${ranges.slice(0, -1).join(", ")} et ${ranges[ranges.length - 1]}` : (ranges[0] ?? "");
  return `${frLongDay(day.date)}, ${joined} ; ${frHours(dayMinutes(day))}`;
}

/** "1 234,50 €" for cents. */
export function frEuros(cents: number): string {
  return `${new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)} €`;
}
