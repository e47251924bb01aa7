/** Money as the invoice prints it: integer cents in the invoice's currency, in the page's language. */
export function formatCents(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale === "en" ? "en-GB" : "fr-FR", { style: "currency", currency }).format(cents / 100);
}

/** A calendar date (YYYY-MM-DD) in the page's language, without any time-zone shift. */
export function formatDay(day: string, locale: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "fr-FR", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

/** "450,00" or "450.5" typed by a person -> cents; NaN when it is not an amount. */
export function parseAmount(text: string): number {
  const clean = text.replace(/\s/g, "").replace(",", ".");
  if (!/^-?\d+(\.\d{0,2})?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 100);
}

export const centsToInput = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
