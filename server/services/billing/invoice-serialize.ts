import type { TInvoice, TInvoiceSummary } from "../../contracts/invoices";
import type { invoices } from "../../db/schema";
import { computeInvoiceAmounts } from "./amounts";
import { effectiveStatus } from "./invoice-status";

export type InvoiceRow = typeof invoices.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toInvoiceSummary(r: InvoiceRow, clientName: string, today: string): TInvoiceSummary {
  return {
    id: r.id,
    kind: r.kind,
    number: r.number,
    status: effectiveStatus(r, today),
    clientId: r.clientId,
    clientName,
    subtotalCents: r.subtotalCents,
    vatCents: r.vatCents,
    totalCents: r.totalCents,
    currency: r.currency,
    issuedAt: iso(r.issuedAt),
    dueAt: r.dueDate,
    creditedInvoiceId: r.creditedInvoiceId,
    enrollmentId: r.enrollmentId,
    payer: r.payer,
    createdAt: r.createdAt.toISOString(),
  };
}

export type InvoiceRelations = {
  clientName: string;
  creditNotes: { id: string; number: string | null; totalCents: number; issuedAt: Date | null }[];
  creditedInvoice: { id: string; number: string | null } | null;
  /** The tenant's Factur-X profile and VAT regime, for a draft (an issued invoice keeps its own). */
  profile: "BASIC" | "EN16931" | "EXTENDED";
  vatRegime: "LIABLE" | "EXEMPT_261_4_4A";
};

export function toInvoice(r: InvoiceRow, rel: InvoiceRelations, today: string): TInvoice {
  const amounts = computeInvoiceAmounts(r.items, r.vatRegime ?? (rel.vatRegime));
  const cancelNote = r.cancellationCreditNoteId ? rel.creditNotes.find((c) => c.id === r.cancellationCreditNoteId) : undefined;
  return {
    ...toInvoiceSummary(r, rel.clientName, today),
    items: r.items.map((i, k) => ({
      description: i.description,
      quantity: i.quantity,
      unitPriceCents: i.unitPriceCents,
      vatRate: i.vatRate,
      discountCents: i.discountCents ?? 0,
      netCents: amounts.lines[k]!.netCents,
      kind: amounts.lines[k]!.kind,
      vatCategory: amounts.lines[k]!.category,
      vatExemptionReason: amounts.lines[k]!.exemptionReason,
      vatExemptionCode: amounts.lines[k]!.exemptionCode,
    })),
    vatBreakdown: amounts.vatBreakdown.map((v) => ({ category: v.category, vatRate: v.rate, baseCents: v.baseCents, vatCents: v.vatCents, exemptionReason: v.exemptionReason, exemptionCode: v.exemptionCode })),
    paymentTerms: r.paymentTerms,
    purchaseOrder: r.purchaseOrder,
    exchangeRateToEur: r.exchangeRateToEur,
    notes: r.notes,
    servicePeriod: r.servicePeriodStart && r.servicePeriodEnd ? { start: r.servicePeriodStart, end: r.servicePeriodEnd } : null,
    factorX: { profile: r.facturxProfile ?? rel.profile, xmlAttached: r.xmlAttached, pdfA3: r.pdfA3 },
    eidas: { signed: r.signed, provider: r.signatureProvider, signatureLevel: r.signatureLevel, signatureId: r.signatureId },
    pdfAvailable: r.pdfPath !== null,
    pdf: r.status === "DRAFT" ? null : { status: r.pdfPath ? "READY" : r.pdfStatus === "FAILED" ? "FAILED" : "PENDING", lastError: r.pdfPath ? null : r.pdfError, attempts: r.pdfAttempts },
    sentAt: iso(r.sentAt),
    paidAt: iso(r.paidAt),
    cancelledAt: iso(r.cancelledAt),
    cancelReason: r.cancelReason,
    creditNotes: rel.creditNotes.map((c) => ({ id: c.id, number: c.number, totalCents: c.totalCents, issuedAt: iso(c.issuedAt) })),
    creditedInvoice: rel.creditedInvoice,
    cancellationCreditNote: cancelNote ? { id: cancelNote.id, number: cancelNote.number } : null,
    updatedAt: r.updatedAt.toISOString(),
  };
}
