import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { invoices, tenants } from "../../db/schema";
import { forTenant, type TenantScope } from "../../db/tenant-scope";
import { conflict, notFound } from "../../errors";
import { defineJob } from "../../jobs/define";
import { enqueue } from "../../jobs/queue";
import { env } from "../../env";
import { clock } from "../../lib/clock";
import { log } from "../../lib/log";
import { documentKey, documentStorage } from "../documents/storage";
import { buildInvoicePdf } from "./facturx";
import { getInvoiceSigner } from "./signer";
import { invoiceDocument } from "./invoice-document";
import type { InvoiceRow } from "./invoice-serialize";
import { reserveVerification, sealVerification } from "../verification/verifications";
import { tenantLogoDataUrl } from "../tenants/logo";

/**
 * Renders an issued invoice's Factur-X PDF/A-3 (off the main thread, in the document render
 * pool), signs it, stores it with its SHA-256, and records the factorX / eidas facts. The
 * issuing transaction already enqueued the `invoice.render` job (issueInTransaction: the
 * guarantee); this is the fast path a request takes right after the commit. A failure is
 * recorded on the invoice (pdfStatus FAILED, pdfError, pdfAttempts) and left to the job's retries.
 */
export async function storeInvoicePdf(db: Db, scope: TenantScope, invoiceId: string): Promise<boolean> {
  try {
    await renderAndStore(db, scope, invoiceId);
    return true;
  } catch (e) {
    log.error("invoice PDF rendering failed; the invoice.render job retries it", { invoiceId, error: errorText(e) });
    return false;
  }
}

/** The render job of an issued invoice, in the issuing transaction (the outbox): it exists exactly when the issue commits. */
export async function enqueueInvoiceRender(tx: DbOrTx, scope: TenantScope, invoiceId: string): Promise<void> {
  // A minute later (INVOICE_RENDER_JOB_DELAY_SECONDS): the request's own fast path normally renders it first, and the job then finds it READY.
  await enqueue(tx, "invoice.render", { tenantId: scope.tenantId, invoiceId }, { singletonKey: invoiceId, startAfter: env().INVOICE_RENDER_JOB_DELAY_SECONDS });
}

function errorText(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).slice(0, 1000);
}

/** Renders a FAILED or PENDING invoice again (the retry button): a new job, then the fast path. 409 INVOICE_PDF_READY once stored. */
export async function retryInvoicePdf(db: Db, scope: TenantScope, row: InvoiceRow): Promise<void> {
  if (row.status === "DRAFT") throw conflict("The invoice is not issued", "INVOICE_NOT_ISSUED");
  if (row.pdfPath) throw conflict("The invoice's PDF is already generated", "INVOICE_PDF_READY");
  await db.transaction(async (tx) => {
    await tx.update(invoices).set({ pdfStatus: "PENDING" }).where(scope.where(invoices, and(eq(invoices.id, row.id), isNull(invoices.pdfPath))));
    await enqueueInvoiceRender(tx, scope, row.id);
  });
  await storeInvoicePdf(db, scope, row.id);
}

async function renderAndStore(db: Db, scope: TenantScope, invoiceId: string): Promise<void> {
  const [row] = await db.select().from(invoices).where(scope.where(invoices, eq(invoices.id, invoiceId))).limit(1);
  if (!row || row.status === "DRAFT" || row.pdfPath) return;
  try {
    await render(db, scope, row);
  } catch (e) {
    // Recorded on the invoice (the screens show it, with a retry), then thrown for the job's retries.
    await db
      .update(invoices)
      .set({ pdfStatus: "FAILED", pdfError: errorText(e), pdfAttempts: sql`${invoices.pdfAttempts} + 1` })
      .where(scope.where(invoices, and(eq(invoices.id, row.id), isNull(invoices.pdfPath))));
    throw e;
  }
}

async function render(db: Db, scope: TenantScope, row: InvoiceRow): Promise<void> {
  const [tenant] = await db.select({ timeZone: tenants.timeZone, branding: tenants.branding }).from(tenants).where(eq(tenants.id, scope.tenantId)).limit(1);
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
  const logo = tenant!.branding?.logoUrl ? await tenantLogoDataUrl(scope.tenantId) : null;
  const out = await buildInvoicePdf(doc, { signer: getInvoiceSigner(), verification: reserved.stamp, logo });
  const sha256 = createHash("sha256").update(out.pdf).digest("hex");
  // One file per rendering: a job and a request rendering the same invoice at once never overwrite the file the winner recorded.
  const key = documentKey(scope.tenantId, `${row.id}_${sha256.slice(0, 16)}`);
  await documentStorage().put(key, out.pdf);
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .update(invoices)
      .set({
        pdfPath: key,
        pdfSha256: sha256,
        pdfStatus: "READY",
        pdfError: null,
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
  // Exponential backoff (defineJob's default): 1, 2, 4, 8, 16... minutes; each failure is recorded on the invoice.
  defineJob<{ tenantId: string; invoiceId: string }>("invoice.render", {
    retryLimit: 8,
    retryDelaySeconds: 60,
    retryBackoff: true,
    handler: async (data, { db }) => {
      await renderAndStore(db, forTenant(data.tenantId), data.invoiceId);
    },
  }),
];
