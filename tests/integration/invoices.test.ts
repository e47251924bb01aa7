import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { invoiceCounters, invoices, mailOutbox } from "../../server/db/schema";
import { warmFacturxValidator } from "../../server/services/billing/facturx/validation";
import { markOverdueInvoices } from "../../server/services/billing/overdue-job";
import { newLearner, startWorld, type World } from "../helpers/attendance";
import { insertClient, setLegalIdentity } from "../helpers/billing";
import { requireDebianTools } from "../helpers/debian-tools";
import { checkIssuedPdfWithDebianTools, validateFacturxXmlBatchWithDebianTools } from "../helpers/facturx-debian";
import { assertIssuedPdf, validateFacturxXml } from "../helpers/facturx-validate";
import { fetchBytes, pdfText } from "../helpers/documents";
import { auditRows, expectError, expectUnknownFields } from "../helpers/rest";

/**
 * Issue #12 item 2: invoices and credit notes through the REST surface (spec: Invoice resource,
 * Invoice state table, Billing table; conventions §10). acme is VAT-exempt (art. 261-4-4° a),
 * globex is VAT-liable. Every issued PDF is checked for its structure, XMP, attachment, fonts and
 * signature, and its XML against the XSD and schematrons (tests/helpers/facturx-validate.ts, npm
 * packages only); where installed, qpdf, poppler, xmllint and Saxon-HE cross-check the first one.
 */

let w: World;
let firstIssuedPdf: Buffer | null = null;
let client: { id: string };
let globexClient: { id: string };
const INV = /^inv_[a-z0-9]{24}$/;
const YEAR = () => w.now().getUTCFullYear();
const num = (n: number, year = YEAR()) => `FAC-${year}-${String(n).padStart(6, "0")}`;

const line = (over: Record<string, unknown> = {}) => ({ description: "Formation SST — 2 jours", quantity: 2, unitPriceCents: 45_000, vatRate: 0, ...over });
const draft = async (over: Record<string, unknown> = {}, token = w.tok.finance) => {
  const res = await w.call("POST", "/billing/invoices", token, { clientId: client.id, items: [line()], ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};
const issued = async (over: Record<string, unknown> = {}) => {
  const d = await draft(over);
  const res = await w.call("POST", `/billing/invoices/${d.id}/issue`, w.tok.finance);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
let issuedCount = 0;
const next = () => num(++issuedCount);

beforeAll(async () => {
  w = await startWorld();
  // Mid-year, so that dueAt and the year rollover below are the test's own.
  await w.setNow(new Date(Date.UTC(2026, 5, 10, 9, 0, 0)));
  // The demo's invoices and counters out of the way: this file's series starts at 1.
  for (const t of [w.acmeId, w.globexId]) {
    await w.api.db.delete(invoices).where(eq(invoices.tenantId, t));
    await w.api.db.delete(invoiceCounters).where(eq(invoiceCounters.tenantId, t));
  }
  await setLegalIdentity(w.api, w.acmeId);
  await setLegalIdentity(w.api, w.globexId, { legalName: "Globex Training SARL", siren: "542065479", siret: "54206547900014", vatNumber: "FR05542065479", vatRegime: "LIABLE", invoicePrefix: "GLX" });
  client = await insertClient(w.api, w.acmeId);
  globexClient = await insertClient(w.api, w.globexId, { name: "Globex client SA" });
  // As the server does at start: the Factur-X validator (SaxonJS, compiled Schematrons) loaded in a
  // document worker before the first issue, which would otherwise pay it within its test's timeout.
  await warmFacturxValidator();
}, 300_000);
afterAll(() => w.close());

describe("POST /billing/invoices (DRAFT)", () => {
  it("201 with the draft: number null, totals computed, audited", async () => {
    const d = await draft({ items: [line(), line({ description: "Support de cours", quantity: 1, unitPriceCents: 2_550, discountCents: 550 })], dueDate: "2026-07-31", purchaseOrder: "PO-77" });
    expect(d).toMatchObject({
      id: expect.stringMatching(INV),
      kind: "INVOICE",
      status: "DRAFT",
      number: null,
      clientId: client.id,
      clientName: "Boulangerie Durand SARL",
      subtotalCents: 92_000,
      vatCents: 0,
      totalCents: 92_000,
      currency: "EUR",
      issuedAt: null,
      dueAt: "2026-07-31",
      purchaseOrder: "PO-77",
      factorX: { profile: "EN16931", xmlAttached: false, pdfA3: false },
      eidas: { signed: false, provider: null, signatureLevel: null, signatureId: null },
      pdfAvailable: false,
      creditNotes: [],
    });
    expect(d.items[1]).toEqual({
      description: "Support de cours",
      quantity: 1,
      unitPriceCents: 2_550,
      vatRate: 0,
      discountCents: 550,
      netCents: 2_000,
      kind: "TRAINING",
      vatCategory: "E",
      vatExemptionReason: "Exonération de TVA – article 261-4-4° a du CGI",
      vatExemptionCode: "VATEX-FR-CGI261-4",
    });
    expect(d.vatBreakdown).toEqual([{ category: "E", vatRate: 0, baseCents: 92_000, vatCents: 0, exemptionReason: "Exonération de TVA – article 261-4-4° a du CGI", exemptionCode: "VATEX-FR-CGI261-4" }]);
    expect(await auditRows(w.api, "invoice.created", { targetId: d.id })).toHaveLength(1);
  });

  it("VAT per rate on a liable tenant: 20 %, 10 % and 5.5 % lines, rounded per rate", async () => {
    const res = await w.api.call("POST", "/billing/invoices", {
      tenant: "globex",
      token: w.tok.globexAdmin,
      body: {
        clientId: globexClient.id,
        currency: "USD",
        items: [
          { description: "Conseil", quantity: 1.5, unitPriceCents: 10_001, vatRate: 20 },
          { description: "Repas", quantity: 3, unitPriceCents: 1_999, vatRate: 10 },
          { description: "Livre", quantity: 1, unitPriceCents: 2_999, vatRate: 5.5 },
          { description: "Conseil (suite)", quantity: 1, unitPriceCents: 333, vatRate: 20 },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 20 %: 15 002 (1.5 x 10 001 = 15 001.5 -> 15 002) + 333 = 15 335 -> VAT 3 067; 10 %: 5 997 -> 600 (599.7); 5.5 %: 2 999 -> 165 (164.945)
    expect(res.body.data.vatBreakdown).toEqual([
      { category: "S", vatRate: 20, baseCents: 15_335, vatCents: 3_067, exemptionReason: null, exemptionCode: null },
      { category: "S", vatRate: 10, baseCents: 5_997, vatCents: 600, exemptionReason: null, exemptionCode: null },
      { category: "S", vatRate: 5.5, baseCents: 2_999, vatCents: 165, exemptionReason: null, exemptionCode: null },
    ]);
    expect(res.body.data).toMatchObject({ subtotalCents: 24_331, vatCents: 3_832, totalCents: 28_163, currency: "USD" });
  });

  it("422 naming the field for bad amounts, VAT rates, discounts and an unknown client; 400 for an unknown field", async () => {
    const bad = async (body: Record<string, unknown>, fields: string[]) => {
      const res = await w.call("POST", "/billing/invoices", w.tok.finance, { clientId: client.id, items: [line()], ...body });
      expectError(res, 422);
      expect(Object.keys(res.body.errors).sort(), JSON.stringify(res.body)).toEqual(fields.sort());
    };
    await bad({ items: [line({ quantity: 0 })] }, ["items.0.quantity"]);
    await bad({ items: [line({ quantity: 1.234 })] }, ["items.0.quantity"]);
    await bad({ items: [line({ unitPriceCents: 10.5 })] }, ["items.0.unitPriceCents"]);
    await bad({ items: [line({ unitPriceCents: -1 })] }, ["items.0.unitPriceCents"]);
    await bad({ items: [line(), line({ vatRate: 7 })] }, ["items.1.vatRate"]);
    await bad({ items: [line({ vatRate: 20, vatCategory: "E" })] }, ["items.0.vatRate"]); // an exempt line is at 0 %
    await bad({ items: [line({ vatCategory: "S" })] }, ["items.0.vatRate"]); // an S line is above 0 %
    await bad({ items: [line({ discountCents: 90_001 })] }, ["items.0.discountCents"]);
    await bad({ items: [] }, ["items"]);
    await bad({ clientId: globexClient.id }, ["clientId"]); // another tenant's client is unknown here
    await bad({ dueDate: "31/07/2026" }, ["dueDate"]);
    expectUnknownFields(await w.call("POST", "/billing/invoices", w.tok.finance, { clientId: client.id, items: [line()], number: "FAC-1" }), ["number"]);
  });

  it("roles: ADMIN and FINANCIER only (403 for CREATOR, TRAINER, LEARNER, FUNDER; 401 without token); a FUNDER lists only their funder's issued invoices", async () => {
    for (const who of ["creator", "trainer", "learner", "funder"] as const) {
      expectError(await w.call("POST", "/billing/invoices", w.tok[who], { clientId: client.id, items: [line()] }), 403);
      if (who !== "funder") expectError(await w.call("GET", "/billing/invoices", w.tok[who]), 403);
    }
    const funderList = await w.call("GET", "/billing/invoices", w.tok.funder);
    expect(funderList.status).toBe(200);
    for (const inv of funderList.body.data) expect(inv.status).not.toBe("DRAFT");
    expectError(await w.call("GET", "/billing/invoices"), 401);
    expect((await w.call("GET", "/billing/invoices", w.tok.admin)).status).toBe(200);
  });
});

describe("PATCH and DELETE a draft", () => {
  it("PATCH replaces lines and recomputes; DELETE removes it; both 409 once issued", async () => {
    const d = await draft();
    const res = await w.call("PATCH", `/billing/invoices/${d.id}`, w.tok.finance, { items: [line({ quantity: 1 })], notes: "Session de juin" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ totalCents: 45_000, notes: "Session de juin" });
    expect((await w.call("DELETE", `/billing/invoices/${d.id}`, w.tok.finance)).status).toBe(204);
    expectError(await w.call("GET", `/billing/invoices/${d.id}`, w.tok.finance), 404);
    const i = await issued();
    issuedCount++;
    const patch = await w.call("PATCH", `/billing/invoices/${i.id}`, w.tok.finance, { notes: "x" });
    expectError(patch, 409);
    expect(patch.body.code).toBe("INVOICE_NOT_DRAFT");
    expect((await w.call("DELETE", `/billing/invoices/${i.id}`, w.tok.finance)).body.code).toBe("INVOICE_NOT_DRAFT");
  });
});

describe("POST /billing/invoices/{id}/issue", () => {
  it("200: gapless number in issue order, dueAt from the payment terms, seller and buyer frozen, Factur-X PDF/A-3 signed", async () => {
    const d = await draft();
    const res = await w.call("POST", `/billing/invoices/${d.id}/issue`, w.tok.finance);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const n = next();
    expect(res.body.data).toMatchObject({
      id: d.id,
      status: "ISSUED",
      number: n,
      issuedAt: w.now().toISOString(),
      dueAt: "2026-07-10",
      factorX: { profile: "EN16931", xmlAttached: true, pdfA3: true },
      eidas: { signed: true, provider: "local", signatureLevel: "ADES" },
      pdfAvailable: true,
    });
    expect(res.body.data.eidas.signatureId).toEqual(expect.any(String));
    const row = (await w.api.db.select().from(invoices).where(eq(invoices.id, d.id)))[0]!;
    expect(row.seller).toMatchObject({ name: "Acme Formation SAS", siren: "732829320", nda: "84691234569" });
    expect(row.buyer).toMatchObject({ name: "Boulangerie Durand SARL", siren: "552100554" });
    expect(await auditRows(w.api, "invoice.issued", { targetId: d.id })).toHaveLength(1);

    const pdf = await fetchBytes(w.api, "GET", `/billing/invoices/${d.id}/pdf`, { tenant: "acme", token: w.tok.finance });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain(`facture-${n}.pdf`);
    const text = pdfText(pdf.bytes);
    for (const s of [n, "Acme Formation SAS", "Boulangerie Durand SARL", "261-4-4", "84691234569", "40"]) expect(text).toContain(s);
    // The same total in the API, the PDF and the embedded XML (one computation: services/billing/amounts.ts).
    expect(res.body.data.totalCents).toBe(90_000);
    expect(text).toContain("900,00");
    const check = await assertIssuedPdf(pdf.bytes, { signed: true, conformanceLevel: "EN 16931" });
    expect(check.xml).toContain(`<ram:ID>${n}</ram:ID>`);
    expect(check.xml).toContain("<ram:GrandTotalAmount>900.00</ram:GrandTotalAmount>");
    const xml = await validateFacturxXml(check.xml!);
    expect(xml.xsdOk, xml.xsdErrors.join("\n")).toBe(true);
    expect(xml.failedAsserts).toEqual([]);
    firstIssuedPdf = pdf.bytes;
    // The first validation in a process loads the five compiled Schematrons (SaxonJS), and compiles them on a machine's first run.
  }, 900_000);

  it("cross-check where installed: qpdf, pdfinfo, pdfdetach, pdffonts, pdfsig, xmllint and Saxon-HE accept the same PDF and XML", async (ctx) => {
    requireDebianTools((note) => ctx.skip(note), "qpdf", "pdfinfo", "pdfdetach", "pdffonts", "pdfsig", "xmllint", "saxon");
    expect(firstIssuedPdf, "the issue test ran").not.toBeNull();
    const c = await checkIssuedPdfWithDebianTools(firstIssuedPdf!);
    expect(c.qpdfOk, c.qpdfOutput).toBe(true);
    expect([c.pdfaPart, c.pdfaConformance, c.fxConformanceLevel]).toEqual(["3", "B", "EN 16931"]);
    expect(c.attachments).toEqual(["factur-x.xml"]);
    expect(c.allFontsEmbedded, JSON.stringify(c.fonts)).toBe(true);
    expect([c.signatureCount, c.signatureValid], c.pdfsigOutput).toEqual([1, true]);
    const xml = (await validateFacturxXmlBatchWithDebianTools([{ name: "invoice", xml: c.xml! }])).get("invoice")!;
    expect(xml.xsdOk, xml.xsdErrors.join("\n")).toBe(true);
    expect(xml.failedAsserts).toEqual([]);
  }, 120_000);

  it("the next issues continue the series; another tenant's series is its own", async () => {
    const a = await issued();
    const b = await issued();
    expect([a.number, b.number]).toEqual([next(), next()]);
    const g = await w.api.call("POST", "/billing/invoices", { tenant: "globex", token: w.tok.globexAdmin, body: { clientId: globexClient.id, items: [line({ vatRate: 20 })] } });
    const gi = await w.api.call("POST", `/billing/invoices/${g.body.data.id}/issue`, { tenant: "globex", token: w.tok.globexAdmin });
    expect(gi.status, JSON.stringify(gi.body)).toBe(200);
    expect(gi.body.data.number).toBe(`GLX-${YEAR()}-000001`);
  }, 120_000);

  it("409 INVOICE_ALREADY_ISSUED on an issued or cancelled invoice; the number does not move", async () => {
    const i = await issued();
    next();
    const again = await w.call("POST", `/billing/invoices/${i.id}/issue`, w.tok.finance);
    expectError(again, 409);
    expect(again.body.code).toBe("INVOICE_ALREADY_ISSUED");
    const cancelled = await w.call("POST", `/billing/invoices/${i.id}/cancel`, w.tok.finance, { reason: "Erreur de client" });
    // The cancellation's credit note takes the next number.
    expect(cancelled.body.data.cancellationCreditNote.number).toBe(next());
    expect((await w.call("POST", `/billing/invoices/${i.id}/issue`, w.tok.finance)).body.code).toBe("INVOICE_ALREADY_ISSUED");
  });

  it("422 LEGAL_IDENTITY_INCOMPLETE names the missing fields, and takes no number", async () => {
    await setLegalIdentity(w.api, w.acmeId, { legalName: null, siren: null });
    const d = await draft();
    const res = await w.call("POST", `/billing/invoices/${d.id}/issue`, w.tok.finance);
    expectError(res, 422);
    expect(res.body.code).toBe("LEGAL_IDENTITY_INCOMPLETE");
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(["legalName", "siren"]));
    await setLegalIdentity(w.api, w.acmeId);
    const ok = await w.call("POST", `/billing/invoices/${d.id}/issue`, w.tok.finance);
    expect(ok.body.data.number).toBe(next());
  });

  it("403 for every invoice operation to CREATOR, TRAINER, LEARNER and FUNDER (ADMIN and FINANCIER only); 401 without a token", async () => {
    const d = await draft();
    const ops = [
      ["GET", `/billing/invoices/${d.id}`, undefined],
      ["PATCH", `/billing/invoices/${d.id}`, { notes: "x" }],
      ["DELETE", `/billing/invoices/${d.id}`, undefined],
      ["POST", `/billing/invoices/${d.id}/issue`, undefined],
      ["POST", `/billing/invoices/${d.id}/cancel`, { reason: "xyz" }],
      ["POST", `/billing/invoices/${d.id}/credit-note`, { reason: "xyz" }],
      ["POST", `/billing/invoices/${d.id}/mark-paid`, {}],
      ["POST", `/billing/invoices/${d.id}/send`, { to: "a@b.test" }],
      ["GET", `/billing/invoices/${d.id}/pdf`, undefined],
      ["POST", `/billing/enrollments/enr_x/invoices`, { shares: [{ payer: "LEARNER", amountCents: 100 }] }],
    ] as const;
    for (const [m, p, body] of ops) {
      // A FUNDER reads invoices (GET) within their funder's issued ones: a draft is not found.
      for (const who of ["creator", "trainer", "learner", "funder"] as const) expectError(await w.call(m, p, w.tok[who], body), who === "funder" && m === "GET" ? 404 : 403);
      expectError(await w.call(m, p, undefined, body), 401);
    }
    expect((await w.call("GET", `/billing/invoices/${d.id}`, w.tok.admin)).status).toBe(200);
  });

  it("404 across tenants for every invoice operation", async () => {
    const d = await draft();
    for (const [m, p, body] of [
      ["GET", "", undefined],
      ["PATCH", "", { notes: "x" }],
      ["DELETE", "", undefined],
      ["POST", "/issue", undefined],
      ["POST", "/cancel", { reason: "xyz" }],
      ["POST", "/credit-note", { reason: "xyz" }],
      ["POST", "/mark-paid", {}],
      ["POST", "/send", { to: "a@b.test" }],
      ["GET", "/pdf", undefined],
    ] as const) {
      const res = await w.api.call(m, `/billing/invoices/${d.id}${p}`, { tenant: "globex", token: w.tok.globexAdmin, body });
      expectError(res, 404);
      expect(res.body.code).toBe("INVOICE_NOT_FOUND");
    }
  });
});

describe("cancel, mark paid, credit note, OVERDUE", () => {
  it("cancel: ISSUED -> CANCELLED by a credit note for the whole invoice, in the same transaction; 409 for a draft (delete it), a cancelled or a paid invoice; 400 without reason", async () => {
    const i = await issued({ items: [line(), line({ description: "Support de cours", quantity: 3, unitPriceCents: 2_500, kind: "OTHER" })] });
    next();
    expectError(await w.call("POST", `/billing/invoices/${i.id}/cancel`, w.tok.finance, {}), 400);
    const res = await w.call("POST", `/billing/invoices/${i.id}/cancel`, w.tok.finance, { reason: "Doublon de la facture précédente" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const noteNumber = next();
    expect(res.body.data).toMatchObject({ id: i.id, status: "CANCELLED", cancelReason: `Avoir ${noteNumber} : Doublon de la facture précédente`, number: i.number, cancellationCreditNote: { number: noteNumber } });
    const noteId = res.body.data.cancellationCreditNote.id;
    expect(res.body.data.creditNotes).toEqual([expect.objectContaining({ id: noteId, number: noteNumber, totalCents: i.totalCents })]);
    expect((await w.call("GET", `/billing/invoices/${i.id}`, w.tok.finance)).body.data.cancellationCreditNote).toEqual({ id: noteId, number: noteNumber });
    const note = (await w.call("GET", `/billing/invoices/${noteId}`, w.tok.finance)).body.data;
    expect(note).toMatchObject({ kind: "CREDIT_NOTE", status: "ISSUED", creditedInvoice: { id: i.id, number: i.number }, totalCents: i.totalCents, pdfAvailable: true, pdf: { status: "READY" } });
    // The invoice's own lines (nothing was credited before).
    expect(note.items.map((l: { description: string; kind: string | null }) => [l.description, l.kind])).toEqual(i.items.map((l: { description: string; kind: string | null }) => [l.description, l.kind]));
    const pdf = await fetchBytes(w.api, "GET", `/billing/invoices/${noteId}/pdf`, { tenant: "acme", token: w.tok.finance });
    const check = await assertIssuedPdf(pdf.bytes, { signed: true });
    expect(check.xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(check.xml).toContain(i.number);
    expect((await auditRows(w.api, "invoice.cancelled", { targetId: i.id }))[0]!.metadata).toMatchObject({ reason: "Doublon de la facture précédente", creditNoteId: noteId, creditNoteNumber: noteNumber });
    expect((await w.call("POST", `/billing/invoices/${i.id}/cancel`, w.tok.finance, { reason: "encore" })).body.code).toBe("INVOICE_ALREADY_CANCELLED");
    expect((await w.call("POST", `/billing/invoices/${noteId}/cancel`, w.tok.finance, { reason: "avoir" })).body.code).toBe("CREDIT_NOTE_NOT_CREDITABLE");
    const d = await draft();
    const onDraft = await w.call("POST", `/billing/invoices/${d.id}/cancel`, w.tok.finance, { reason: "brouillon" });
    expectError(onDraft, 409);
    expect(onDraft.body.code).toBe("INVOICE_DRAFT_DELETE_INSTEAD");
    expect((await w.call("GET", `/billing/invoices/${d.id}`, w.tok.finance)).body.data.status).toBe("DRAFT");
    const p = await issued();
    next();
    expect((await w.call("POST", `/billing/invoices/${p.id}/mark-paid`, w.tok.finance, {})).status).toBe(200);
    const paidCancel = await w.call("POST", `/billing/invoices/${p.id}/cancel`, w.tok.finance, { reason: "client" });
    expectError(paidCancel, 409);
    expect(paidCancel.body.code).toBe("INVOICE_PAID_CREDIT_NOTE_REQUIRED");
  });

  it("cancel a partly credited invoice: the cancellation's credit note covers the rest, and the notes add up to the invoice", async () => {
    const i = await issued({ items: [line(), line({ description: "Déjeuners", quantity: 2, unitPriceCents: 1_800, kind: "OTHER" })] });
    next();
    const partial = await w.call("POST", `/billing/invoices/${i.id}/credit-note`, w.tok.finance, { reason: "Un déjeuner non servi", items: [line({ description: "Déjeuner non servi", quantity: 1, unitPriceCents: 1_800, kind: "OTHER" })] });
    expect(partial.status, JSON.stringify(partial.body)).toBe(201);
    next();
    const res = await w.call("POST", `/billing/invoices/${i.id}/cancel`, w.tok.finance, { reason: "Session annulée" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const noteNumber = next();
    expect(res.body.data).toMatchObject({ status: "CANCELLED", cancellationCreditNote: { number: noteNumber } });
    expect(res.body.data.creditNotes.map((c: { number: string }) => c.number)).toEqual([partial.body.data.number, noteNumber]);
    const rest = (await w.call("GET", `/billing/invoices/${res.body.data.cancellationCreditNote.id}`, w.tok.finance)).body.data;
    expect(rest.totalCents).toBe(i.totalCents - 1_800);
    // The rest, per line kind: the training part (its kind resolved when the draft was written) and the remaining meal.
    expect(rest.items.map((l: { description: string; unitPriceCents: number; kind: string | null }) => [l.description, l.unitPriceCents, l.kind])).toEqual([
      [`Solde de la facture ${i.number}`, 90_000, "TRAINING"],
      [`Solde de la facture ${i.number} — hors formation`, 1_800, "OTHER"],
    ]);
  });

  it("mark paid: 200 with paidAt; 409 twice; 422 for a future date or one before the issue", async () => {
    const i = await issued();
    next();
    const future = await w.call("POST", `/billing/invoices/${i.id}/mark-paid`, w.tok.finance, { paidAt: "2099-01-01" });
    expectError(future, 422);
    expect(Object.keys(future.body.errors)).toEqual(["paidAt"]);
    expect(Object.keys((await w.call("POST", `/billing/invoices/${i.id}/mark-paid`, w.tok.finance, { paidAt: "2020-01-01" })).body.errors)).toEqual(["paidAt"]);
    const res = await w.call("POST", `/billing/invoices/${i.id}/mark-paid`, w.tok.finance, { reference: "VIR-123" });
    expect(res.body.data).toMatchObject({ status: "PAID", paidAt: w.now().toISOString() });
    expect((await auditRows(w.api, "invoice.paid", { targetId: i.id }))[0]!.metadata).toMatchObject({ reference: "VIR-123" });
    expect((await w.call("POST", `/billing/invoices/${i.id}/mark-paid`, w.tok.finance, {})).body.code).toBe("INVOICE_ALREADY_PAID");
  });

  it("credit note: its own number, type CREDIT_NOTE, references the invoice; a full credit cancels an unpaid invoice; checks its PDF", async () => {
    const i = await issued({ items: [line(), line({ description: "Déjeuners", quantity: 2, unitPriceCents: 1_800 })] });
    next();
    const partial = await w.call("POST", `/billing/invoices/${i.id}/credit-note`, w.tok.finance, { reason: "Un déjeuner non servi", items: [line({ description: "Déjeuner non servi", quantity: 1, unitPriceCents: 1_800 })] });
    expect(partial.status, JSON.stringify(partial.body)).toBe(201);
    expect(partial.body.data).toMatchObject({ kind: "CREDIT_NOTE", status: "ISSUED", number: next(), totalCents: 1_800, creditedInvoiceId: i.id, creditedInvoice: { id: i.id, number: i.number }, dueAt: null });
    const over = await w.call("POST", `/billing/invoices/${i.id}/credit-note`, w.tok.finance, { reason: "trop", items: [line({ quantity: 3 })] });
    expectError(over, 422);
    expect(Object.keys(over.body.errors)).toEqual(["items"]);
    const noItems = await w.call("POST", `/billing/invoices/${i.id}/credit-note`, w.tok.finance, { reason: "le reste" });
    expect(Object.keys(noItems.body.errors)).toEqual(["items"]);
    const rest = await w.call("POST", `/billing/invoices/${i.id}/credit-note`, w.tok.finance, { reason: "Annulation de la session", items: [line(), line({ description: "Déjeuner", quantity: 1, unitPriceCents: 1_800 })] });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.data.number).toBe(next());
    const orig = await w.call("GET", `/billing/invoices/${i.id}`, w.tok.finance);
    expect(orig.body.data).toMatchObject({ status: "CANCELLED", cancelReason: `Avoir ${rest.body.data.number} : Annulation de la session` });
    expect(orig.body.data.creditNotes.map((c: { id: string }) => c.id)).toEqual([partial.body.data.id, rest.body.data.id]);
    expect((await w.call("POST", `/billing/invoices/${i.id}/credit-note`, w.tok.finance, { reason: "encore" })).body.code).toBe("INVOICE_ALREADY_CANCELLED");
    expect((await w.call("POST", `/billing/invoices/${rest.body.data.id}/credit-note`, w.tok.finance, { reason: "avoir d'avoir" })).body.code).toBe("CREDIT_NOTE_NOT_CREDITABLE");
    const pdf = await fetchBytes(w.api, "GET", `/billing/invoices/${rest.body.data.id}/pdf`, { tenant: "acme", token: w.tok.finance });
    expect(pdf.headers.get("content-disposition")).toContain(`avoir-${rest.body.data.number}.pdf`);
    const check = await assertIssuedPdf(pdf.bytes, { signed: true });
    expect(check.xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(check.xml).toContain(i.number);
  }, 120_000);

  it("a credit note on a paid invoice leaves it PAID; once fully credited, 409 INVOICE_FULLY_CREDITED", async () => {
    const i = await issued();
    next();
    await w.call("POST", `/billing/invoices/${i.id}/mark-paid`, w.tok.finance, {});
    const note = await w.call("POST", `/billing/invoices/${i.id}/credit-note`, w.tok.finance, { reason: "Remboursement" });
    expect(note.status).toBe(201);
    next();
    expect((await w.call("GET", `/billing/invoices/${i.id}`, w.tok.finance)).body.data.status).toBe("PAID");
    expect((await w.call("POST", `/billing/invoices/${i.id}/credit-note`, w.tok.finance, { reason: "encore" })).body.code).toBe("INVOICE_FULLY_CREDITED");
  });

  it("OVERDUE: an ISSUED invoice past its due date reads OVERDUE at once, the hourly job stores it, and it can still be paid", async () => {
    const i = await issued({ dueDate: "2026-12-01" });
    next();
    expect(i.status).toBe("ISSUED");
    const list = async (status: string) => (await w.call("GET", `/billing/invoices?status=${status}&perPage=100`, w.tok.finance)).body.data.map((r: { id: string }) => r.id);
    expect(await list("ISSUED")).toContain(i.id);
    await w.setNow(new Date(Date.UTC(2026, 11, 2, 10)));
    expect((await w.call("GET", `/billing/invoices/${i.id}`, w.tok.finance)).body.data.status).toBe("OVERDUE");
    expect(await list("OVERDUE")).toContain(i.id);
    expect(await list("ISSUED")).not.toContain(i.id);
    expect(await markOverdueInvoices(w.api.db, w.now())).toBeGreaterThanOrEqual(1);
    expect((await w.api.db.select({ s: invoices.status }).from(invoices).where(eq(invoices.id, i.id)))[0]!.s).toBe("OVERDUE");
    expect(await list("OVERDUE")).toContain(i.id);
    const paid = await w.call("POST", `/billing/invoices/${i.id}/mark-paid`, w.tok.finance, {});
    expect(paid.body.data.status).toBe("PAID");
  });
});

describe("send, PDF, list", () => {
  it("send: one e-mail per recipient with the PDF attached, sentAt; 422 for a bad address; 409 for a draft", async () => {
    const i = await issued({ dueDate: "2027-03-01" });
    next();
    expectError(await w.call("POST", `/billing/invoices/${i.id}/send`, w.tok.finance, { to: "pas-une-adresse" }), 422);
    const badCc = await w.call("POST", `/billing/invoices/${i.id}/send`, w.tok.finance, { to: "a@b.test", cc: ["x"] });
    expect(Object.keys(badCc.body.errors)).toEqual(["cc.0"]);
    const res = await w.call("POST", `/billing/invoices/${i.id}/send`, w.tok.finance, { to: "Compta@Durand.test", cc: ["dg@durand.test"], message: "Merci pour votre confiance." });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ sentAt: w.now().toISOString(), recipients: ["compta@durand.test", "dg@durand.test"] });
    const mails = await w.api.db.select().from(mailOutbox).where(and(eq(mailOutbox.template, "invoice-sent"), eq(mailOutbox.to, "compta@durand.test")));
    const mail = mails.at(-1)!;
    // The mail names the tenant as its branding does (display name, else its name); the legal name is on the PDF.
    expect(mail.subject).toBe(`Facture ${i.number} — Acme Formation`);
    expect(mail.text).toContain("Merci pour votre confiance.");
    // The due date written out, never as the ISO day.
    expect(mail.text).toContain(", à régler avant le lundi 1er mars 2027.");
    expect(mail.text).not.toContain("2027-03-01");
    expect(mail.text).toContain(`${(i.totalCents / 100).toFixed(2).replace(".", ",")}`);
    expect(mail.attachments![0]!.filename).toBe(`facture-${i.number}.pdf`);
    expect(Buffer.from(mail.attachments![0]!.content, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    expect((await w.call("GET", `/billing/invoices/${i.id}`, w.tok.finance)).body.data.sentAt).toBe(w.now().toISOString());
    const d = await draft();
    expect((await w.call("POST", `/billing/invoices/${d.id}/send`, w.tok.finance, { to: "a@b.test" })).body.code).toBe("INVOICE_NOT_ISSUED");
  });

  it("GET /pdf: 404 for a draft (not issued)", async () => {
    const d = await draft();
    expectError(await w.call("GET", `/billing/invoices/${d.id}/pdf`, w.tok.finance), 404);
  });

  it("list: newest first with meta, filters by status, client, kind and issue dates", async () => {
    const other = await insertClient(w.api, w.acmeId, { name: "OPCO Atlas", kind: "OPCO" });
    const a = await issued({ clientId: other.id });
    next();
    const res = await w.call("GET", `/billing/invoices?clientId=${other.id}`, w.tok.finance);
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([a.id]);
    expect(res.body.meta).toEqual({ page: 1, perPage: 20, total: 1 });
    const today = w.now().toISOString().slice(0, 10);
    const byDate = await w.call("GET", `/billing/invoices?fromDate=${today}&toDate=${today}&perPage=100`, w.tok.finance);
    expect(byDate.body.data.every((r: { issuedAt: string }) => r.issuedAt.startsWith(today))).toBe(true);
    expect(byDate.body.data.map((r: { id: string }) => r.id)).toContain(a.id);
    const notes = await w.call("GET", "/billing/invoices?kind=CREDIT_NOTE&perPage=100", w.tok.finance);
    expect(notes.body.data.length).toBeGreaterThan(0);
    expect(notes.body.data.every((r: { kind: string }) => r.kind === "CREDIT_NOTE")).toBe(true);
    const page = await w.call("GET", "/billing/invoices?perPage=2&page=2", w.tok.finance);
    expect(page.body.data).toHaveLength(2);
    const all = await w.call("GET", "/billing/invoices?perPage=100", w.tok.finance);
    const created = all.body.data.map((r: { createdAt: string }) => r.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expectError(await w.call("GET", "/billing/invoices?perPage=101", w.tok.finance), 400);
  });
});

describe("POST /billing/enrollments/{enrollmentId}/invoices (split payers)", () => {
  it("one DRAFT per share, the learner's share to their own INDIVIDUAL client; 422 / 404 otherwise", async () => {
    const { enrollmentId } = await newLearner(w, { firstName: "Inès", lastName: "Garnier" });
    const opco = await insertClient(w.api, w.acmeId, { name: "AKTO", kind: "OPCO" });
    const res = await w.call("POST", `/billing/enrollments/${enrollmentId}/invoices`, w.tok.finance, {
      shares: [
        { payer: "EMPLOYER", clientId: client.id, amountCents: 30_000 },
        { payer: "OPCO", clientId: opco.id, amountCents: 50_000 },
        { payer: "LEARNER", amountCents: 10_000 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.map((i: { payer: string; totalCents: number; status: string; enrollmentId: string }) => [i.payer, i.totalCents, i.status, i.enrollmentId])).toEqual([
      ["EMPLOYER", 30_000, "DRAFT", enrollmentId],
      ["OPCO", 50_000, "DRAFT", enrollmentId],
      ["LEARNER", 10_000, "DRAFT", enrollmentId],
    ]);
    expect(res.body.data[2].items[0].description).toMatch(/reste à charge du stagiaire/);
    expect(res.body.data[2].clientName).toBe("Inès Garnier");
    const again = await w.call("POST", `/billing/enrollments/${enrollmentId}/invoices`, w.tok.finance, { shares: [{ payer: "LEARNER", amountCents: 100 }] });
    expect(again.body.data[0].clientId).toBe(res.body.data[2].clientId); // the same INDIVIDUAL client
    const noClient = await w.call("POST", `/billing/enrollments/${enrollmentId}/invoices`, w.tok.finance, { shares: [{ payer: "OPCO", amountCents: 100 }] });
    expectError(noClient, 422);
    expect(Object.keys(noClient.body.errors)).toEqual(["shares.0.clientId"]);
    const foreign = await w.call("POST", `/billing/enrollments/${enrollmentId}/invoices`, w.tok.finance, { shares: [{ payer: "OPCO", clientId: globexClient.id, amountCents: 100 }] });
    expect(Object.keys(foreign.body.errors)).toEqual(["shares.0.clientId"]);
    const cross = await w.api.call("POST", `/billing/enrollments/${enrollmentId}/invoices`, { tenant: "globex", token: w.tok.globexAdmin, body: { shares: [{ payer: "LEARNER", amountCents: 100 }] } });
    expectError(cross, 404);
    expectError(await w.call("POST", `/billing/enrollments/${enrollmentId}/invoices`, w.tok.creator, { shares: [{ payer: "LEARNER", amountCents: 100 }] }), 403);
    const listed = await w.call("GET", `/billing/invoices?enrollmentId=${enrollmentId}`, w.tok.finance);
    expect(listed.body.meta.total).toBe(4);
  });
});

describe("the series over a year end", () => {
  it("a new year starts a new series at 000001", async () => {
    const d = await draft();
    const before = w.now();
    await w.setNow(new Date(Date.UTC(2026, 11, 31, 23, 30))); // 00:30 on 1 January 2027 in Paris
    const res = await w.call("POST", `/billing/invoices/${d.id}/issue`, w.tok.finance);
    expect(res.body.data.number).toBe("FAC-2027-000001");
    await w.setNow(new Date(before.getTime() + 86_400_000 * 200)); // keep moving forward, still 2027
    const e = await issued();
    expect(e.number).toBe("FAC-2027-000002");
  });

  it("the series has no gap and no duplicate after everything above", async () => {
    const rows = await w.api.db.select({ year: invoices.numberYear, seq: invoices.numberSeq, number: invoices.number }).from(invoices).where(eq(invoices.tenantId, w.acmeId));
    for (const year of [2026, 2027]) {
      const seqs = rows.filter((r) => r.year === year).map((r) => r.seq!).sort((x, y) => x - y);
      expect(seqs).toEqual(seqs.map((_, k) => k + 1));
    }
  });
});
