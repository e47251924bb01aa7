import { and, eq, ne, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import type { TInvoice, TInvoiceItemInput } from "../../contracts/invoices";
import type { Db, DbOrTx } from "../../db";
import { invoices, type InvoiceItem } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { conflict, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { addDays, localDate } from "../../lib/local-date";
import { writeAudit } from "../platform/audit";
import { computeInvoiceAmounts } from "./amounts";
import { invoiceDocument } from "./invoice-document";
import { assertConformant, buyerSnapshot, facturxCheck, facturxPreconditions, sellerSnapshot, validateDraftInvoice } from "./invoice-validate";
import { loadClient } from "./clients";
import { enqueueInvoiceRender, storeInvoicePdf } from "./invoice-pdf";
import type { InvoiceRow } from "./invoice-serialize";
import { takeInvoiceNumber } from "./invoice-number";
import { checkItems, getInvoice, loadInvoice } from "./invoices";
import { requireInvoiceableIdentity } from "./legal-identity";

/**
 * `facturxValidation: "skip"`: only for the demo seed (server/seed), whose few dozen invoices
 * would otherwise cost a second of validation each at every test database's seeding; the
 * preconditions still apply, and tests/integration/invoice-validation.test.ts validates every
 * seeded invoice. Every issue through the API validates.
 */
export type IssueOptions = { facturxValidation?: "run" | "skip" };


/**
 * The issuing step, in the caller's transaction: takes the number under the counter lock, then
 * reads the clock (so numbers and issue times run in the same order), freezes seller and buyer
 * as printed, and sets ISSUED with its PDF PENDING and the `invoice.render` job enqueued in the
 * same transaction; the request may render it right after the commit (storeInvoicePdf).
 */
export async function issueInTransaction(tx: DbOrTx, caller: Caller, row: InvoiceRow, now: () => Date, opts: IssueOptions = {}): Promise<InvoiceRow> {
  const identity = await requireInvoiceableIdentity(tx, caller.tenant.id);
  const client = await loadClient(tx, caller.scope, row.clientId);
  // Lines stored before categories were resolved get them now (the same inference), and are frozen with the issue.
  const items = checkItems(row.items, identity, Boolean(row.enrollmentId));
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
      items,
      number: taken.number,
      numberYear: taken.year,
      numberSeq: taken.seq,
      issuedAt,
      dueDate,
      seller: sellerSnapshot(identity),
      buyer: buyerSnapshot(client),
      vatRegime: identity.vatRegime,
      facturxProfile: identity.facturxProfile,
      pdfStatus: "PENDING",
      updatedAt: issuedAt,
    })
    .where(caller.scope.where(invoices, and(eq(invoices.id, row.id), eq(invoices.status, "DRAFT"))))
    .returning();
  // The Factur-X XML as it will be embedded, checked against the official XSD and Schematrons
  // (Factur-X profile, EN 16931, BR-FR) off the request thread: a failed rule refuses the issue
  // (422 INVOICE_NOT_ISSUABLE, errors per rule id) and the rollback gives the number back.
  const doc = await invoiceDocument(tx, caller.scope, updated!, tz);
  if (opts.facturxValidation === "skip") facturxPreconditions(doc);
  else assertConformant(await facturxCheck(doc));
  await writeAudit(tx, caller, {
    action: row.kind === "CREDIT_NOTE" ? "invoice.creditNoteIssued" : "invoice.issued",
    targetType: "invoice",
    targetId: row.id,
    metadata: { number: taken.number, totalCents: row.totalCents, currency: row.currency },
  });
  // The outbox: the render job commits with the issue, so no issued invoice is left without its PDF (whoever issues it: a request, the seed...).
  await enqueueInvoiceRender(tx, caller.scope, row.id);
  return updated!;
}

export async function issueInvoice(db: Db, caller: Caller, id: string, now: () => Date): Promise<TInvoice> {
  // The official check runs first, outside the transaction, on the draft as it would be issued
  // (invoice-validate.ts): a refusal takes no number at all, and the check inside the
  // transaction then finds the verdict remembered (the same document but its number), so the
  // numbering lock is held for milliseconds, not for the seconds of the Schematrons.
  assertConformant(await validateDraftInvoice(db, caller, id, now()));
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

/**
 * `rest`: the cancellation's credit note (cancelInvoice): it covers whatever is left of the
 * invoice (its lines when nothing is credited yet, else one line per VAT rate and line kind for
 * the remaining base) and always cancels the invoice.
 */
type CreditNoteInput = { id: string; reason: string; items?: TInvoiceItemInput[]; rest?: boolean };

/** The credit note's writes, in the caller's transaction (the PDF is rendered after the commit, the job enqueued with the issue). */
export async function creditNoteInTransaction(tx: DbOrTx, caller: Caller, input: CreditNoteInput, now: () => Date, opts: IssueOptions = {}): Promise<InvoiceRow> {
  const orig = await loadInvoice(tx, caller.scope, input.id, { forUpdate: true });
  if (orig.kind === "CREDIT_NOTE") throw conflict("A credit note cannot be credited or cancelled", "CREDIT_NOTE_NOT_CREDITABLE");
  if (orig.status === "DRAFT") throw conflict("The invoice is not issued", "INVOICE_NOT_ISSUED");
  if (orig.status === "CANCELLED") throw conflict("The invoice is already cancelled", "INVOICE_ALREADY_CANCELLED");
  const credited = await creditedSoFar(tx, caller.scope, orig.id);
  const left = orig.totalCents - credited;
  if (left <= 0) throw conflict("The credit notes already cover the whole invoice", "INVOICE_FULLY_CREDITED");
  const identity = await requireInvoiceableIdentity(tx, caller.tenant.id);
  if (!input.items && !input.rest && credited > 0) throw unprocessable("Validation failed", { items: ["Part of the invoice is already credited: give the lines to credit"] });
  const items = input.items ? checkItems(input.items, identity, Boolean(orig.enrollmentId)) : credited > 0 ? await remainingItems(tx, caller.scope, orig) : orig.items;
  const a = computeInvoiceAmounts(items, identity.vatRegime);
  // The rest's VAT is rounded on the remaining bases: it may differ from what is left by a cent per line.
  const slack = input.rest ? items.length : 0;
  if (a.totalCents > left + slack) throw unprocessable("Validation failed", { items: [`The credit note exceeds what is left to credit (${left} cents)`] });
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
        // The credit note is about the same service.
        servicePeriodStart: orig.servicePeriodStart,
        servicePeriodEnd: orig.servicePeriodEnd,
        exchangeRateToEur: orig.exchangeRateToEur,
        enrollmentId: orig.enrollmentId,
        payer: orig.payer,
        createdBy: caller.userId,
        createdAt: t,
        updatedAt: t,
      }),
    )
    .returning();
  const note = await issueInTransaction(tx, caller, draft!, now, opts);
  if ((a.totalCents === left || input.rest) && orig.status !== "PAID") {
    await tx
      .update(invoices)
      .set({ status: "CANCELLED", cancelledAt: note.issuedAt, cancelReason: `Avoir ${note.number} : ${input.reason}`, cancellationCreditNoteId: note.id, updatedAt: note.issuedAt! })
      .where(caller.scope.where(invoices, eq(invoices.id, orig.id)));
  }
  await writeAudit(tx, caller, { action: "invoice.credited", targetType: "invoice", targetId: orig.id, metadata: { creditNoteId: note.id, number: note.number, totalCents: a.totalCents, reason: input.reason } });
  return note;
}

/** What is left of a partly credited invoice: per VAT rate and line kind, the invoice's net base minus its credit notes'. */
async function remainingItems(tx: DbOrTx, scope: TenantScope, orig: InvoiceRow): Promise<InvoiceItem[]> {
  const notes = await tx
    .select({ items: invoices.items })
    .from(invoices)
    .where(scope.where(invoices, and(eq(invoices.creditedInvoiceId, orig.id), ne(invoices.status, "DRAFT"))));
  type Group = { vatRate: number; vatCategory: InvoiceItem["vatCategory"]; reason: string | null; code: string | null; kind?: "TRAINING" | "OTHER"; cents: number };
  // What is left per VAT category and rate (and line kind, for the BPF), from the lines as computed (categories resolved, old lines included).
  const bases = (byKind: boolean) => {
    const m = new Map<string, Group>();
    const add = (items: InvoiceItem[], sign: number) =>
      computeInvoiceAmounts(items, orig.vatRegime ?? "LIABLE").lines.forEach((l) => {
        const kind = byKind ? l.kind : undefined;
        const key = `${l.category}|${l.vatRate}|${kind ?? ""}`;
        const e = m.get(key) ?? { vatRate: l.vatRate, vatCategory: l.category, reason: l.exemptionReason, code: l.exemptionCode, ...(kind ? { kind } : {}), cents: 0 };
        e.cents += sign * l.netCents;
        m.set(key, e);
      });
    add(orig.items, 1);
    for (const n of notes) add(n.items, -1);
    return [...m.values()];
  };
  let groups = bases(true);
  // A note that credited lines under another kind than the invoice's: the rest per category and rate only.
  if (groups.some((g) => g.cents < 0)) groups = bases(false);
  const left = groups.filter((g) => g.cents > 0);
  const several = new Set(left.map((g) => `${g.vatCategory}|${g.vatRate}`)).size > 1;
  return left.map((g) => ({
    description: `Solde de la facture ${orig.number}${several ? ` (${g.vatCategory === "S" ? `TVA ${String(g.vatRate).replace(".", ",")} %` : g.vatCategory === "E" ? "exonéré de TVA" : g.vatCategory === "Z" ? "TVA 0 %" : "hors champ de la TVA"})` : ""}${g.kind === "OTHER" ? " — hors formation" : ""}`,
    quantity: 1,
    unitPriceCents: g.cents,
    vatRate: g.vatRate,
    vatCategory: g.vatCategory,
    ...(g.reason ? { vatExemptionReason: g.reason } : {}),
    ...(g.code ? { vatExemptionCode: g.code } : {}),
    ...(g.kind ? { kind: g.kind } : {}),
  }));
}

async function creditedSoFar(tx: DbOrTx, scope: TenantScope, invoiceId: string): Promise<number> {
  const [r] = await tx
    .select({ n: sql<string>`coalesce(sum(${invoices.totalCents}), 0)` })
    .from(invoices)
    .where(scope.where(invoices, and(eq(invoices.creditedInvoiceId, invoiceId), ne(invoices.status, "DRAFT"))));
  return Number(r!.n);
}

