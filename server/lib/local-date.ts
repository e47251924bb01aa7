import { localParts, zonedTimeToUtc } from "./time-zone";

const pad = (n: number) => String(n).padStart(2, "0");

/** The calendar date (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDate(d: Date, timeZone: string): string {
  const p = localParts(d, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** YYYY-MM-DD plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const t = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The instant a calendar date starts in a time zone (00:00 local). */
export function startOfLocalDate(date: string, timeZone: string): Date {
  return zonedTimeToUtc(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)), 0, 0, timeZone);
}
