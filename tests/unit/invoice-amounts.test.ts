import { describe, expect, it } from "vitest";
import type { InvoiceItem } from "../../server/db/schema/billing";
import { checkInvoiceItems, computeInvoiceAmounts, EXEMPTION_CODE, EXEMPTION_REASON, MAX_ITEMS, resolveInvoiceItem, validateInvoiceItems, VAT_RATES, vatOf } from "../../server/services/billing/amounts";

const item = (over: Partial<InvoiceItem> = {}): InvoiceItem => ({
  description: "Formation",
  quantity: 1,
  unitPriceCents: 10000,
  vatRate: 20,
  ...over,
});

describe("computeInvoiceAmounts", () => {
  it("groups lines per rate, with VAT computed on each rate's base", () => {
    const a = computeInvoiceAmounts([
      item({ quantity: 2, unitPriceCents: 45000, vatRate: 20 }),
      item({ quantity: 1.5, unitPriceCents: 3333, vatRate: 10 }),
      item({ quantity: 3, unitPriceCents: 1999, vatRate: 5.5, discountCents: 500 }),
      item({ quantity: 1, unitPriceCents: 1000, vatRate: 20, discountCents: 100 }),
    ]);
    expect(a.lines.map((l) => [l.lineId, l.grossCents, l.discountCents, l.netCents, l.category])).toEqual([
      [1, 90000, 0, 90000, "S"],
      [2, 5000, 0, 5000, "S"], // 1.5 × 33.33 = 49.995 → 50.00
      [3, 5997, 500, 5497, "S"],
      [4, 1000, 100, 900, "S"],
    ]);
    expect(a.vatBreakdown).toEqual([
      { category: "S", rate: 20, baseCents: 90900, vatCents: 18180, exemptionReason: null, exemptionCode: null },
      { category: "S", rate: 10, baseCents: 5000, vatCents: 500, exemptionReason: null, exemptionCode: null },
      { category: "S", rate: 5.5, baseCents: 5497, vatCents: 302, exemptionReason: null, exemptionCode: null }, // 302.335
    ]);
    expect(a.subtotalCents).toBe(101397);
    expect(a.vatCents).toBe(18982);
    expect(a.totalCents).toBe(120379);
    expect(a.discountCents).toBe(600);
  });

  it("rounds halves away from zero without floating-point drift", () => {
    expect(vatOf(12345, 5.5)).toBe(679); // 678.975
    expect(vatOf(50, 2.1)).toBe(1); // 1.05
    expect(vatOf(10, 5.5)).toBe(1); // 0.55
    expect(vatOf(1, 20)).toBe(0); // 0.2
    expect(vatOf(5, 10)).toBe(1); // 0.5
    expect(computeInvoiceAmounts([item({ quantity: 0.5, unitPriceCents: 1, vatRate: 0 })]).subtotalCents).toBe(1);
    expect(computeInvoiceAmounts([item({ quantity: 0.1, unitPriceCents: 15, vatRate: 0 })]).subtotalCents).toBe(2); // 1.5
  });

  it("infers an exempt tenant's old 0 % lines as category E with the training ground", () => {
    const a = computeInvoiceAmounts([item({ vatRate: 0 }), item({ quantity: 2, unitPriceCents: 2500, vatRate: 0, discountCents: 1000 })], "EXEMPT_261_4_4A");
    expect(a.lines.every((l) => l.category === "E" && l.vatRate === 0)).toBe(true);
    expect(a.vatBreakdown).toEqual([{ category: "E", rate: 0, baseCents: 14000, vatCents: 0, exemptionReason: EXEMPTION_REASON, exemptionCode: EXEMPTION_CODE }]);
    expect([a.subtotalCents, a.vatCents, a.totalCents]).toEqual([14000, 0, 14000]);
  });

  it("infers an old liable line at 0 % as E with the training ground (Z when its kind is OTHER), never S at 0 %", () => {
    const a = computeInvoiceAmounts([item({ vatRate: 0 }), item({ vatRate: 20 }), item({ vatRate: 0, kind: "OTHER", unitPriceCents: 500 })]);
    expect(a.vatBreakdown.map((e) => [e.category, e.rate, e.vatCents, e.exemptionReason])).toEqual([
      ["S", 20, 2000, null],
      ["E", 0, 0, EXEMPTION_REASON],
      ["Z", 0, 0, null],
    ]);
    expect(a.lines.map((l) => [l.category, l.kind])).toEqual([
      ["E", "TRAINING"],
      ["S", "OTHER"],
      ["Z", "OTHER"],
    ]);
  });

  it("mixed categories on an exempt tenant: training E and room hire S 20 %, one group per category and rate", () => {
    const items = checkInvoiceItems(
      [
        item({ description: "Formation SST", quantity: 2, unitPriceCents: 45_000, vatRate: 0 }),
        item({ description: "Support de cours", quantity: 10, unitPriceCents: 1_500, vatRate: 0, discountCents: 1_000 }),
        item({ description: "Location de salle", quantity: 1, unitPriceCents: 30_001, vatRate: 20 }),
        item({ description: "Ouvrages", quantity: 1, unitPriceCents: 2_999, vatRate: 5.5 }),
      ],
      { vatRegime: "EXEMPT_261_4_4A" },
    );
    expect(items.errors).toEqual({});
    const a = computeInvoiceAmounts(items.items, "EXEMPT_261_4_4A");
    expect(a.lines.map((l) => [l.category, l.vatRate, l.kind])).toEqual([
      ["E", 0, "TRAINING"],
      ["E", 0, "TRAINING"],
      ["S", 20, "OTHER"],
      ["S", 5.5, "OTHER"],
    ]);
    expect(a.vatBreakdown).toEqual([
      { category: "S", rate: 20, baseCents: 30_001, vatCents: 6_000, exemptionReason: null, exemptionCode: null }, // 6000.2
      { category: "S", rate: 5.5, baseCents: 2_999, vatCents: 165, exemptionReason: null, exemptionCode: null }, // 164.945
      { category: "E", rate: 0, baseCents: 104_000, vatCents: 0, exemptionReason: EXEMPTION_REASON, exemptionCode: EXEMPTION_CODE },
    ]);
    expect([a.subtotalCents, a.vatCents, a.totalCents]).toEqual([137_000, 6_165, 143_165]);
    // Stored lines are not re-inferred: the same figures under the other regime.
    expect(computeInvoiceAmounts(items.items, "LIABLE")).toEqual(a);
  });

  it("a liable tenant: exempt training with its ground, consulting at 20 %, a zero-rated and an E line with another ground, each E ground kept", () => {
    const { items, errors } = checkInvoiceItems(
      [
        item({ description: "Formation", unitPriceCents: 100_000, vatRate: 0, vatCategory: "E", vatExemptionReason: EXEMPTION_REASON }),
        item({ description: "Conseil", unitPriceCents: 50_000, vatRate: 20 }),
        item({ description: "Livraison intracommunautaire", unitPriceCents: 1_000, vatRate: 0, vatCategory: "Z" }),
        item({ description: "Autre", unitPriceCents: 2_000, vatRate: 0, vatCategory: "E", kind: "OTHER", vatExemptionReason: "Exonération de TVA – article 261 C du CGI", vatExemptionCode: "VATEX-EU-135-1" }),
      ],
      { vatRegime: "LIABLE" },
    );
    expect(errors).toEqual({});
    expect(items[0]).toMatchObject({ kind: "TRAINING", vatCategory: "E", vatExemptionCode: EXEMPTION_CODE });
    const a = computeInvoiceAmounts(items);
    expect(a.vatBreakdown.map((e) => [e.category, e.rate, e.baseCents, e.vatCents, e.exemptionReason, e.exemptionCode])).toEqual([
      ["S", 20, 50_000, 10_000, null, null],
      ["E", 0, 102_000, 0, `${EXEMPTION_REASON} ; Exonération de TVA – article 261 C du CGI`, null],
      ["Z", 0, 1_000, 0, null, null],
    ]);
  });
});

describe("resolveInvoiceItem (the one inference)", () => {
  const exempt = { vatRegime: "EXEMPT_261_4_4A" } as const;
  const liable = { vatRegime: "LIABLE" } as const;
  it("an exempt tenant's 0 % line: E with the 261-4-4° a ground, TRAINING unless the kind is given", () => {
    expect(resolveInvoiceItem(item({ vatRate: 0 }), exempt)).toMatchObject({ kind: "TRAINING", vatCategory: "E", vatExemptionReason: EXEMPTION_REASON, vatExemptionCode: EXEMPTION_CODE });
    expect(resolveInvoiceItem(item({ vatRate: 0, kind: "OTHER" }), exempt)).toMatchObject({ kind: "OTHER", vatCategory: "E" });
  });
  it("a line above 0 %: S, OTHER unless linked to an enrollment or the kind is given", () => {
    expect(resolveInvoiceItem(item({ vatRate: 20 }), exempt)).toMatchObject({ kind: "OTHER", vatCategory: "S" });
    expect(resolveInvoiceItem(item({ vatRate: 20 }), { ...liable, linkedToTraining: true })).toMatchObject({ kind: "TRAINING", vatCategory: "S" });
    expect(resolveInvoiceItem(item({ vatRate: 10, kind: "TRAINING" }), liable)).toMatchObject({ kind: "TRAINING", vatCategory: "S" });
    expect(resolveInvoiceItem(item({ vatRate: 20 }), liable)).not.toHaveProperty("vatExemptionReason");
  });
  it("a liable tenant's 0 % line needs its category; legacy infers it; resolving twice changes nothing", () => {
    expect(resolveInvoiceItem(item({ vatRate: 0 }), liable)).toBeNull();
    expect(resolveInvoiceItem(item({ vatRate: 0 }), liable, { legacy: true })).toMatchObject({ vatCategory: "E", vatExemptionReason: EXEMPTION_REASON });
    expect(resolveInvoiceItem(item({ vatRate: 0, vatCategory: "O" }), liable)).toMatchObject({ kind: "OTHER", vatCategory: "O", vatExemptionCode: "VATEX-EU-O" });
    const once = resolveInvoiceItem(item({ vatRate: 0 }), exempt)!;
    expect(resolveInvoiceItem(once, liable)).toEqual(once);
  });
});

describe("validateInvoiceItems", () => {
  it("accepts valid items and exports the allowed rates", () => {
    expect(VAT_RATES).toEqual([0, 2.1, 5.5, 10, 20]);
    expect(validateInvoiceItems([item(), item({ quantity: 0.25, vatRate: 5.5, discountCents: 2500 })])).toEqual({});
    expect(validateInvoiceItems([item({ vatRate: 0 })], "EXEMPT_261_4_4A")).toEqual({});
  });

  it("names each faulty field", () => {
    const errors = validateInvoiceItems([
      item({ quantity: 0 }),
      item({ quantity: 1.234 }),
      item({ unitPriceCents: 10.5 }),
      item({ unitPriceCents: -1 }),
      item({ quantity: 2, unitPriceCents: 100, discountCents: 201 }),
      item({ vatRate: 7 }),
      item({ description: " " }),
      item({ discountCents: -5 }),
      item({ quantity: -1 }),
    ]);
    expect(Object.keys(errors).sort()).toEqual(
      [
        "items.0.quantity",
        "items.1.quantity",
        "items.2.unitPriceCents",
        "items.3.unitPriceCents",
        "items.4.discountCents",
        "items.5.vatRate",
        "items.6.description",
        "items.7.discountCents",
        "items.8.quantity",
      ].sort(),
    );
    // A discount equal to the line amount is allowed (a free line).
    expect(validateInvoiceItems([item({ quantity: 2, unitPriceCents: 100, discountCents: 200 })])).toEqual({});
  });

  it("accepts a taxable line on an exempt tenant; keeps categories and rates coherent", () => {
    expect(validateInvoiceItems([item({ vatRate: 0 }), item({ vatRate: 20 })], "EXEMPT_261_4_4A")).toEqual({});
    const { errors, categoryMissing } = checkInvoiceItems(
      [
        item({ vatRate: 0 }),
        item({ vatRate: 0, vatCategory: "S" }),
        item({ vatRate: 20, vatCategory: "E" }),
        item({ vatRate: 0, vatCategory: "E", kind: "OTHER" }),
        item({ vatRate: 0, vatCategory: "Z" }),
        item({ vatRate: 0, vatCategory: "X" as never }),
      ],
      { vatRegime: "LIABLE" },
    );
    expect(categoryMissing).toBe(true);
    expect(Object.keys(errors).sort()).toEqual(["items.0.vatCategory", "items.1.vatRate", "items.2.vatRate", "items.3.vatExemptionReason", "items.5.vatCategory"]);
    expect(Object.keys(validateInvoiceItems([item({ vatRate: 0, vatCategory: "O" }), item({ vatRate: 20 })]))).toEqual(["items.0.vatCategory"]);
  });

  it("refuses no items, too many items and absurd totals", () => {
    expect(Object.keys(validateInvoiceItems([]))).toEqual(["items"]);
    expect(Object.keys(validateInvoiceItems(Array.from({ length: MAX_ITEMS + 1 }, () => item())))).toEqual(["items"]);
    expect(validateInvoiceItems(Array.from({ length: MAX_ITEMS }, () => item()))).toEqual({});
    const huge = Array.from({ length: 20 }, () => item({ quantity: 1000, unitPriceCents: 900_000_000 }));
    expect(Object.keys(validateInvoiceItems(huge))).toEqual(["total"]);
  });
});
