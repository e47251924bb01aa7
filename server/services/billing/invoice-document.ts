import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { invoices } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { localDate } from "../../lib/local-date";
import type { InvoiceDocument } from "./facturx";
import type { InvoiceRow } from "./invoice-serialize";

/** What the Factur-X engine prints and encodes: the issued invoice as frozen at issue. */
export async function invoiceDocument(db: DbOrTx, scope: TenantScope, row: InvoiceRow, timeZone: string): Promise<InvoiceDocument> {
  let precedingInvoice: { number: string; issueDate: string } | undefined;
  if (row.creditedInvoiceId) {
    const [orig] = await db.select({ number: invoices.number, issuedAt: invoices.issuedAt }).from(invoices).where(scope.where(invoices, eq(invoices.id, row.creditedInvoiceId))).limit(1);
    if (orig?.number && orig.issuedAt) precedingInvoice = { number: orig.number, issueDate: localDate(orig.issuedAt, timeZone) };
  }
  return {
    kind: row.kind,
    number: row.number!,
    issueDate: localDate(row.issuedAt!, timeZone),
    dueDate: row.dueDate ?? undefined,
    currency: row.currency,
    profile: row.facturxProfile ?? "EN16931",
    seller: row.seller!,
    buyer: row.buyer!,
    items: row.items,
    vatRegime: row.vatRegime ?? "EXEMPT_261_4_4A",
    paymentTerms: row.paymentTerms ?? undefined,
    purchaseOrder: row.purchaseOrder ?? undefined,
    exchangeRateToEur: row.exchangeRateToEur,
    servicePeriod: row.servicePeriodStart && row.servicePeriodEnd ? { start: row.servicePeriodStart, end: row.servicePeriodEnd } : null,
    precedingInvoice,
    notes: row.notes ?? undefined,
  };
}
