import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, ne } from "drizzle-orm";
import { invoices } from "../../server/db/schema";
import { startWorld, type World } from "../helpers/attendance";
import { startCscFake, type CscFake } from "../helpers/csc-fake";
import { fetchBytes } from "../helpers/documents";
import { envPatch } from "../helpers/env-patch";
import { assertIssuedPdf } from "../helpers/facturx-validate";
import { drainJobs, queuedJobs } from "../helpers/jobs";
import { expectError } from "../helpers/rest";

/**
 * No issued invoice is ever left without its PDF (the `invoice.render` job enqueued in the issuing
 * transaction), the render state on the invoice (pdf {status, lastError, attempts}, the retry
 * route), and the remote qualified signer (CSC API v2) against a local fake of that API.
 */

let w: World;
let csc: CscFake;
const env = envPatch();

beforeAll(async () => {
  w = await startWorld();
  csc = await startCscFake();
}, 300_000);
afterAll(async () => {
  env.restore();
  await csc?.close();
  await w?.close();
});

const cscEnv = (over: Record<string, string | undefined> = {}) => ({
  INVOICE_SIGNER: "csc",
  CSC_BASE_URL: csc.url,
  CSC_CLIENT_ID: csc.clientId,
  CSC_CLIENT_SECRET: csc.clientSecret,
  CSC_CREDENTIAL_ID: csc.credentialId,
  CSC_PIN: csc.pin,
  CSC_SIGNATURE_LEVEL: "QES",
  ...over,
});

const issueOne = async (description: string) => {
  const clientId = (await w.api.db.select({ id: invoices.clientId }).from(invoices).where(eq(invoices.tenantId, w.acmeId)).limit(1))[0]!.id;
  const d = await w.call("POST", "/billing/invoices", w.tok.finance, { clientId, items: [{ description, quantity: 1, unitPriceCents: 50_000, vatRate: 0 }] });
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  const res = await w.call("POST", `/billing/invoices/${d.body.data.id}/issue`, w.tok.finance);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe("the demo seed: every issued invoice gets its PDF through the render job", () => {
  it("the seed leaves the last year's invoices PENDING with their jobs; drainJobs renders and signs every issued invoice and credit note of every tenant", async () => {
    const issued = () => w.api.db.select().from(invoices).where(ne(invoices.status, "DRAFT"));
    const before = await issued();
    expect(before.length).toBeGreaterThan(10);
    const missing = before.filter((r) => !r.pdfPath);
    // The BPF seed's invoices (last year) are issued through issueInTransaction and never rendered by the seed itself.
    expect(missing.some((r) => r.issuedAt!.getUTCFullYear() < w.now().getUTCFullYear())).toBe(true);
    expect(missing.every((r) => r.pdfStatus === "PENDING")).toBe(true);
    expect(await queuedJobs(w.api.db, "invoice.render")).toBeGreaterThanOrEqual(missing.length);
    const ran = await drainJobs(w.api.db, { only: ["invoice.render"], runDelayed: true });
    expect(ran).toBeGreaterThanOrEqual(missing.length);
    const after = await issued();
    const tenants = new Set(after.map((r) => r.tenantId));
    expect(tenants.size).toBe(2);
    for (const r of after) {
      expect({ number: r.number, pdf: !!r.pdfPath, xml: r.xmlAttached, signed: r.signed, status: r.pdfStatus, provider: r.signatureProvider }).toEqual({ number: r.number, pdf: true, xml: true, signed: true, status: "READY", provider: "local" });
    }
    expect(after.some((r) => r.kind === "CREDIT_NOTE")).toBe(true);
    // The seed's CANCELLED invoices are cancelled through the service: each has its covering credit note.
    const cancelled = after.filter((r) => r.status === "CANCELLED");
    expect(cancelled.length).toBeGreaterThanOrEqual(3);
    for (const c of cancelled) {
      const notes = after.filter((n) => n.creditedInvoiceId === c.id);
      expect(notes.reduce((s, n) => s + n.totalCents, 0)).toBe(c.totalCents);
      expect(notes.map((n) => n.id)).toContain(c.cancellationCreditNoteId);
    }
  }, 600_000);
});

describe("render failures are visible and retried", () => {
  it("a refused signature (wrong CSC secret) reads FAILED with its error, the job retries and records each attempt, a retry after the fix reads READY", async () => {
    env.set(cscEnv({ CSC_CLIENT_SECRET: "wrong-secret" }));
    const inv = await issueOne("Formation « Prévention incendie » — signature refusée");
    expect(inv).toMatchObject({ status: "ISSUED", pdfAvailable: false, eidas: { signed: false }, pdf: { status: "FAILED", attempts: 1 } });
    expect(inv.pdf.lastError).toMatch(/oauth2\/token: HTTP 401 invalid_client/);
    // No silent weaker signature, and no PDF to download or send.
    expect((await w.call("GET", `/billing/invoices/${inv.id}/pdf`, w.tok.finance)).body.code).toBe("INVOICE_PDF_NOT_AVAILABLE");
    const [row] = await w.api.db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect(row).toMatchObject({ pdfPath: null, signed: false, pdfStatus: "FAILED" });
    // The job (enqueued with the issue) fails too, with pg-boss's retries: each attempt is recorded.
    await drainJobs(w.api.db, { only: ["invoice.render"], runDelayed: true });
    const failed = (await w.call("GET", `/billing/invoices/${inv.id}`, w.tok.finance)).body.data;
    expect(failed.pdf.status).toBe("FAILED");
    expect(failed.pdf.attempts).toBeGreaterThan(2);
    // Fixed: the retry renders it at once.
    env.set(cscEnv());
    expectError(await w.call("POST", `/billing/invoices/${inv.id}/render`, w.tok.creator), 403);
    const retried = await w.call("POST", `/billing/invoices/${inv.id}/render`, w.tok.finance);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data).toMatchObject({ pdfAvailable: true, pdf: { status: "READY", lastError: null }, eidas: { signed: true, provider: "csc", signatureLevel: "QES" } });
    const again = await w.call("POST", `/billing/invoices/${inv.id}/render`, w.tok.finance);
    expectError(again, 409);
    expect(again.body.code).toBe("INVOICE_PDF_READY");
    // The job left over finds it READY and does nothing.
    await drainJobs(w.api.db, { only: ["invoice.render"], runDelayed: true });
    expect((await w.call("GET", `/billing/invoices/${inv.id}`, w.tok.finance)).body.data.pdf.status).toBe("READY");
  }, 300_000);

  it("a wrong PIN is refused by the provider's authorize: FAILED, never a weaker signature", async () => {
    env.set(cscEnv({ CSC_PIN: "000000" }));
    const inv = await issueOne("Formation « Gestes et postures » — PIN refusé");
    expect(inv).toMatchObject({ pdfAvailable: false, pdf: { status: "FAILED" }, eidas: { signed: false, provider: null } });
    expect(inv.pdf.lastError).toMatch(/credentials\/authorize: HTTP 400 invalid_pin/);
    env.set(cscEnv());
  }, 120_000);
});

describe("the CSC v2 remote signer", () => {
  it("an invoice issued with INVOICE_SIGNER=csc carries a valid PAdES signature by the provider's certificate; eidas reports csc and the configured level", async () => {
    env.set(cscEnv());
    const from = csc.calls.length;
    const inv = await issueOne("Formation « Habilitation électrique » — signature qualifiée");
    expect(inv).toMatchObject({ pdfAvailable: true, pdf: { status: "READY", lastError: null }, eidas: { signed: true, provider: "csc", signatureLevel: "QES" } });
    expect(inv.eidas.signatureId).toMatch(/^csc-/);
    const pdf = await fetchBytes(w.api, "GET", `/billing/invoices/${inv.id}/pdf`, { tenant: "acme", token: w.tok.finance });
    const check = await assertIssuedPdf(pdf.bytes, { signed: true });
    expect(check.signatures[0]).toMatchObject({ cmsValid: true, coversWholeFile: true, signerCommonName: csc.commonName, selfSigned: false, subFilter: "ETSI.CAdES.detached" });
    expect(check.xml).toContain(inv.number);
    // The provider was asked through the documented sequence, the hash authorized then signed.
    const paths = csc.calls.slice(from).map((c) => c.path);
    expect(paths).toEqual(expect.arrayContaining(["/csc/v2/credentials/info", "/csc/v2/credentials/authorize", "/csc/v2/signatures/signHash"]));
    expect(paths.indexOf("/csc/v2/credentials/authorize")).toBeLessThan(paths.indexOf("/csc/v2/signatures/signHash"));
    const signHash = csc.calls.slice(from).find((c) => c.path === "/csc/v2/signatures/signHash")!;
    expect(signHash.body).toMatchObject({ credentialID: csc.credentialId, hashAlgorithmOID: "2.16.840.1.101.3.4.2.1", signAlgo: "1.2.840.113549.1.1.11" });
    expect(Buffer.from((signHash.body.hashes as string[])[0]!, "base64")).toHaveLength(32);
  }, 120_000);

  it("CSC_SIGNATURE_LEVEL=ADES reports ADES (the level is what the operator configured, never more)", async () => {
    env.set(cscEnv({ CSC_SIGNATURE_LEVEL: "ADES" }));
    const inv = await issueOne("Formation « Excel » — signature avancée");
    expect(inv.eidas).toMatchObject({ signed: true, provider: "csc", signatureLevel: "ADES" });
    env.set({ INVOICE_SIGNER: undefined });
    const local = await issueOne("Formation « Word » — signataire local");
    expect(local.eidas).toMatchObject({ signed: true, provider: "local", signatureLevel: "ADES" });
    const rows = await w.api.db.select({ id: invoices.id, provider: invoices.signatureProvider }).from(invoices).where(and(eq(invoices.tenantId, w.acmeId), inArray(invoices.id, [inv.id, local.id])));
    expect(rows.map((r) => r.provider).sort()).toEqual(["csc", "local"]);
  }, 120_000);
});
