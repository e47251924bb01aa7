import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { invoiceCounters, invoices } from "../../server/db/schema";
import { EXEMPTION_CODE, EXEMPTION_REASON } from "../../server/services/billing/amounts";
import { OPERATION_CATEGORY, VAT_ON_DEBITS_MENTION } from "../../server/services/billing/facturx";
import { buildInvoiceXml } from "../../server/services/billing/facturx";
import { invoiceDocument } from "../../server/services/billing/invoice-document";
import { closeRenderPool } from "../../server/services/documents/render-pool";
import { forTenant } from "../../server/db/tenant-scope";
import { createSession, HOUR, newLearner, startWorld, type World } from "../helpers/attendance";
import { insertClient, setLegalIdentity } from "../helpers/billing";
import { fetchBytes, pdfInfo, pdfText } from "../helpers/documents";
import { assertIssuedPdf, validateFacturxXml } from "../helpers/facturx-validate";
import { expectError } from "../helpers/rest";

/**
 * VAT per line whatever the regime, and the e-invoicing reform's mentions, through the REST
 * surface: acme is VAT-exempt (art. 261-4-4° a) and invoices training (E) with room hire at 20 %
 * (S); globex is VAT-liable, opted for VAT on debits, and invoices exempt training (E, with its
 * ground) with consulting at 20 %, then a partial credit note. Every issued document's XML is
 * validated in-process (XSD, EN 16931, BR-FR: no failed assert, warnings included, as the corpus
 * test does), and its PDF text carries the exemption wording, the operation category and the
 * service period, with a French Title and XMP.
 */

let w: World;
let acmeClient: { id: string };
let acmePerson: { id: string };
let globexClient: { id: string };
/** The demo seed's invoices (seed/invoices.ts), read before this file clears the series. */
let seeded: (typeof invoices.$inferSelect)[] = [];
const YEAR = () => w.now().getUTCFullYear();
const frDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const globex = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => w.api.call(method, path, { tenant: "globex", token: w.tok.globexAdmin, body, headers });

async function issue(id: string, tenant: "acme" | "globex" = "acme") {
  const res = tenant === "acme" ? await w.call("POST", `/billing/invoices/${id}/issue`, w.tok.finance) : await globex("POST", `/billing/invoices/${id}/issue`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The issued PDF, its XML validated (XSD + EN 16931 + BR-FR, no failed assert), its text. */
async function issuedDocument(id: string, tenant: "acme" | "globex" = "acme") {
  const token = tenant === "acme" ? w.tok.finance : w.tok.globexAdmin;
  const pdf = await fetchBytes(w.api, "GET", `/billing/invoices/${id}/pdf`, { tenant, token });
  expect(pdf.status).toBe(200);
  const check = await assertIssuedPdf(pdf.bytes, { signed: true, conformanceLevel: "EN 16931" });
  const xml = check.xml!;
  const v = await validateFacturxXml(xml);
  expect(v.xsdErrors).toEqual([]);
  expect(v.xsdOk).toBe(true);
  expect(v.failedAsserts).toEqual([]);
  return { pdf: pdf.bytes, xml, text: pdfText(pdf.bytes), check };
}

beforeAll(async () => {
  w = await startWorld();
  await w.setNow(new Date(Date.UTC(2026, 10, 20, 9, 0, 0)));
  seeded = await w.api.db.select().from(invoices).where(inArray(invoices.tenantId, [w.acmeId, w.globexId]));
  for (const t of [w.acmeId, w.globexId]) {
    await w.api.db.delete(invoices).where(eq(invoices.tenantId, t));
    await w.api.db.delete(invoiceCounters).where(eq(invoiceCounters.tenantId, t));
  }
  await setLegalIdentity(w.api, w.acmeId);
  await setLegalIdentity(w.api, w.globexId, { legalName: "Globex Training SARL", siren: "542065479", siret: "54206547900014", vatNumber: "FR05542065479", vatRegime: "LIABLE", invoicePrefix: "GLX", vatOnDebits: true, nda: "11755432175", ndaRegion: "Île-de-France" });
  acmeClient = await insertClient(w.api, w.acmeId);
  acmePerson = await insertClient(w.api, w.acmeId, { kind: "INDIVIDUAL", name: "Camille Petit", siren: null, siret: null, vatNumber: null, email: "camille.petit@example.test" });
  globexClient = await insertClient(w.api, w.globexId, { name: "Globex client SA" });
}, 120_000);
afterAll(async () => {
  await closeRenderPool();
  await w.close();
});

describe("POST /billing/invoices: the VAT category of each line", () => {
  it("201 for a 20 % line on an exempt tenant (S); its 0 % line is E with the 261-4-4° a ground; resolved once and stored", async () => {
    const res = await w.call("POST", "/billing/invoices", w.tok.finance, {
      clientId: acmeClient.id,
      items: [
        { description: "Formation SST — 2 jours", quantity: 2, unitPriceCents: 45_000, vatRate: 0 },
        { description: "Location de salle", quantity: 1, unitPriceCents: 30_000, vatRate: 20 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const d = res.body.data;
    expect(d.items.map((i: Record<string, unknown>) => [i.kind, i.vatCategory, i.vatRate, i.vatExemptionReason, i.vatExemptionCode])).toEqual([
      ["TRAINING", "E", 0, EXEMPTION_REASON, EXEMPTION_CODE],
      ["OTHER", "S", 20, null, null],
    ]);
    expect(d.vatBreakdown).toEqual([
      { category: "S", vatRate: 20, baseCents: 30_000, vatCents: 6_000, exemptionReason: null, exemptionCode: null },
      { category: "E", vatRate: 0, baseCents: 90_000, vatCents: 0, exemptionReason: EXEMPTION_REASON, exemptionCode: EXEMPTION_CODE },
    ]);
    expect(d).toMatchObject({ subtotalCents: 120_000, vatCents: 6_000, totalCents: 126_000, servicePeriod: null });
    const [row] = await w.api.db.select({ items: invoices.items }).from(invoices).where(eq(invoices.id, d.id));
    expect(row!.items.map((i) => [i.kind, i.vatCategory])).toEqual([
      ["TRAINING", "E"],
      ["OTHER", "S"],
    ]);
    await w.call("DELETE", `/billing/invoices/${d.id}`, w.tok.finance);
  });

  it("422 VAT_CATEGORY_REQUIRED naming items.0.vatCategory for a liable tenant's 0 % line without a category (worded in French on request); S at 0 % and E above 0 % refused", async () => {
    const res = await globex("POST", "/billing/invoices", { clientId: globexClient.id, items: [{ description: "Formation", quantity: 1, unitPriceCents: 100_000, vatRate: 0 }] }, { "Accept-Language": "fr-FR" });
    expectError(res, 422);
    expect(res.body.code).toBe("VAT_CATEGORY_REQUIRED");
    expect(Object.keys(res.body.errors)).toEqual(["items.0.vatCategory"]);
    expect(res.body.errors["items.0.vatCategory"][0]).toMatch(/^Obligatoire pour une ligne à 0\u202f%/);
    const en = await globex("POST", "/billing/invoices", { clientId: globexClient.id, items: [{ description: "Formation", quantity: 1, unitPriceCents: 100_000, vatRate: 0 }] });
    expect(en.body.errors["items.0.vatCategory"]).toEqual(["Required for a 0 % line: E (exempt, with its ground), Z or O"]);
    const incoherent = await globex("POST", "/billing/invoices", {
      clientId: globexClient.id,
      items: [
        { description: "A", quantity: 1, unitPriceCents: 100, vatRate: 0, vatCategory: "S" },
        { description: "B", quantity: 1, unitPriceCents: 100, vatRate: 20, vatCategory: "E" },
        { description: "C", quantity: 1, unitPriceCents: 100, vatRate: 0, vatCategory: "E", kind: "OTHER" },
      ],
    });
    expectError(incoherent, 422);
    expect(incoherent.body.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(incoherent.body.errors).sort()).toEqual(["items.0.vatRate", "items.1.vatRate", "items.2.vatExemptionReason"]);
  });
});

describe("issued documents (XSD + EN 16931 + BR-FR, PDF wording)", () => {
  let mixedId = "";

  it("an exempt organisation invoicing training (E) plus room hire at 20 % (S), linked to an enrollment: the service period from its sessions", async () => {
    // Sessions are planned in the future: planned on 1 November, invoiced on the 20th.
    const invoicedAt = w.now();
    await w.setNow(new Date(Date.UTC(2026, 10, 1, 9, 0, 0)));
    const s1 = await createSession(w, { scheduledAt: new Date(Date.UTC(2026, 10, 9, 23, 30)).toISOString(), durationMinutes: 120 }, w.tok.admin);
    const s2 = await createSession(w, { scheduledAt: new Date(invoicedAt.getTime() - 5 * 24 * HOUR).toISOString(), durationMinutes: 180 }, w.tok.admin);
    const learner = await newLearner(w, { sessions: [s1, s2] });
    await w.setNow(invoicedAt);
    const res = await w.call("POST", "/billing/invoices", w.tok.finance, {
      clientId: acmeClient.id,
      enrollmentId: learner.enrollmentId,
      items: [
        { description: "Formation « Sauveteur Secouriste du Travail » — 2 jours", quantity: 2, unitPriceCents: 45_000, vatRate: 0 },
        { description: "Support de cours", quantity: 1, unitPriceCents: 2_500, vatRate: 0 },
        { description: "Location de la salle de formation", quantity: 2, unitPriceCents: 15_000, vatRate: 20, kind: "OTHER" },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 2026-11-09 23:30 UTC is 10/11 in Paris: the local date counts; the second session ends 15/11.
    expect(res.body.data.servicePeriod).toEqual({ start: "2026-11-10", end: "2026-11-15" });
    expect(res.body.data.items.map((i: { kind: string; vatCategory: string }) => [i.kind, i.vatCategory])).toEqual([
      ["TRAINING", "E"],
      ["TRAINING", "E"],
      ["OTHER", "S"],
    ]);
    const inv = await issue(res.body.data.id);
    mixedId = inv.id;
    expect(inv).toMatchObject({ subtotalCents: 122_500, vatCents: 6_000, totalCents: 128_500, servicePeriod: { start: "2026-11-10", end: "2026-11-15" } });
    const { xml, text, pdf, check } = await issuedDocument(inv.id);
    expect(xml).toContain("<ram:CategoryCode>E</ram:CategoryCode>");
    expect(xml).toContain("<ram:CategoryCode>S</ram:CategoryCode>");
    expect(xml).toContain(`<ram:ExemptionReason>${EXEMPTION_REASON}</ram:ExemptionReason>`);
    expect(xml).toContain(`<ram:ExemptionReasonCode>${EXEMPTION_CODE}</ram:ExemptionReasonCode>`);
    expect(xml).toMatch(/<ram:BillingSpecifiedPeriod>\s*<ram:StartDateTime>\s*<udt:DateTimeString format="102">20261110<\/udt:DateTimeString>/);
    expect(xml).toMatch(/<ram:ActualDeliverySupplyChainEvent>\s*<ram:OccurrenceDateTime>\s*<udt:DateTimeString format="102">20261115</);
    expect(xml).toContain("<ram:ID>S1</ram:ID>");
    expect(xml).not.toContain("DueDateTypeCode"); // acme did not opt for VAT on debits
    for (const s of [EXEMPTION_REASON, OPERATION_CATEGORY, "Période de la prestation : du 10/11/2026 au 15/11/2026", "E – Exonéré", "S – 20", "SIREN 552100554", "préfet de la région d'Auvergne-Rhône-Alpes"]) expect(text).toContain(s);
    expect(text).not.toContain(VAT_ON_DEBITS_MENTION);
    const title = `Facture ${inv.number} du ${frDate("2026-11-20")} émise par Acme Formation SAS`;
    expect(pdfInfo(pdf).info.Title).toBe(title);
    expect(check.xmp).toContain(title);
    expect(check.xmp).toContain(`${title} pour Boulangerie Durand SARL`);
  }, 900_000);

  it("a liable organisation invoicing exempt training (E, its ground) plus consulting at 20 %, VAT on debits; then its partial credit note", async () => {
    const res = await globex("POST", "/billing/invoices", {
      clientId: globexClient.id,
      servicePeriod: { start: "2026-11-02", end: "2026-11-06" },
      items: [
        { description: "Formation « Management d'équipe » — 3 jours", quantity: 3, unitPriceCents: 70_000, vatRate: 0, vatCategory: "E", vatExemptionReason: EXEMPTION_REASON },
        { description: "Conseil : diagnostic organisationnel", quantity: 1, unitPriceCents: 80_000, vatRate: 20 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.items.map((i: Record<string, unknown>) => [i.kind, i.vatCategory, i.vatExemptionCode])).toEqual([
      ["TRAINING", "E", EXEMPTION_CODE],
      ["OTHER", "S", null],
    ]);
    const inv = await issue(res.body.data.id, "globex");
    expect(inv).toMatchObject({ number: `GLX-${YEAR()}-000001`, subtotalCents: 290_000, vatCents: 16_000, totalCents: 306_000 });
    const doc = await issuedDocument(inv.id, "globex");
    expect(doc.xml).toContain("<ram:DueDateTypeCode>5</ram:DueDateTypeCode>");
    expect(doc.xml).toContain(`<ram:ExemptionReason>${EXEMPTION_REASON}</ram:ExemptionReason>`);
    for (const s of [VAT_ON_DEBITS_MENTION, EXEMPTION_REASON, OPERATION_CATEGORY, "Période de la prestation : du 02/11/2026 au 06/11/2026", "préfet de la région d'Île-de-France"]) expect(doc.text).toContain(s);

    const note = await globex("POST", `/billing/invoices/${inv.id}/credit-note`, {
      reason: "Une journée de formation non réalisée",
      items: [{ description: "Formation « Management d'équipe » — 1 jour non réalisé", quantity: 1, unitPriceCents: 70_000, vatRate: 0, vatCategory: "E", vatExemptionReason: EXEMPTION_REASON }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.data).toMatchObject({ kind: "CREDIT_NOTE", number: `GLX-${YEAR()}-000002`, totalCents: 70_000, servicePeriod: { start: "2026-11-02", end: "2026-11-06" } });
    const credit = await issuedDocument(note.body.data.id, "globex");
    expect(credit.xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(credit.xml).toContain("<ram:CategoryCode>E</ram:CategoryCode>");
    for (const s of ["AVOIR", EXEMPTION_REASON, "Période de la prestation : du 02/11/2026 au 06/11/2026"]) expect(credit.text).toContain(s);
    expect(pdfInfo(credit.pdf).info.Title).toBe(`Avoir GLX-${YEAR()}-000002 du 20/11/2026 émis par Globex Training SARL`);
  }, 900_000);

  it("a B2C invoice (a person pays for their training) and a credit note of the whole mixed invoice", async () => {
    const res = await w.call("POST", "/billing/invoices", w.tok.finance, {
      clientId: acmePerson.id,
      servicePeriod: { start: "2026-11-16", end: "2026-11-16" },
      items: [{ description: "Formation « Excel perfectionnement » — reste à charge", quantity: 1, unitPriceCents: 45_000, vatRate: 0 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const inv = await issue(res.body.data.id);
    const b2c = await issuedDocument(inv.id);
    expect(b2c.xml).toContain("<ram:Content>B2C</ram:Content>");
    for (const s of [EXEMPTION_REASON, OPERATION_CATEGORY, "Période de la prestation : du 16/11/2026 au 16/11/2026", "non applicable (client particulier)"]) expect(b2c.text).toContain(s);

    const note = await w.call("POST", `/billing/invoices/${mixedId}/credit-note`, w.tok.finance, { reason: "Session annulée par le client" });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.data).toMatchObject({ kind: "CREDIT_NOTE", totalCents: 128_500, vatCents: 6_000, servicePeriod: { start: "2026-11-10", end: "2026-11-15" } });
    const credit = await issuedDocument(note.body.data.id);
    expect(credit.xml).toContain("<ram:CategoryCode>S</ram:CategoryCode>");
    expect(credit.xml).toContain("<ram:CategoryCode>E</ram:CategoryCode>");
    for (const s of ["AVOIR", EXEMPTION_REASON, "Période de la prestation : du 10/11/2026 au 15/11/2026"]) expect(credit.text).toContain(s);
  }, 900_000);

  it("PATCH sets the service period and re-resolves the lines of the draft; 400 when the end precedes the start (the contract's rule: 422 only on POST, the spec's status there)", async () => {
    const d = await w.call("POST", "/billing/invoices", w.tok.finance, { clientId: acmeClient.id, items: [{ description: "Formation", quantity: 1, unitPriceCents: 1_000, vatRate: 0 }] });
    const patched = await w.call("PATCH", `/billing/invoices/${d.body.data.id}`, w.tok.finance, {
      servicePeriod: { start: "2026-12-01", end: "2026-12-03" },
      items: [{ description: "Matériel revendu", quantity: 1, unitPriceCents: 1_000, vatRate: 5.5 }],
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data.servicePeriod).toEqual({ start: "2026-12-01", end: "2026-12-03" });
    expect(patched.body.data.items[0]).toMatchObject({ kind: "OTHER", vatCategory: "S", vatRate: 5.5 });
    const bad = await w.call("PATCH", `/billing/invoices/${d.body.data.id}`, w.tok.finance, { servicePeriod: { start: "2026-12-03", end: "2026-12-01" } });
    expectError(bad, 400);
    expect(Object.keys(bad.body.errors)).toEqual(["servicePeriod.end"]);
    const cleared = await w.call("PATCH", `/billing/invoices/${d.body.data.id}`, w.tok.finance, { servicePeriod: null });
    expect(cleared.body.data.servicePeriod).toBeNull();
  });
});

describe("demo seed", () => {
  it("the exempt tenant has a mixed invoice (training E + room hire S 20 %), the liable one training E with its ground + consulting S 20 %; both XML valid", async () => {
    const cats = (r: (typeof seeded)[number]) => r.items.map((i) => `${i.kind}:${i.vatCategory}:${i.vatRate}`);
    const acme = seeded.find((r) => r.tenantId === w.acmeId && r.status !== "DRAFT" && cats(r).includes("TRAINING:E:0") && cats(r).includes("OTHER:S:20"));
    const globexMixed = seeded.find((r) => r.tenantId === w.globexId && r.status !== "DRAFT" && cats(r).includes("TRAINING:E:0") && cats(r).includes("OTHER:S:20"));
    expect(acme, JSON.stringify(seeded.filter((r) => r.tenantId === w.acmeId).map(cats))).toBeDefined();
    expect(globexMixed, JSON.stringify(seeded.filter((r) => r.tenantId === w.globexId).map(cats))).toBeDefined();
    expect(globexMixed!.items.find((i) => i.vatCategory === "E")!.vatExemptionReason).toBe(EXEMPTION_REASON);
    // Every seeded line is stored resolved (kind and category), never S at 0 %.
    for (const r of seeded) for (const i of r.items) {
      expect(i.kind).toBeDefined();
      expect(i.vatCategory === "S").toBe(i.vatRate > 0);
    }
    for (const row of [acme!, globexMixed!]) {
      const xml = buildInvoiceXml(await invoiceDocument(w.api.db, forTenant(row.tenantId), row, "Europe/Paris"));
      const v = await validateFacturxXml(xml);
      expect(v.xsdErrors).toEqual([]);
      expect(v.failedAsserts).toEqual([]);
    }
  }, 300_000);
});

describe("categories O and Z in the XML", () => {
  const doc = (n: number, items: Parameters<typeof buildInvoiceXml>[0]["items"]): Parameters<typeof buildInvoiceXml>[0] => ({
    kind: "INVOICE",
    number: `GLX-2026-90000${n}`,
    issueDate: "2026-11-28",
    currency: "EUR",
    profile: "EN16931",
    seller: { name: "Globex Training SARL", legalForm: "SARL", siren: "542065479", siret: "54206547900014", vatNumber: "FR05542065479", addressLine1: "48 boulevard Voltaire", postalCode: "75011", city: "Paris", country: "FR", email: "compta@globex.test", kind: "COMPANY" },
    buyer: { name: "Initech SAS", siren: "552100554", vatNumber: "FR03552100554", addressLine1: "1 avenue", postalCode: "75008", city: "Paris", country: "FR", email: "ap@initech.test", kind: "COMPANY" },
    vatRegime: "LIABLE",
    items,
  });

  it("outside the scope of VAT only: no rate, no VAT numbers (BR-O-02, BR-O-05), its reason; zero-rated with S: no reason (BR-Z-10); both valid", async () => {
    const o = buildInvoiceXml(doc(1, [{ description: "Cotisation annuelle", quantity: 1, unitPriceCents: 5_000, vatRate: 0, vatCategory: "O" }]));
    expect(o).toContain("<ram:CategoryCode>O</ram:CategoryCode>");
    expect(o).toContain("<ram:ExemptionReasonCode>VATEX-EU-O</ram:ExemptionReasonCode>");
    expect(o).not.toContain("RateApplicablePercent");
    expect(o).not.toContain('schemeID="VA"');
    const z = buildInvoiceXml(doc(2, [{ description: "Prestation à taux zéro", quantity: 1, unitPriceCents: 5_000, vatRate: 0, vatCategory: "Z" }, { description: "Conseil", quantity: 1, unitPriceCents: 5_000, vatRate: 20 }]));
    expect(z).toContain("<ram:CategoryCode>Z</ram:CategoryCode>");
    expect(z).not.toContain("ExemptionReason");
    for (const xml of [o, z]) {
      const v = await validateFacturxXml(xml);
      expect(v.xsdErrors).toEqual([]);
      expect(v.failedAsserts).toEqual([]);
    }
  }, 300_000);
});
