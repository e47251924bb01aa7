import type { Locale } from "@/lib/i18n/config";

/** "3 mars 2026, 09:30" in the tenant's time zone (pass useTenantTimeZone()). */
export function formatDateTimeYear(at: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(at));
}
