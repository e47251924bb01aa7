import { describe, expect, it } from "vitest";
import { computeInvoiceAmounts, MAX_ITEMS, validateInvoiceItems, VAT_RATES, vatOf } from "../../server/services/billing/amounts";

const item = (over: Partial<{ description: string; quantity: number; unitPriceCents: number; vatRate: number; discountCents: number }> = {}) => ({
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
      { category: "S", rate: 20, baseCents: 90900, vatCents: 18180 },
      { category: "S", rate: 10, baseCents: 5000, vatCents: 500 },
      { category: "S", rate: 5.5, baseCents: 5497, vatCents: 302 }, // 302.335
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

  it("makes every line category E at rate 0 under the training exemption", () => {
    const a = computeInvoiceAmounts([item({ vatRate: 0 }), item({ quantity: 2, unitPriceCents: 2500, vatRate: 0, discountCents: 1000 })], "EXEMPT_261_4_4A");
    expect(a.lines.every((l) => l.category === "E" && l.vatRate === 0)).toBe(true);
    expect(a.vatBreakdown).toEqual([{ category: "E", rate: 0, baseCents: 14000, vatCents: 0 }]);
    expect([a.subtotalCents, a.vatCents, a.totalCents]).toEqual([14000, 0, 14000]);
  });

  it("keeps a liable invoice's 0 % lines in category S", () => {
    const a = computeInvoiceAmounts([item({ vatRate: 0 }), item({ vatRate: 20 })]);
    expect(a.vatBreakdown.map((e) => [e.category, e.rate, e.vatCents])).toEqual([
      ["S", 20, 2000],
      ["S", 0, 0],
    ]);
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

  it("refuses a non-zero rate on an exempt tenant", () => {
    expect(Object.keys(validateInvoiceItems([item({ vatRate: 0 }), item({ vatRate: 20 })], "EXEMPT_261_4_4A"))).toEqual(["items.1.vatRate"]);
  });

  it("refuses no items, too many items and absurd totals", () => {
    expect(Object.keys(validateInvoiceItems([]))).toEqual(["items"]);
    expect(Object.keys(validateInvoiceItems(Array.from({ length: MAX_ITEMS + 1 }, () => item())))).toEqual(["items"]);
    expect(validateInvoiceItems(Array.from({ length: MAX_ITEMS }, () => item()))).toEqual({});
    const huge = Array.from({ length: 20 }, () => item({ quantity: 1000, unitPriceCents: 900_000_000 }));
    expect(Object.keys(validateInvoiceItems(huge))).toEqual(["total"]);
  });
});
