import type { Locale } from "@/lib/i18n/config";

const tag = (locale: Locale) => (locale === "fr" ? "fr-FR" : "en-GB");

/** "49,90 €" from cents; an unknown currency code falls back to the plain amount and code. */
export function formatPrice(cents: number, currency: string, locale: Locale): string {
  try {
    return new Intl.NumberFormat(tag(locale), { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** A date (and time) in the tenant's time zone: the formatting layer's (lib/i18n/format.ts). */
export { formatDate } from "../../lib/i18n/format";

/** `Prénom Nom`, or the e-mail when both names are empty. */
export function personName(p: { firstName: string; lastName: string; email?: string }): string {
  return `${p.firstName} ${p.lastName}`.trim() || p.email || "";
}
