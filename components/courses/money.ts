/** Prices are stored in cents; forms show units with a comma or a dot ("49,90"). */
export function centsToInput(cents: number): string {
  const units = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(units) : `${units},${String(rest).padStart(2, "0")}`;
}

/** "49,9" -> 4990, "" -> 0; null when it is not an amount with at most two decimals. */
export function inputToCents(value: string): number | null {
  const v = value.trim().replace(/\s/g, "").replace(",", ".");
  if (v === "") return 0;
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(v);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

export function formatPrice(cents: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-GB", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}
