/**
 * The convention's own printed forms: a date without its weekday ("8 décembre 2026", for the
 * start, end and signing dates) and amounts in euros. Schedules and durations are printed by the
 * shared formatter, server/lib/schedule-text.ts, like every other document.
 */
const longDate = new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

/** "8 décembre 2026" for a local date "YYYY-MM-DD". */
export function frLongDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return longDate.format(new Date(Date.UTC(y, m - 1, d)));
}

/** "1 234,50 €" for cents. */
export function frEuros(cents: number): string {
  return `${new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)} €`;
}
