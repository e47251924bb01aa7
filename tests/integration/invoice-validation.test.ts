import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, ne } from "drizzle-orm";
import { invoiceCounters, invoices, tenants } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { checkInvoiceDocument, type InvoiceDocument } from "../../server/services/billing/facturx";
import { validateInvoiceDocument, warmFacturxValidator } from "../../server/services/billing/facturx/validation";
import { invoiceDocument } from "../../server/services/billing/invoice-document";
import { startWorld, type World } from "../helpers/attendance";
import { insertClient, setLegalIdentity } from "../helpers/billing";
import { auditRows, expectError } from "../helpers/rest";

/**
 * The official Factur-X validation in the product (services/billing/facturx/validation): at issue,
 * before the commit, the CII XML goes through the profile XSD and the Factur-X, CEN EN 16931 and
 * BR-FR Schematrons; a failed rule refuses the issue with 422 INVOICE_NOT_ISSUABLE naming the rule
 * with a French explanation, and the number taken is given back (gapless series). POST
 * /billing/invoices/{id}/validate runs the same check on a draft.
 *
 * The failing case is a genuine one, through the public API: a client whose VAT number has no
 * country prefix (the client contract accepts "XX" + digits for a foreign number; only the French
 * ones are checked further), which EN 16931 BR-CO-09 refuses (prefix = ISO 3166-1 country code).
 */

let w: World;
let good: { id: string };
let badVat: { id: string };
/** The demo seed's issued invoices and credit notes (both tenants), as their documents. */
const seeded: { number: string; doc: InvoiceDocument }[] = [];
const YEAR = 2026;
const num = (n: number) => `FAC-${YEAR}-${String(n).padStart(6, "0")}`;
const line = { description: "Formation SST — 2 jours", quantity: 2, unitPriceCents: 45_000, vatRate: 0 };

const draft = async (clientId: string) => {
  const res = await w.call("POST", "/billing/invoices", w.tok.finance, { clientId, items: [line] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
};
const issue = (id: string, headers?: Record<string, string>) => w.call("POST", `/billing/invoices/${id}/issue`, w.tok.finance, undefined, headers);
const validate = (id: string, token = w.tok.finance) => w.call("POST", `/billing/invoices/${id}/validate`, token);

beforeAll(async () => {
  w = await startWorld();
  await w.setNow(new Date(Date.UTC(YEAR, 5, 10, 9, 0, 0)));
  for (const t of [w.acmeId, w.globexId]) {
    const [tenant] = await w.api.db.select().from(tenants).where(eq(tenants.id, t));
    for (const row of await w.api.db.select().from(invoices).where(forTenant(t).where(invoices, ne(invoices.status, "DRAFT")))) {
      seeded.push({ number: row.number!, doc: await invoiceDocument(w.api.db, forTenant(t), row, tenant!.timeZone) });
    }
  }
  for (const t of [w.acmeId, w.globexId]) {
    await w.api.db.delete(invoices).where(eq(invoices.tenantId, t));
    await w.api.db.delete(invoiceCounters).where(eq(invoiceCounters.tenantId, t));
  }
  await setLegalIdentity(w.api, w.acmeId);
  good = await insertClient(w.api, w.acmeId);
  const res = await w.call("POST", "/billing/clients", w.tok.finance, {
    kind: "COMPANY",
    name: "Import Export Sans Pays SARL",
    siren: "552100554",
    vatNumber: "XX123456789",
    address: { line1: "3 place du Marché", postalCode: "75011", city: "Paris", country: "FR" },
    email: "compta@sans-pays.test",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  badVat = res.body.data;
  await warmFacturxValidator();
}, 300_000);
afterAll(() => w.close());

describe("the demo seed's invoices", () => {
  it("every issued invoice and credit note of the demo seed passes the validator (warnings listed, none blocking)", async () => {
    expect(seeded.length).toBeGreaterThan(10);
    const warnings = new Set<string>();
    for (let k = 0; k < seeded.length; k += 4) {
      const chunk = seeded.slice(k, k + 4);
      const verdicts = await Promise.all(chunk.map(({ doc }) => validateInvoiceDocument(doc, checkInvoiceDocument(doc))));
      verdicts.forEach((v, i) => {
        expect(v.failures.filter((f) => f.flag !== "warning"), `${chunk[i]!.number} (${chunk[i]!.doc.kind})`).toEqual([]);
        expect(v.conformant).toBe(true);
        for (const f of v.failures) warnings.add(`${f.source} ${f.rule}`);
      });
    }
    console.info(`demo seed: ${seeded.length} documents conformant; warnings: ${[...warnings].join(", ") || "none"}`);
  }, 600_000);
});

describe("POST /billing/invoices/{id}/validate", () => {
  it("a conformant draft: 200 conformant, EN16931 profile, no blocking failure; nothing written, no number taken", async () => {
    const d = await draft(good.id);
    const res = await validate(d.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ conformant: true, profile: "EN16931" });
    expect(res.body.data.failures.filter((f: { flag: string }) => f.flag !== "warning")).toEqual([]);
    const [row] = await w.api.db.select().from(invoices).where(eq(invoices.id, d.id));
    expect(row).toMatchObject({ status: "DRAFT", number: null });
    expect(await w.api.db.select().from(invoiceCounters).where(eq(invoiceCounters.tenantId, w.acmeId))).toEqual([]);
  }, 300_000);

  it("a draft failing a rule: conformant false, the rule with its source, flag, official text and French explanation", async () => {
    const d = await draft(badVat.id);
    const res = await validate(d.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.conformant).toBe(false);
    const br = res.body.data.failures.filter((f: { rule: string }) => f.rule === "BR-CO-09");
    expect(br.length, JSON.stringify(res.body.data.failures)).toBeGreaterThan(0);
    expect(br[0]).toMatchObject({ source: expect.stringMatching(/^(EN16931|FACTUR-X)$/), flag: expect.stringMatching(/^(fatal|error)$/) });
    expect(br[0].message).toContain("BR-CO-09");
    expect(br[0].explanation).toMatch(/numéro de TVA intracommunautaire.*code d'un pays/);
  });

  it("409 INVOICE_ALREADY_ISSUED on an issued invoice; 403 for a LEARNER (and the other non-billing roles); 404 for another tenant's id", async () => {
    const d = await draft(good.id);
    const issued = await issue(d.id);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const again = await validate(d.id);
    expectError(again, 409);
    expect(again.body.code).toBe("INVOICE_ALREADY_ISSUED");

    const other = await draft(good.id);
    for (const who of ["learner", "trainer", "creator", "funder"] as const) expectError(await validate(other.id, w.tok[who]), 403);
    expectError(await w.call("POST", `/billing/invoices/${other.id}/validate`), 401);
    const foreign = await w.api.call("POST", `/billing/invoices/${other.id}/validate`, { tenant: "globex", token: w.tok.globexAdmin });
    expectError(foreign, 404);
    expect(foreign.body.code).toBe("INVOICE_NOT_FOUND");
    expect((await validate(other.id, w.tok.admin)).status).toBe(200);
  });
});

describe("POST /billing/invoices/{id}/issue with the validation", () => {
  it("422 INVOICE_NOT_ISSUABLE naming the failed rule with a French explanation; the number is given back, the next invoice takes it", async () => {
    const before = await w.api.db.select().from(invoices).where(eq(invoices.tenantId, w.acmeId));
    const lastSeq = Math.max(0, ...before.map((r) => r.numberSeq ?? 0));
    const bad = await draft(badVat.id);
    const res = await issue(bad.id, { "Accept-Language": "fr-FR" });
    expectError(res, 422);
    expect(res.body.code).toBe("INVOICE_NOT_ISSUABLE");
    expect(res.body.message).toMatch(/n'est pas conforme Factur-X/);
    expect(Object.keys(res.body.errors)).toContain("BR-CO-09");
    expect(res.body.errors["BR-CO-09"]).toEqual([expect.stringMatching(/numéro de TVA intracommunautaire.*corrigez/)]);
    // English request: the same rule ids (clients branch on code and keys); the explanations are French.
    const en = await issue(bad.id);
    expect(en.body.code).toBe("INVOICE_NOT_ISSUABLE");
    expect(Object.keys(en.body.errors)).toContain("BR-CO-09");
    const [row] = await w.api.db.select().from(invoices).where(eq(invoices.id, bad.id));
    expect(row).toMatchObject({ status: "DRAFT", number: null, issuedAt: null });
    expect(await auditRows(w.api, "invoice.issued", { targetId: bad.id })).toHaveLength(0);

    const next = await draft(good.id);
    const ok = await issue(next.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.number).toBe(num(lastSeq + 1));
  });

  it("a credit note is validated the same way: refused (422, rule named) when the client's VAT number became invalid, its number given back", async () => {
    // A client of its own, valid when the invoice is issued.
    const client = await insertClient(w.api, w.acmeId, { name: "Client du crédit SARL" });
    const inv = await draft(client.id);
    const issued = await issue(inv.id);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const seq = Number(issued.body.data.number.slice(-6));
    const patch = await w.call("PATCH", `/billing/clients/${client.id}`, w.tok.finance, { vatNumber: "XX987654321" });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    const credit = await w.call("POST", `/billing/invoices/${inv.id}/credit-note`, w.tok.finance, { reason: "Annulation de la session" });
    expectError(credit, 422);
    expect(credit.body.code).toBe("INVOICE_NOT_ISSUABLE");
    expect(Object.keys(credit.body.errors)).toContain("BR-CO-09");
    // Nothing was written: no credit note, the invoice still ISSUED; fixing the client lets the credit note take the next number.
    const notes = await w.api.db.select().from(invoices).where(eq(invoices.creditedInvoiceId, inv.id));
    expect(notes).toEqual([]);
    await w.call("PATCH", `/billing/clients/${client.id}`, w.tok.finance, { vatNumber: null });
    const fixed = await w.call("POST", `/billing/invoices/${inv.id}/credit-note`, w.tok.finance, { reason: "Annulation de la session" });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201);
    expect(fixed.body.data).toMatchObject({ kind: "CREDIT_NOTE", number: num(seq + 1) });
  });

  it("the series has no gap after the refusals", async () => {
    const rows = await w.api.db.select({ seq: invoices.numberSeq }).from(invoices).where(eq(invoices.tenantId, w.acmeId));
    const seqs = rows.map((r) => r.seq).filter((s): s is number => s !== null).sort((a, b) => a - b);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });
});
