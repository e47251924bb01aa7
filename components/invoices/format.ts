import { inputToCents } from "@/components/courses/money";

const tag = (locale: string) => (locale === "en" ? "en-GB" : "fr-FR");

/** A calendar date (YYYY-MM-DD: a due date) in the page's language, without any time-zone shift. */
export function formatDay(day: string, locale: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Intl.DateTimeFormat(tag(locale), { dateStyle: "medium", timeZone: "UTC" }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

/** The day an instant (an issue time) falls on in the tenant's time zone. */
export function formatDayOf(iso: string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(tag(locale), { dateStyle: "medium", timeZone }).format(new Date(iso));
}

/** A typed amount in cents for the API; an empty or unreadable one is sent as NaN, so the server names the field. */
export const amountInput = (text: string): number => (text.trim() ? (inputToCents(text) ?? Number.NaN) : Number.NaN);
