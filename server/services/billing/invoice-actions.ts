import { eq } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import type { TInvoice } from "../../contracts/invoices";
import type { Db, DbOrTx } from "../../db";
import { invoices } from "../../db/schema";
import { conflict, unprocessable } from "../../errors";
import { localDate, startOfLocalDate } from "../../lib/local-date";
import { mailerFor } from "../mail";
import { writeAudit } from "../platform/audit";
import { creditNoteInTransaction, type IssueOptions } from "./invoice-issue";
import { readInvoicePdf, retryInvoicePdf, storeInvoicePdf } from "./invoice-pdf";
import type { InvoiceRow } from "./invoice-serialize";
import { effectiveStatus } from "./invoice-status";
import { getInvoice, loadInvoice } from "./invoices";

/** The 409s every action after issue shares, by the invoice's status as readers see it. */
function requireIssued(row: InvoiceRow, today: string) {
  const status = effectiveStatus(row, today);
  if (status === "DRAFT") throw conflict("The invoice is not issued", "INVOICE_NOT_ISSUED");
  if (status === "CANCELLED") throw conflict("The invoice is already cancelled", "INVOICE_ALREADY_CANCELLED");
  return status;
}

/**
 * ISSUED (or OVERDUE) -> CANCELLED, only by a credit note: in one transaction, the credit note for
 * what is left of the invoice is issued (its own number, type 381, referencing the invoice) and
 * the invoice reads CANCELLED with `cancellationCreditNote`. A DRAFT is deleted, not cancelled
 * (409 INVOICE_DRAFT_DELETE_INSTEAD); a PAID invoice needs a credit note (409); a credit note
 * cannot be cancelled.
 */
export async function cancelInvoice(db: Db, caller: Caller, input: { id: string; reason: string }, now: Date): Promise<TInvoice> {
  const note = await db.transaction((tx) => cancelInTransaction(tx, caller, input, now));
  await storeInvoicePdf(db, caller.scope, note.id);
  return getInvoice(db, caller, input.id, now);
}

/** The cancellation's writes in the caller's transaction (the seed cancels through it too); answers the credit note (its PDF: the render job, or the caller's fast path). */
export async function cancelInTransaction(tx: DbOrTx, caller: Caller, input: { id: string; reason: string }, now: Date, opts: IssueOptions = {}): Promise<InvoiceRow> {
  const row = await loadInvoice(tx, caller.scope, input.id, { forUpdate: true });
  if (row.status === "DRAFT") throw conflict("A draft is not cancelled: delete it (it has no number yet)", "INVOICE_DRAFT_DELETE_INSTEAD");
  const status = requireIssued(row, localDate(now, caller.tenant.timeZone));
  if (row.kind === "CREDIT_NOTE") throw conflict("A credit note cannot be credited or cancelled", "CREDIT_NOTE_NOT_CREDITABLE");
  if (status === "PAID") throw conflict("A paid invoice cannot be cancelled: issue a credit note", "INVOICE_PAID_CREDIT_NOTE_REQUIRED");
  const note = await creditNoteInTransaction(tx, caller, { id: row.id, reason: input.reason, rest: true }, () => now, opts);
  await writeAudit(tx, caller, { action: "invoice.cancelled", targetType: "invoice", targetId: row.id, metadata: { number: row.number, reason: input.reason, totalCents: row.totalCents, creditNoteId: note.id, creditNoteNumber: note.number } });
  return note;
}

/** Generates a PENDING or FAILED invoice's PDF again (a new job, then at once); 409 INVOICE_PDF_READY when it is stored. */
export async function renderInvoicePdf(db: Db, caller: Caller, id: string, now: Date): Promise<TInvoice> {
  const row = await loadInvoice(db, caller.scope, id);
  await retryInvoicePdf(db, caller.scope, row);
  await writeAudit(db, caller, { action: "invoice.pdfRetried", targetType: "invoice", targetId: row.id, metadata: { number: row.number, previousError: row.pdfError } });
  return getInvoice(db, caller, id, now);
}

/** ISSUED or OVERDUE -> PAID, on the date the payment was received (not in the future, not before issue). */
export async function markInvoicePaid(db: Db, caller: Caller, input: { id: string; paidAt?: string; reference?: string }, now: Date): Promise<TInvoice> {
  const tz = caller.tenant.timeZone;
  const today = localDate(now, tz);
  await db.transaction(async (tx) => {
    const row = await loadInvoice(tx, caller.scope, input.id, { forUpdate: true });
    const status = requireIssued(row, today);
    if (status === "PAID") throw conflict("The invoice is already paid", "INVOICE_ALREADY_PAID");
    const day = input.paidAt ?? today;
    if (day > today) throw unprocessable("Validation failed", { paidAt: ["Must not be in the future"] });
    if (day < localDate(row.issuedAt!, tz)) throw unprocessable("Validation failed", { paidAt: ["Must not be before the issue date"] });
    const paidAt = day === today ? now : startOfLocalDate(day, tz);
    await tx.update(invoices).set({ status: "PAID", paidAt, updatedAt: now }).where(caller.scope.where(invoices, eq(invoices.id, row.id)));
    await writeAudit(tx, caller, { action: "invoice.paid", targetType: "invoice", targetId: row.id, metadata: { number: row.number, paidAt: day, reference: input.reference ?? null, totalCents: row.totalCents } });
  });
  return getInvoice(db, caller, input.id, now);
}

/**
 * E-mails the issued PDF to `to` and each `cc` (one message each, through the mail chain and its
 * job: a slow provider never holds the request). 409 for a draft, a cancelled invoice, or while
 * the PDF is being rendered.
 */
export async function sendInvoice(db: Db, caller: Caller, input: { id: string; to: string; cc?: string[]; message?: string }, now: Date): Promise<{ sentAt: string; recipients: string[] }> {
  const row = await loadInvoice(db, caller.scope, input.id);
  requireIssued(row, localDate(now, caller.tenant.timeZone));
  if (!row.pdfPath) throw conflict("The invoice's PDF is being generated", "INVOICE_PDF_NOT_AVAILABLE");
  const pdf = await readInvoicePdf(row);
  const recipients = [...new Set([input.to, ...(input.cc ?? [])].map((e) => e.toLowerCase()))];
  const isNote = row.kind === "CREDIT_NOTE";
  await db.transaction(async (tx) => {
    const send = mailerFor(tx, caller.scope);
    for (const to of recipients) {
      await send({
        to,
        template: "invoice-sent",
        locale: "fr",
        senderUserId: caller.userId,
        vars: {
          number: row.number!,
          kind: isNote ? "credit-note" : "invoice",
          total: formatMoney(row.totalCents, row.currency),
          dueDate: row.dueDate ?? "",
          message: input.message ?? "",
        },
        attachments: [{ filename: `${isNote ? "avoir" : "facture"}-${row.number}.pdf`, contentType: "application/pdf", content: pdf.toString("base64") }],
      });
    }
    await tx.update(invoices).set({ sentAt: now, updatedAt: now }).where(caller.scope.where(invoices, eq(invoices.id, row.id)));
    await writeAudit(tx, caller, { action: "invoice.sent", targetType: "invoice", targetId: row.id, metadata: { number: row.number, recipients } });
  });
  return { sentAt: now.toISOString(), recipients };
}

function formatMoney(cents: number, currency: string, locale = "fr-FR"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);
}
