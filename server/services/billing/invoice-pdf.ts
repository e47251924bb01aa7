import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db";
import { invoices, tenants } from "../../db/schema";
import { forTenant, type TenantScope } from "../../db/tenant-scope";
import { conflict, notFound } from "../../errors";
import { defineJob } from "../../jobs/define";
import { enqueue } from "../../jobs/queue";
import { clock } from "../../lib/clock";
import { log } from "../../lib/log";
import { documentKey, documentStorage } from "../documents/storage";
import { buildInvoicePdf } from "./facturx";
import { getInvoiceSigner } from "./signer";
import { invoiceDocument } from "./invoice-document";
import type { InvoiceRow } from "./invoice-serialize";
import { reserveVerification, sealVerification } from "../verification/verifications";

/**
 * Renders an issued invoice's Factur-X PDF/A-3 (off the main thread, in the document render
 * pool), signs it, stores it under `{tenantId}/{invoiceId}` with its SHA-256, and records the
 * factorX / eidas facts. Runs after the issuing transaction commits; if it fails, the
 * `invoice.render` job retries it and the invoice reads `pdfAvailable: false` meanwhile.
 */
export async function storeInvoicePdf(db: Db, scope: TenantScope, invoiceId: string): Promise<boolean> {
  try {
    await renderAndStore(db, scope, invoiceId);
    return true;
  } catch (e) {
    log.error("invoice PDF rendering failed; queued for retry", { invoiceId, error: e instanceof Error ? e.message : String(e) });
    await enqueue(db, "invoice.render", { tenantId: scope.tenantId, invoiceId }, { singletonKey: invoiceId });
    return false;
  }
}

async function renderAndStore(db: Db, scope: TenantScope, invoiceId: string): Promise<void> {
  const [row] = await db.select().from(invoices).where(scope.where(invoices, eq(invoices.id, invoiceId))).limit(1);
  if (!row || row.status === "DRAFT" || row.pdfPath) return;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, scope.tenantId)).limit(1);
  const doc = await invoiceDocument(db, scope, row, tenant!.timeZone);
  // The printed verification code: reserved now, sealed with the hash of the final (signed) file.
  const title = row.kind === "CREDIT_NOTE" ? "Avoir" : "Facture";
  const reserved = await reserveVerification(db, scope, {
    type: row.kind === "CREDIT_NOTE" ? "CREDIT_NOTE" : "INVOICE",
    ref: row.id,
    reference: row.number,
    title: `${title} ${row.number}`,
    names: [doc.buyer.name],
    issuedAt: row.issuedAt!,
  });
  const out = await buildInvoicePdf(doc, { signer: getInvoiceSigner(), verification: reserved.stamp });
  const key = documentKey(scope.tenantId, row.id);
  await documentStorage().put(key, out.pdf);
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .update(invoices)
      .set({
        pdfPath: key,
        pdfSha256: createHash("sha256").update(out.pdf).digest("hex"),
        pdfSize: out.pdf.length,
        xmlAttached: out.xmlAttached,
        pdfA3: out.pdfA3,
        facturxProfile: out.profile,
        signed: out.eidas.signed,
        signatureProvider: out.eidas.provider,
        signatureLevel: out.eidas.signatureLevel,
        signatureId: out.eidas.signatureId,
      })
      .where(scope.where(invoices, and(eq(invoices.id, row.id), isNull(invoices.pdfPath))))
      .returning({ id: invoices.id });
    if (stored) await sealVerification(tx, scope, reserved.id, out.pdf, clock.now());
  });
}

/** The stored PDF of an issued invoice: 404 when not issued (spec), 409 while it is being rendered. */
export async function openInvoicePdf(row: InvoiceRow): Promise<{ stream: Readable; size: number; fileName: string }> {
  if (row.status === "DRAFT") throw notFound("Invoice");
  if (!row.pdfPath) throw conflict("The invoice's PDF is being generated", "INVOICE_PDF_NOT_AVAILABLE");
  const file = await documentStorage().open(row.pdfPath);
  if (!file) throw notFound("Document file");
  return { ...file, fileName: `${row.kind === "CREDIT_NOTE" ? "avoir" : "facture"}-${row.number}.pdf` };
}

export async function readInvoicePdf(row: InvoiceRow): Promise<Buffer> {
  const { stream } = await openInvoicePdf(row);
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export const invoiceJobs = [
  defineJob<{ tenantId: string; invoiceId: string }>("invoice.render", {
    retryLimit: 5,
    retryDelaySeconds: 60,
    handler: async (data, { db }) => {
      await renderAndStore(db, forTenant(data.tenantId), data.invoiceId);
    },
  }),
];
