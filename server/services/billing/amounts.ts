import { MAX_AMOUNT_CENTS, MAX_ITEMS, MAX_QUANTITY, MAX_TOTAL_CENTS, VAT_RATES } from "../../contracts/invoices";
import type { InvoiceItem } from "../../db/schema/billing";
import type { FieldErrors } from "../../errors";

/**
 * THE computation of an invoice's figures from its items (issue #12): every other place (the
 * invoice service's stored totals, the Factur-X XML, the PDF) takes its numbers from here, so
 * they cannot disagree. Integer cents throughout, no floating-point sums:
 * - line gross = round(quantity × unitPriceCents) (quantity has at most 2 decimals),
 * - line net (BT-131) = gross − discountCents,
 * - per VAT category and rate: base = Σ line nets (BT-116), vat = round(base × rate / 100) (BT-117,
 *   EN 16931 BR-CO-17 computes it per category, not per line),
 * - subtotal HT (BT-109) = Σ bases, VAT (BT-110) = Σ vats, total TTC (BT-112) = HT + VAT.
 * Halves round away from zero (the amounts are never negative: a credit note carries positive
 * amounts and type code 381).
 * Under the training exemption (EXEMPT_261_4_4A, CGI art. 261-4-4° a) every line is VAT category
 * E at rate 0, whatever rate the item says (validation refuses a non-zero rate there).
 */

export { MAX_ITEMS, MAX_QUANTITY, MAX_TOTAL_CENTS, VAT_RATES };
export type VatRate = (typeof VAT_RATES)[number];
export type VatRegime = "LIABLE" | "EXEMPT_261_4_4A";
/** EN 16931 VAT category: S standard/reduced rates, E exempt. (Z zero-rated is not a French rate.) */
export type VatCategory = "S" | "E";

/** One line's unit price: 10 million. */
export const MAX_UNIT_PRICE_CENTS = MAX_AMOUNT_CENTS;

export type InvoiceLineAmounts = {
  /** 1-based, as printed and as BT-126. */
  lineId: number;
  description: string;
  quantity: number;
  unitPriceCents: number;
  grossCents: number;
  discountCents: number;
  /** BT-131: gross − discount. */
  netCents: number;
  category: VatCategory;
  vatRate: number;
};

export type VatBreakdownEntry = {
  category: VatCategory;
  /** Percent. */
  rate: number;
  baseCents: number;
  vatCents: number;
};

export type InvoiceAmounts = {
  lines: InvoiceLineAmounts[];
  /** Per category and rate, ordered by rate descending (S 20, S 10, S 5.5, S 2.1, E 0). */
  vatBreakdown: VatBreakdownEntry[];
  /** Σ line nets = BT-106 = BT-109 (no document-level allowances or charges). */
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  /** Σ line discounts, for the PDF. */
  discountCents: number;
};

/** round(a × b / d) for non-negative integers, halves away from zero, exact (BigInt). */
function mulDivRound(a: number, b: number, d: number): number {
  const num = BigInt(a) * BigInt(b);
  const den = BigInt(d);
  const q = num / den;
  const r = num % den;
  return Number(2n * r >= den ? q + 1n : q);
}

/** Quantity in hundredths (the validation allows at most 2 decimals). */
const hundredths = (quantity: number) => Math.round(quantity * 100);
/** Rate in tenths of a percent (2.1 → 21, 5.5 → 55). */
const rateTenths = (rate: number) => Math.round(rate * 10);

export function lineGrossCents(item: Pick<InvoiceItem, "quantity" | "unitPriceCents">): number {
  return mulDivRound(hundredths(item.quantity), item.unitPriceCents, 100);
}

/** VAT of a base at a percent rate, rounded to the cent. */
export function vatOf(baseCents: number, rate: number): number {
  return mulDivRound(baseCents, rateTenths(rate), 1000);
}

/** The invoice's figures. Expects items that passed validateInvoiceItems. */
export function computeInvoiceAmounts(items: InvoiceItem[], vatRegime: VatRegime = "LIABLE"): InvoiceAmounts {
  const exempt = vatRegime === "EXEMPT_261_4_4A";
  const lines = items.map((item, i): InvoiceLineAmounts => {
    const grossCents = lineGrossCents(item);
    const discountCents = item.discountCents ?? 0;
    const vatRate = exempt ? 0 : item.vatRate;
    return {
      lineId: i + 1,
      description: item.description,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      grossCents,
      discountCents,
      netCents: grossCents - discountCents,
      category: exempt ? "E" : "S",
      vatRate,
    };
  });
  const groups = new Map<string, VatBreakdownEntry>();
  for (const line of lines) {
    const key = `${line.category}:${rateTenths(line.vatRate)}`;
    const entry = groups.get(key) ?? { category: line.category, rate: line.vatRate, baseCents: 0, vatCents: 0 };
    entry.baseCents += line.netCents;
    groups.set(key, entry);
  }
  const vatBreakdown = [...groups.values()]
    .map((entry) => ({ ...entry, vatCents: vatOf(entry.baseCents, entry.rate) }))
    .sort((a, b) => b.rate - a.rate || a.category.localeCompare(b.category));
  const subtotalCents = vatBreakdown.reduce((sum, e) => sum + e.baseCents, 0);
  const vatCents = vatBreakdown.reduce((sum, e) => sum + e.vatCents, 0);
  return {
    lines,
    vatBreakdown,
    subtotalCents,
    vatCents,
    totalCents: subtotalCents + vatCents,
    discountCents: lines.reduce((sum, l) => sum + l.discountCents, 0),
  };
}

const isRate = (rate: unknown): rate is VatRate => typeof rate === "number" && (VAT_RATES as readonly number[]).includes(rate);
const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/**
 * Field errors of an invoice's items (keys `items`, `items.{i}.{field}`, `total`), empty when
 * valid. Messages are plain English; the API words them from the field and the error code.
 */
export function validateInvoiceItems(items: readonly InvoiceItem[] | null | undefined, vatRegime: VatRegime = "LIABLE"): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!Array.isArray(items) || items.length === 0) {
    add("items", "An invoice needs at least one item");
    return errors;
  }
  if (items.length > MAX_ITEMS) {
    add("items", `At most ${MAX_ITEMS} items`);
    return errors;
  }
  items.forEach((item, i) => {
    const at = (field: string) => `items.${i}.${field}`;
    if (typeof item.description !== "string" || item.description.trim() === "") add(at("description"), "Required");
    else if (item.description.length > 1000) add(at("description"), "At most 1000 characters");
    const q = item.quantity;
    let quantityOk = false;
    if (typeof q !== "number" || !Number.isFinite(q) || q <= 0) add(at("quantity"), "Must be greater than 0");
    else if (!hasAtMostTwoDecimals(q)) add(at("quantity"), "At most 2 decimals");
    else if (q > MAX_QUANTITY) add(at("quantity"), `At most ${MAX_QUANTITY}`);
    else quantityOk = true;
    const p = item.unitPriceCents;
    let priceOk = false;
    if (typeof p !== "number" || !Number.isInteger(p)) add(at("unitPriceCents"), "Must be an integer number of cents");
    else if (p < 0) add(at("unitPriceCents"), "Must not be negative");
    else if (p > MAX_UNIT_PRICE_CENTS) add(at("unitPriceCents"), `At most ${MAX_UNIT_PRICE_CENTS}`);
    else priceOk = true;
    if (!isRate(item.vatRate)) add(at("vatRate"), `Must be one of ${VAT_RATES.join(", ")}`);
    else if (vatRegime === "EXEMPT_261_4_4A" && item.vatRate !== 0) add(at("vatRate"), "Must be 0: the organisation is exempt from VAT (CGI art. 261-4-4° a)");
    const d = item.discountCents;
    if (d !== undefined && d !== null) {
      if (typeof d !== "number" || !Number.isInteger(d)) add(at("discountCents"), "Must be an integer number of cents");
      else if (d < 0) add(at("discountCents"), "Must not be negative");
      else if (quantityOk && priceOk && d > lineGrossCents(item)) add(at("discountCents"), "Must not exceed the line amount (quantity × unit price)");
    }
  });
  if (Object.keys(errors).length === 0) {
    const { totalCents } = computeInvoiceAmounts([...items], vatRegime);
    if (totalCents > MAX_TOTAL_CENTS) add("total", `The total must not exceed ${MAX_TOTAL_CENTS} cents`);
  }
  return errors;
}
