import { and, eq, ne, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import type { TInvoice, TInvoiceItemInput } from "../../contracts/invoices";
import type { Db, DbOrTx } from "../../db";
import { invoices, type PartySnapshot } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { conflict, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { addDays, localDate } from "../../lib/local-date";
import { writeAudit } from "../platform/audit";
import { computeInvoiceAmounts } from "./amounts";
import { checkInvoiceDocument, InvoiceDocumentError } from "./facturx";
import { invoiceDocument } from "./invoice-document";
import { loadClient, type ClientRow } from "./clients";
import { storeInvoicePdf } from "./invoice-pdf";
import type { InvoiceRow } from "./invoice-serialize";
import { takeInvoiceNumber } from "./invoice-number";
import { checkItems, getInvoice, loadInvoice } from "./invoices";
import { requireInvoiceableIdentity, type LegalIdentity } from "./legal-identity";

export function sellerSnapshot(id: LegalIdentity): PartySnapshot {
  return {
    name: id.legalName ?? "",
    legalForm: id.legalForm,
    siren: id.siren,
    siret: id.siret,
    vatNumber: id.vatNumber,
    rcs: id.rcs,
    shareCapital: id.shareCapital,
    nda: id.nda,
    ndaRegion: id.ndaRegion,
    addressLine1: id.addressLine1,
    addressLine2: id.addressLine2,
    postalCode: id.postalCode,
    city: id.city,
    country: id.country,
    email: id.email,
    iban: id.iban,
    bic: id.bic,
  };
}

export function buyerSnapshot(c: ClientRow): PartySnapshot {
  return {
    name: c.name,
    kind: c.kind,
    siren: c.siren ?? (c.siret ? c.siret.slice(0, 9) : null),
    siret: c.siret,
    vatNumber: c.vatNumber,
    addressLine1: c.addressLine1,
    addressLine2: c.addressLine2,
    postalCode: c.postalCode,
    city: c.city,
    country: c.country,
    email: c.email,
  };
}

/**
 * The issuing step, in the caller's transaction: takes the number under the counter lock, then
 * reads the clock (so numbers and issue times run in the same order), freezes seller and buyer
 * as printed, and sets ISSUED. The PDF is rendered after the commit (storeInvoicePdf).
 */
export async function issueInTransaction(tx: DbOrTx, caller: Caller, row: InvoiceRow, now: () => Date): Promise<InvoiceRow> {
  const identity = await requireInvoiceableIdentity(tx, caller.tenant.id);
  const client = await loadClient(tx, caller.scope, row.clientId);
  checkItems(row.items, identity);
  const tz = caller.tenant.timeZone;
  const year = Number(localDate(now(), tz).slice(0, 4));
  const taken = await takeInvoiceNumber(tx, caller.scope, identity.invoicePrefix, year);
  const issuedAt = now();
  const day = localDate(issuedAt, tz);
  const dueDate = row.kind === "CREDIT_NOTE" ? null : (row.dueDate ?? addDays(day, identity.paymentTermsDays));
  const [updated] = await tx
    .update(invoices)
    .set({
      status: "ISSUED",
      number: taken.number,
      numberYear: taken.year,
      numberSeq: taken.seq,
      issuedAt,
      dueDate,
      seller: sellerSnapshot(identity),
      buyer: buyerSnapshot(client),
      vatRegime: identity.vatRegime,
      facturxProfile: identity.facturxProfile,
      updatedAt: issuedAt,
    })
    .where(caller.scope.where(invoices, and(eq(invoices.id, row.id), eq(invoices.status, "DRAFT"))))
    .returning();
  // What the Factur-X XML needs (seller SIREN and VAT number, exchange rate...): refused now, with the number given back by the rollback.
  try {
    checkInvoiceDocument(await invoiceDocument(tx, caller.scope, updated!, tz));
  } catch (e) {
    if (e instanceof InvoiceDocumentError) throw unprocessable("The invoice cannot be issued as a Factur-X document", e.fields, "INVOICE_NOT_ISSUABLE");
    throw e;
  }
  await writeAudit(tx, caller, {
    action: row.kind === "CREDIT_NOTE" ? "invoice.creditNoteIssued" : "invoice.issued",
    targetType: "invoice",
    targetId: row.id,
    metadata: { number: taken.number, totalCents: row.totalCents, currency: row.currency },
  });
  return updated!;
}

export async function issueInvoice(db: Db, caller: Caller, id: string, now: () => Date): Promise<TInvoice> {
  const issued = await db.transaction(async (tx) => {
    const row = await loadInvoice(tx, caller.scope, id, { forUpdate: true });
    if (row.status !== "DRAFT") throw conflict("The invoice is already issued or cancelled", "INVOICE_ALREADY_ISSUED");
    return issueInTransaction(tx, caller, row, now);
  });
  await storeInvoicePdf(db, caller.scope, issued.id);
  return getInvoice(db, caller, id, now());
}

/**
 * A credit note (avoir) for an issued invoice: a CREDIT_NOTE with its own number in the same
 * series, positive amounts, referencing the invoice (BT-25). Without items it credits the whole
 * invoice (allowed only while nothing of it is credited yet). When the credit notes cover the whole of an unpaid invoice, the invoice
 * reads CANCELLED (cancelledAt, reason naming the credit note); a paid one stays PAID (the
 * refund is owed).
 */
export async function createCreditNote(db: Db, caller: Caller, input: CreditNoteInput, now: () => Date): Promise<TInvoice> {
  const noteId = await db.transaction(async (tx) => (await creditNoteInTransaction(tx, caller, input, now)).id);
  await storeInvoicePdf(db, caller.scope, noteId);
  return getInvoice(db, caller, noteId, now());
}

type CreditNoteInput = { id: string; reason: string; items?: TInvoiceItemInput[] };

/** The credit note's writes, in the caller's transaction (the PDF is rendered after the commit). */
export async function creditNoteInTransaction(tx: DbOrTx, caller: Caller, input: CreditNoteInput, now: () => Date): Promise<InvoiceRow> {
  const orig = await loadInvoice(tx, caller.scope, input.id, { forUpdate: true });
  if (orig.kind === "CREDIT_NOTE") throw conflict("A credit note cannot be credited or cancelled", "CREDIT_NOTE_NOT_CREDITABLE");
  if (orig.status === "DRAFT") throw conflict("The invoice is not issued", "INVOICE_NOT_ISSUED");
  if (orig.status === "CANCELLED") throw conflict("The invoice is already cancelled", "INVOICE_ALREADY_CANCELLED");
  const credited = await creditedSoFar(tx, caller.scope, orig.id);
  const left = orig.totalCents - credited;
  if (left <= 0) throw conflict("The credit notes already cover the whole invoice", "INVOICE_FULLY_CREDITED");
  const identity = await requireInvoiceableIdentity(tx, caller.tenant.id);
  if (!input.items && credited > 0) throw unprocessable("Validation failed", { items: ["Part of the invoice is already credited: give the lines to credit"] });
  const items = input.items ? checkItems(input.items, identity) : orig.items;
  const a = computeInvoiceAmounts(items, identity.vatRegime);
  if (a.totalCents > left) throw unprocessable("Validation failed", { items: [`The credit note exceeds what is left to credit (${left} cents)`] });
  const t = now();
  const [draft] = await tx
    .insert(invoices)
    .values(
      caller.scope.values(invoices, {
        id: newId("inv"),
        kind: "CREDIT_NOTE",
        creditedInvoiceId: orig.id,
        clientId: orig.clientId,
        items,
        currency: orig.currency,
        subtotalCents: a.subtotalCents,
        vatCents: a.vatCents,
        totalCents: a.totalCents,
        notes: `Avoir sur la facture ${orig.number} : ${input.reason}`,
        exchangeRateToEur: orig.exchangeRateToEur,
        enrollmentId: orig.enrollmentId,
        payer: orig.payer,
        createdBy: caller.userId,
        createdAt: t,
        updatedAt: t,
      }),
    )
    .returning();
  const note = await issueInTransaction(tx, caller, draft!, now);
  if (a.totalCents === left && orig.status !== "PAID") {
    await tx
      .update(invoices)
      .set({ status: "CANCELLED", cancelledAt: note.issuedAt, cancelReason: `Avoir ${note.number} : ${input.reason}`, updatedAt: note.issuedAt! })
      .where(caller.scope.where(invoices, eq(invoices.id, orig.id)));
  }
  await writeAudit(tx, caller, { action: "invoice.credited", targetType: "invoice", targetId: orig.id, metadata: { creditNoteId: note.id, number: note.number, totalCents: a.totalCents, reason: input.reason } });
  return note;
}

async function creditedSoFar(tx: DbOrTx, scope: TenantScope, invoiceId: string): Promise<number> {
  const [r] = await tx
    .select({ n: sql<string>`coalesce(sum(${invoices.totalCents}), 0)` })
    .from(invoices)
    .where(scope.where(invoices, and(eq(invoices.creditedInvoiceId, invoiceId), ne(invoices.status, "DRAFT"))));
  return Number(r!.n);
}

