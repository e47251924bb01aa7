import type { Locale } from "@/lib/i18n/config";

const tag = (locale: Locale) => (locale === "fr" ? "fr-FR" : "en-GB");

/** "25 nov. 2026" in the tenant's time zone (pass useTenantTimeZone()). */
export function formatDay(at: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(tag(locale), { dateStyle: "medium", timeZone }).format(new Date(at));
}

/** "25 nov. 2026, 20:53" in the tenant's time zone. */
export function formatDayTime(at: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(tag(locale), { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(at));
}
