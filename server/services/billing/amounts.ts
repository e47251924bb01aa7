import { MAX_AMOUNT_CENTS, MAX_ITEMS, MAX_QUANTITY, MAX_TOTAL_CENTS, VAT_CATEGORIES, VAT_RATES } from "../../contracts/invoices";
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
 *
 * VAT per line, whatever the tenant's regime: each line has a kind (TRAINING, with the supplies
 * closely tied to it, or OTHER) and an EN 16931 category (S rate > 0, E exempt, Z zero-rated, O
 * outside the scope of VAT), resolved ONCE by resolveInvoiceItem when a draft's items are written
 * and stored with them. The regime only sets the default of a 0 % line: E under the training
 * exemption (CGI art. 261-4-4° a) for an exempt tenant; a liable tenant names the category.
 * Older stored lines without a category are inferred here by the same function (`legacy`), so
 * issued invoices keep their figures: an exempt tenant's lines were all 0 % (E), a liable
 * tenant's lines above 0 % are S, and a liable tenant's old 0 % line becomes E with the
 * 261-4-4° a ground unless its kind is OTHER (then Z): before this rule such lines were "S at
 * 0 %", which EN 16931 refuses (BR-S-05), and a 0 % line of a training organisation is its
 * exempt training far more often than a zero-rated supply (the figures are the same: no VAT).
 */

export { MAX_ITEMS, VAT_RATES };
type VatRate = (typeof VAT_RATES)[number];
export type VatRegime = "LIABLE" | "EXEMPT_261_4_4A";
/** EN 16931 VAT category (UNCL5305): S standard or reduced rate, E exempt, Z zero-rated, O outside the scope of VAT. */
export type VatCategory = (typeof VAT_CATEGORIES)[number];
type LineKind = "TRAINING" | "OTHER";

/** The training exemption's wording (legal-notes §2) and its BT-121 code (Factur-X 1.09.2 code list). */
export const EXEMPTION_REASON = "Exonération de TVA – article 261-4-4° a du CGI";
export const EXEMPTION_CODE = "VATEX-FR-CGI261-4";
/** Category O (BR-O-10 wants a reason): the standard text and code. */
const OUTSIDE_SCOPE_REASON = "Hors champ d'application de la TVA";
const OUTSIDE_SCOPE_CODE = "VATEX-EU-O";

/** What the write path knows beyond the line: the tenant's regime, and whether the invoice is linked to an enrollment or a session. */
export type VatContext = { vatRegime: VatRegime; linkedToTraining?: boolean };

/**
 * THE inference of a line's kind and VAT category (one function for the write path and for old
 * stored lines). Returns the line with `kind`, `vatCategory` and, for E and O, the exemption
 * reason (and code) filled, or `null` when a liable tenant's 0 % line names no category (the
 * caller answers 422 items.{i}.vatCategory; `legacy` infers instead, see the module comment).
 * Idempotent: a resolved line resolves to itself.
 */
export function resolveInvoiceItem(item: InvoiceItem, ctx: VatContext, opts: { legacy?: boolean } = {}): InvoiceItem | null {
  const exemptTenant = ctx.vatRegime === "EXEMPT_261_4_4A";
  let category: VatCategory | undefined = item.vatCategory;
  if (!category) {
    if (item.vatRate > 0) category = "S";
    else if (exemptTenant) category = "E";
    else if (opts.legacy) category = item.kind === "OTHER" ? "Z" : "E";
    else return null;
  }
  // An exempt line is training (or closely tied to it) unless said otherwise; so is any line of an invoice linked to an enrollment or a session.
  const kind: LineKind = item.kind ?? (ctx.linkedToTraining || category === "E" ? "TRAINING" : "OTHER");
  const out: InvoiceItem = { ...item, kind, vatCategory: category };
  delete out.vatExemptionReason;
  delete out.vatExemptionCode;
  if (category === "E") {
    const reason = item.vatExemptionReason?.trim();
    // No ground given: the training exemption (an exempt tenant's default, or a TRAINING line of a liable one).
    if (reason) {
      out.vatExemptionReason = reason;
      if (item.vatExemptionCode?.trim()) out.vatExemptionCode = item.vatExemptionCode.trim();
      else if (reason === EXEMPTION_REASON) out.vatExemptionCode = EXEMPTION_CODE;
    } else if (exemptTenant || kind === "TRAINING" || opts.legacy) {
      out.vatExemptionReason = EXEMPTION_REASON;
      out.vatExemptionCode = item.vatExemptionCode?.trim() || EXEMPTION_CODE;
    }
  } else if (category === "O") {
    out.vatExemptionReason = item.vatExemptionReason?.trim() || OUTSIDE_SCOPE_REASON;
    out.vatExemptionCode = item.vatExemptionCode?.trim() || OUTSIDE_SCOPE_CODE;
  }
  return out;
}

/** One line's unit price: 10 million. */
const MAX_UNIT_PRICE_CENTS = MAX_AMOUNT_CENTS;

type InvoiceLineAmounts = {
  /** 1-based, as printed and as BT-126. */
  lineId: number;
  description: string;
  quantity: number;
  unitPriceCents: number;
  grossCents: number;
  discountCents: number;
  /** BT-131: gross − discount. */
  netCents: number;
  kind: LineKind;
  category: VatCategory;
  vatRate: number;
  /** E and O lines: BT-120 / BT-121 (null otherwise). */
  exemptionReason: string | null;
  exemptionCode: string | null;
};

type VatBreakdownEntry = {
  category: VatCategory;
  /** Percent. */
  rate: number;
  baseCents: number;
  vatCents: number;
  /**
   * E and O groups: BT-120 (the distinct reasons of the group's lines, joined by " ; ") and
   * BT-121 (when the lines share one code). EN 16931 keeps one group per category and rate
   * (BR-E-08 sums every E line into the E group), so an E group may name several grounds.
   */
  exemptionReason: string | null;
  exemptionCode: string | null;
};

export type InvoiceAmounts = {
  lines: InvoiceLineAmounts[];
  /** One group per category and rate, ordered by rate descending then category (S 20, S 10, S 5.5, S 2.1, E 0, O 0, Z 0). */
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

function lineGrossCents(item: Pick<InvoiceItem, "quantity" | "unitPriceCents">): number {
  return mulDivRound(hundredths(item.quantity), item.unitPriceCents, 100);
}

/** VAT of a base at a percent rate, rounded to the cent. */
export function vatOf(baseCents: number, rate: number): number {
  return mulDivRound(baseCents, rateTenths(rate), 1000);
}

/**
 * The invoice's figures. Expects items that passed validateInvoiceItems; lines stored without a
 * category are inferred by resolveInvoiceItem (legacy) under `vatRegime`.
 */
export function computeInvoiceAmounts(items: InvoiceItem[], vatRegime: VatRegime = "LIABLE"): InvoiceAmounts {
  const lines = items.map((raw, i): InvoiceLineAmounts => {
    const item = resolveInvoiceItem(raw, { vatRegime }, { legacy: true })!;
    const grossCents = lineGrossCents(item);
    const discountCents = item.discountCents ?? 0;
    return {
      lineId: i + 1,
      description: item.description,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      grossCents,
      discountCents,
      netCents: grossCents - discountCents,
      kind: item.kind!,
      category: item.vatCategory!,
      // A legacy exempt tenant's line said 0 whatever it was meant to be: E is 0 %.
      vatRate: item.vatCategory === "S" ? item.vatRate : 0,
      exemptionReason: item.vatExemptionReason ?? null,
      exemptionCode: item.vatExemptionCode ?? null,
    };
  });
  const groups = new Map<string, { category: VatCategory; rate: number; baseCents: number; reasons: string[]; codes: (string | null)[] }>();
  for (const line of lines) {
    const key = `${line.category}:${rateTenths(line.vatRate)}`;
    const entry = groups.get(key) ?? { category: line.category, rate: line.vatRate, baseCents: 0, reasons: [], codes: [] };
    entry.baseCents += line.netCents;
    if (line.exemptionReason && !entry.reasons.includes(line.exemptionReason)) entry.reasons.push(line.exemptionReason);
    entry.codes.push(line.exemptionCode);
    groups.set(key, entry);
  }
  const order = { S: 0, E: 1, O: 2, Z: 3 } as const;
  const vatBreakdown = [...groups.values()]
    .map(({ category, rate, baseCents, reasons, codes }): VatBreakdownEntry => {
      const withReason = category === "E" || category === "O";
      const sameCode = codes.every((c) => c && c === codes[0]);
      return {
        category,
        rate,
        baseCents,
        vatCents: vatOf(baseCents, rate),
        exemptionReason: withReason && reasons.length ? reasons.join(" ; ") : null,
        exemptionCode: withReason && sameCode ? codes[0]! : null,
      };
    })
    .sort((a, b) => b.rate - a.rate || order[a.category] - order[b.category]);
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

const VAT_FIELD_MESSAGES = {
  categoryRequired: "Required for a 0 % line: E (exempt, with its ground), Z or O",
  categoryUnknown: "Must be one of S, E, Z, O",
  standardNeedsRate: "Must be greater than 0 for category S",
  zeroForCategory: "Must be 0 for category E, Z or O",
  reasonRequired: "Required: the legal ground of the exemption",
  outsideScopeAlone: "A line outside the scope of VAT (O) cannot share an invoice with other categories",
} as const;

/**
 * The items as stored (each line resolved by resolveInvoiceItem under `ctx`) and the field
 * errors (keys `items`, `items.{i}.{field}`, `total`), empty when valid. `categoryMissing`: a
 * liable tenant's 0 % line without a category (the API answers VAT_CATEGORY_REQUIRED). Messages
 * are the English entries of messages/api/fields.en.ts, worded in French by the API layer.
 */
export function checkInvoiceItems(items: readonly InvoiceItem[] | null | undefined, ctx: VatContext): { items: InvoiceItem[]; errors: FieldErrors; categoryMissing: boolean } {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!Array.isArray(items) || items.length === 0) {
    add("items", "An invoice needs at least one item");
    return { items: [], errors, categoryMissing: false };
  }
  if (items.length > MAX_ITEMS) {
    add("items", `At most ${MAX_ITEMS} items`);
    return { items: [], errors, categoryMissing: false };
  }
  let categoryMissing = false;
  const resolved: InvoiceItem[] = [];
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
    const d = item.discountCents;
    if (d !== undefined && d !== null) {
      if (typeof d !== "number" || !Number.isInteger(d)) add(at("discountCents"), "Must be an integer number of cents");
      else if (d < 0) add(at("discountCents"), "Must not be negative");
      else if (quantityOk && priceOk && d > lineGrossCents(item)) add(at("discountCents"), "Must not exceed the line amount (quantity × unit price)");
    }
    if (!isRate(item.vatRate)) {
      add(at("vatRate"), `Must be one of ${VAT_RATES.join(", ")}`);
      return;
    }
    if (item.vatCategory !== undefined && !(VAT_CATEGORIES as readonly string[]).includes(item.vatCategory)) {
      add(at("vatCategory"), VAT_FIELD_MESSAGES.categoryUnknown);
      return;
    }
    const line = resolveInvoiceItem(item, ctx);
    if (!line) {
      categoryMissing = true;
      add(at("vatCategory"), VAT_FIELD_MESSAGES.categoryRequired);
      return;
    }
    if (line.vatCategory === "S" && line.vatRate === 0) add(at("vatRate"), VAT_FIELD_MESSAGES.standardNeedsRate);
    if (line.vatCategory !== "S" && line.vatRate !== 0) add(at("vatRate"), VAT_FIELD_MESSAGES.zeroForCategory);
    if (line.vatCategory === "E" && !line.vatExemptionReason) add(at("vatExemptionReason"), VAT_FIELD_MESSAGES.reasonRequired);
    resolved[i] = line;
  });
  const categories = new Set(resolved.filter(Boolean).map((l) => l.vatCategory));
  if (categories.has("O") && categories.size > 1) resolved.forEach((l, i) => l?.vatCategory === "O" && add(`items.${i}.vatCategory`, VAT_FIELD_MESSAGES.outsideScopeAlone));
  if (Object.keys(errors).length === 0) {
    const { totalCents } = computeInvoiceAmounts(resolved, ctx.vatRegime);
    if (totalCents > MAX_TOTAL_CENTS) add("total", `The total must not exceed ${MAX_TOTAL_CENTS} cents`);
  }
  return { items: resolved, errors, categoryMissing };
}

/** The field errors of checkInvoiceItems (empty when valid). */
export function validateInvoiceItems(items: readonly InvoiceItem[] | null | undefined, ctx: VatRegime | VatContext = "LIABLE"): FieldErrors {
  return checkInvoiceItems(items, typeof ctx === "string" ? { vatRegime: ctx } : ctx).errors;
}
