import { createHash } from "node:crypto";
import { inflateRawSync } from "node:zlib";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_REPORT_NAME } from "../../server/contracts/qualiopi";
import { documents, documentVerifications, enrollments, invoices } from "../../server/db/schema";
import { runCertificateJob } from "../../server/services/documents/certificate-job";
import { isIssuedFile, sha256Hex } from "../../lib/verify-file";
import { createSession, download, newLearner, startWorld, type World } from "../helpers/attendance";
import { insertClient, setLegalIdentity } from "../helpers/billing";
import { fetchBytes, pdfText } from "../helpers/documents";
import { expectError } from "../helpers/rest";

/**
 * Issue #20 item 4: documents anyone can verify. Every issued PDF prints a code; GET
 * /api/v1/verify/{code} answers without any identity, within the host's tenant only, with the
 * SHA-256 of the exact bytes issued. Each document type is downloaded as its reader gets it, its
 * code read from the PDF's text, and the answer compared with the downloaded bytes.
 */

const mediaDir = mkdtempSync(path.join(os.tmpdir(), "verify-test-"));
process.env.MEDIA_DIR = mediaDir;

let w: World;
const CODE = /Code de vérification : ([2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4})/;
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/** The verification code printed in the PDF. */
async function codeIn(pdf: Buffer): Promise<string> {
  const text = await pdfText(pdf);
  const m = CODE.exec(text);
  expect(m, `no verification code in: ${text.slice(-600)}`).not.toBeNull();
  return m![1]!;
}

/** GET /verify/{code} with no Authorization header, on a tenant's host (X-Tenant-ID). */
const verify = (code: string, tenant = "acme") => w.api.call("GET", `/verify/${encodeURIComponent(code)}`, { tenant });

/** 404 with the spec's error body and the code VERIFICATION_NOT_FOUND. */
function expectUnknown(res: Awaited<ReturnType<typeof verify>>) {
  expectError(res, 404);
  expect(res.body.code).toBe("VERIFICATION_NOT_FOUND");
}

/** The printed code resolves publicly to these exact bytes, not on another tenant's host, and a changed byte does not match. */
async function expectVerifiable(pdf: Buffer, type: string) {
  const code = await codeIn(pdf);
  const res = await verify(code);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const v = res.body.data;
  expect(v.code).toBe(code);
  expect(v.document.type).toBe(type);
  expect(v.sha256).toBe(sha(pdf));
  expect(v.sizeBytes).toBe(pdf.length);
  expect(v.issuer).toMatchObject({ name: expect.any(String), activityNumber: "84 69 12345 69" });
  // The same code in lower case and without dashes (typed from paper).
  expect((await verify(code.replace(/-/g, "").toLowerCase())).body.data.sha256).toBe(v.sha256);
  // Another tenant's host: 404.
  expectUnknown(await verify(code, "globex"));
  // The file itself: the issued bytes match, a copy with one byte changed does not.
  expect((await isIssuedFile(pdf, v.sha256)).matches).toBe(true);
  const changed = Buffer.from(pdf);
  const at = Math.floor(changed.length / 2);
  changed[at] = changed[at]! ^ 0x01;
  expect((await isIssuedFile(changed, v.sha256)).matches).toBe(false);
  return v;
}

/** One stored entry of a ZIP, read through its central directory (stored or deflated). */
function zipEntry(zip: Buffer, name: string): Buffer {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let p = zip.readUInt32LE(eocd + 16);
  const count = zip.readUInt16LE(eocd + 10);
  for (let i = 0; i < count; i += 1) {
    const method = zip.readUInt16LE(p + 10);
    const size = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const extra = zip.readUInt16LE(p + 30);
    const comment = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    if (zip.toString("utf8", p + 46, p + 46 + nameLen) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      return method === 0 ? Buffer.from(data) : inflateRawSync(data);
    }
    p += 46 + nameLen + extra + comment;
  }
  throw new Error(`${name} not in the archive`);
}

beforeAll(async () => {
  w = await startWorld();
  await setLegalIdentity(w.api, w.acmeId);
}, 120_000);
afterAll(async () => {
  await w.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe("GET /verify/{code}", () => {
  it("the code alphabet and the comparison in the browser: sha256Hex is the SHA-256 of the bytes", async () => {
    const bytes = new TextEncoder().encode("feuille");
    expect(await sha256Hex(bytes)).toBe(sha(Buffer.from("feuille")));
    expect((await isIssuedFile(bytes, sha(Buffer.from("feuille")).toUpperCase())).matches).toBe(true);
    expect((await isIssuedFile(new TextEncoder().encode("feuillf"), sha(Buffer.from("feuille")))).matches).toBe(false);
  });

  it("unknown or malformed code: 404 VERIFICATION_NOT_FOUND, no identity needed", async () => {
    expectUnknown(await verify("2345-6789-ABCD"));
    expectUnknown(await verify("not-a-code"));
    expectUnknown(await verify("IIII-OOOO-0000"));
  });

  it("attendance sheet: each rendering has its code; the chain verification is shown; an older rendering says a newer one exists", async () => {
    const s = await createSession(w);
    const first = await download(w, `/emargement/${s.id}/pdf`, w.tok.trainer);
    expect(first.status).toBe(200);
    const v = await expectVerifiable(first.bytes, "ATTENDANCE_SHEET");
    expect(v.document.title).toContain(s.title);
    expect(v.document.names).toEqual([]);
    expect(v.attendance).toEqual({ chainHashAtIssue: null, recordsAtIssue: 0, chain: { valid: true, checked: 0, brokenAt: null } });
    expect(v.newerIssuedAt).toBeNull();
    await w.advance(60);
    const second = await download(w, `/emargement/${s.id}/pdf`, w.tok.trainer);
    const code2 = await codeIn(second.bytes);
    expect(code2).not.toBe(v.code);
    expect((await verify(v.code)).body.data.newerIssuedAt).toBe(w.now().toISOString());
    expect((await verify(code2)).body.data.sha256).toBe(sha(second.bytes));
  });

  it("attestation d'assiduité: the learner's name is the one name shown", async () => {
    const s = await createSession(w);
    const learner = await newLearner(w, { firstName: "Aïcha", lastName: "Benali", sessions: [s] });
    const res = await download(w, `/qualiopi/emargement/${s.id}/attestation/${learner.userId}`, w.tok.admin);
    expect(res.status).toBe(200);
    const v = await expectVerifiable(res.bytes, "ATTENDANCE_ATTESTATION");
    expect(v.document.names).toEqual(["Aïcha BENALI"]);
    expect(JSON.stringify(v)).not.toContain(learner.email);
  });

  it("certificate: sealed in the document's transaction, the same hash as the document record", async () => {
    const learner = await newLearner(w, { firstName: "Bruno", lastName: "Cassel" });
    await w.api.db.update(enrollments).set({ status: "COMPLETED", completedAt: w.now() }).where(eq(enrollments.id, learner.enrollmentId));
    await runCertificateJob({ tenantId: w.acmeId, enrollmentId: learner.enrollmentId }, { db: w.api.db, now: w.now() });
    const [doc] = await w.api.db.select().from(documents).where(and(eq(documents.enrollmentId, learner.enrollmentId), eq(documents.kind, "CERTIFICATE")));
    const file = await fetchBytes(w.api, "GET", `/documents/${doc!.id}/file`, { tenant: "acme", token: w.tok.admin });
    expect(file.status).toBe(200);
    const v = await expectVerifiable(file.bytes, "CERTIFICATE");
    expect(v.sha256).toBe(doc!.sha256);
    expect(v.document.names).toEqual(["Bruno Cassel"]);
    const [row] = await w.api.db.select().from(documentVerifications).where(eq(documentVerifications.documentRef, doc!.id));
    expect(row!.sealedAt).not.toBeNull();
  });

  it("invoice: the hash is the one of the final file (Factur-X XML embedded, signed)", async () => {
    const client = await insertClient(w.api, w.acmeId, { name: "Boulangerie Verif SARL" });
    const draft = await w.call("POST", "/billing/invoices", w.tok.finance, { clientId: client.id, items: [{ description: "Formation SST", quantity: 1, unitPriceCents: 90_000, vatRate: 0 }] });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const issued = await w.call("POST", `/billing/invoices/${draft.body.data.id}/issue`, w.tok.finance);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const file = await fetchBytes(w.api, "GET", `/billing/invoices/${draft.body.data.id}/pdf`, { tenant: "acme", token: w.tok.finance });
    expect(file.status).toBe(200);
    const v = await expectVerifiable(file.bytes, "INVOICE");
    const [inv] = await w.api.db.select().from(invoices).where(eq(invoices.id, draft.body.data.id));
    expect(v.sha256).toBe(inv!.pdfSha256);
    expect(v.document.reference).toBe(inv!.number);
    expect(v.document.names).toEqual(["Boulangerie Verif SARL"]);
  });

  it("audit report (rapport-audit.pdf in the ZIP): verifiable, for ADMIN's export", async () => {
    const zip = await fetchBytes(w.api, "GET", `/qualiopi/courses/${w.sst.id}/audit-export`, { tenant: "acme", token: w.tok.admin });
    expect(zip.status).toBe(200);
    const report = zipEntry(zip.bytes, AUDIT_REPORT_NAME);
    const v = await expectVerifiable(report, "AUDIT_REPORT");
    expect(v.document.title).toContain(w.sst.title);
  });
});
