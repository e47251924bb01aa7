import type { InvoiceItem } from "../../db/schema";

/** PROVISIONAL (replaced by the Factur-X branch's amounts module at merge). */
export type Amounts = {
  lines: { netCents: number }[];
  vatBreakdown: { vatRate: number; baseCents: number; vatCents: number }[];
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
};

export function computeAmounts(items: InvoiceItem[]): Amounts {
  const lines = items.map((i) => ({ netCents: Math.round(i.quantity * i.unitPriceCents) - (i.discountCents ?? 0) }));
  const byRate = new Map<number, number>();
  items.forEach((i, k) => byRate.set(i.vatRate, (byRate.get(i.vatRate) ?? 0) + lines[k]!.netCents));
  const vatBreakdown = [...byRate.entries()].sort((a, b) => b[0] - a[0]).map(([vatRate, baseCents]) => ({ vatRate, baseCents, vatCents: Math.round((baseCents * vatRate) / 100) }));
  const subtotalCents = lines.reduce((s, l) => s + l.netCents, 0);
  const vatCents = vatBreakdown.reduce((s, l) => s + l.vatCents, 0);
  return { lines, vatBreakdown, subtotalCents, vatCents, totalCents: subtotalCents + vatCents };
}
