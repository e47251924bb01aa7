import { and, asc, count, desc, eq, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import { sameTenant } from "../../db/tenant-scope";
import type { Caller } from "../../auth/caller";
import type { TCreateInvoiceInput, TInvoice, TInvoiceItemInput, TListInvoicesInput, TUpdateInvoiceInput } from "../../contracts/invoices";
import type { Db, DbOrTx } from "../../db";
import { billingClients, enrollments, invoices, liveSessions, sessionParticipants, type InvoiceItem } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { conflict, notFound, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { addDays, localDate, startOfLocalDate } from "../../lib/local-date";
import { writeAudit } from "../platform/audit";
import { funderInvoices } from "../platform/who-may";
import { countOf, paginate, perPagePage } from "../platform/pagination";
import { checkInvoiceItems, computeInvoiceAmounts, resolveInvoiceItem } from "./amounts";
import { sessionWindow } from "../sessions/schedule";
import { loadClient } from "./clients";
import { toInvoice, toInvoiceSummary, type InvoiceRow } from "./invoice-serialize";
import { loadLegalIdentity, type LegalIdentity } from "./legal-identity";
import { markOverdueForTenant } from "./overdue-job";

const today = (caller: Pick<Caller, "tenant">, now: Date) => localDate(now, caller.tenant.timeZone);

export async function loadInvoice(db: DbOrTx, scope: TenantScope, id: string, opts: { forUpdate?: boolean } = {}): Promise<InvoiceRow> {
  const q = db.select().from(invoices).where(scope.where(invoices, eq(invoices.id, id))).limit(1);
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound("Invoice");
  return row;
}

/** The client must be the tenant's: an unknown id is a field error of the body, not a 404 of the path. */
async function clientOrFieldError(db: DbOrTx, scope: TenantScope, clientId: string) {
  try {
    return await loadClient(db, scope, clientId);
  } catch {
    throw unprocessable("Unknown client", { clientId: ["Unknown client"] });
  }
}

/**
 * The business rules of amounts.ts (VAT category per line, discount within the line, the total's
 * ceiling) as a 422 naming the fields; returns the items as stored, each line's kind and VAT
 * category resolved once here (amounts.ts resolveInvoiceItem). `linkedToTraining`: the invoice is
 * linked to an enrollment (its lines default to TRAINING). A liable tenant's 0 % line without a
 * category answers VAT_CATEGORY_REQUIRED.
 */
export function checkItems(items: (TInvoiceItemInput | InvoiceItem)[], identity: Pick<LegalIdentity, "vatRegime">, linkedToTraining = false): InvoiceItem[] {
  const clean = items.map(
    (i): InvoiceItem => ({
      description: i.description,
      quantity: i.quantity,
      unitPriceCents: i.unitPriceCents,
      vatRate: i.vatRate,
      ...(i.discountCents ? { discountCents: i.discountCents } : {}),
      ...(i.kind ? { kind: i.kind } : {}),
      ...(i.vatCategory ? { vatCategory: i.vatCategory } : {}),
      ...(i.vatExemptionReason ? { vatExemptionReason: i.vatExemptionReason } : {}),
      ...(i.vatExemptionCode ? { vatExemptionCode: i.vatExemptionCode } : {}),
    }),
  );
  const checked = checkInvoiceItems(clean, { vatRegime: identity.vatRegime, linkedToTraining });
  if (Object.keys(checked.errors).length) throw unprocessable("Validation failed", checked.errors, checked.categoryMissing ? "VAT_CATEGORY_REQUIRED" : undefined);
  return checked.items;
}

/**
 * The default service period of an invoice linked to an enrollment: from the first start to the
 * last end of the sessions the learner is registered to (not cancelled), as local dates in the
 * tenant's time zone; without sessions, from the enrollment's date to its completion (or its
 * date). Null when the enrollment is unknown.
 */
async function enrollmentServicePeriod(db: DbOrTx, scope: TenantScope, enrollmentId: string, timeZone: string): Promise<{ start: string; end: string } | null> {
  const sessions = await db
    .select({ scheduledAt: liveSessions.scheduledAt, durationMinutes: liveSessions.durationMinutes, schedule: liveSessions.schedule })
    .from(sessionParticipants)
    .innerJoin(liveSessions, scope.where(liveSessions, eq(liveSessions.id, sessionParticipants.sessionId), ne(liveSessions.status, "CANCELLED")))
    .where(scope.where(sessionParticipants, eq(sessionParticipants.enrollmentId, enrollmentId)))
    .orderBy(asc(liveSessions.scheduledAt));
  if (sessions.length) {
    const windows = sessions.map((s) => sessionWindow(s, timeZone));
    const start = localDate(new Date(Math.min(...windows.map((w) => w.start.getTime()))), timeZone);
    const end = localDate(new Date(Math.max(...windows.map((w) => w.end.getTime()))), timeZone);
    return { start, end };
  }
  const [enr] = await db.select({ enrolledAt: enrollments.enrolledAt, completedAt: enrollments.completedAt }).from(enrollments).where(scope.where(enrollments, eq(enrollments.id, enrollmentId))).limit(1);
  if (!enr) return null;
  const start = localDate(enr.enrolledAt, timeZone);
  const end = enr.completedAt ? localDate(enr.completedAt, timeZone) : start;
  return { start, end: end < start ? start : end };
}

async function checkEnrollment(db: DbOrTx, scope: TenantScope, enrollmentId: string) {
  const [row] = await db.select({ id: enrollments.id }).from(enrollments).where(scope.where(enrollments, eq(enrollments.id, enrollmentId))).limit(1);
  if (!row) throw unprocessable("Unknown enrollment", { enrollmentId: ["Unknown enrollment"] });
}

type DraftValues = {
  clientId: string;
  items: InvoiceItem[];
  currency?: string;
  dueDate?: string | null;
  paymentTerms?: string | null;
  purchaseOrder?: string | null;
  exchangeRateToEur?: number | null;
  notes?: string | null;
  /** Undefined on creation: the linked enrollment's (enrollmentServicePeriod); null: none. */
  servicePeriod?: { start: string; end: string } | null;
};

/** Stored totals of a draft: computed by amounts.ts under the tenant's VAT regime (recomputed the same way at issue). */
async function amountsOf(tx: DbOrTx, caller: Caller, items: InvoiceItem[]) {
  return computeInvoiceAmounts(items, (await loadLegalIdentity(tx, caller.tenant.id)).vatRegime);
}

export async function insertDraft(tx: DbOrTx, caller: Caller, v: DraftValues & { enrollmentId?: string | null; payer?: InvoiceRow["payer"] }, now: Date): Promise<InvoiceRow> {
  // Every writer stores resolved lines (checkItems did it for the API; the seeds come straight here).
  const { vatRegime } = await loadLegalIdentity(tx, caller.tenant.id);
  const items = v.items.map((i) => resolveInvoiceItem(i, { vatRegime, linkedToTraining: Boolean(v.enrollmentId) }, { legacy: true })!);
  const a = computeInvoiceAmounts(items, vatRegime);
  const period = v.servicePeriod !== undefined ? v.servicePeriod : v.enrollmentId ? await enrollmentServicePeriod(tx, caller.scope, v.enrollmentId, caller.tenant.timeZone) : null;
  const [row] = await tx
    .insert(invoices)
    .values(
      caller.scope.values(invoices, {
        id: newId("inv"),
        clientId: v.clientId,
        items,
        currency: v.currency ?? "EUR",
        subtotalCents: a.subtotalCents,
        vatCents: a.vatCents,
        totalCents: a.totalCents,
        dueDate: v.dueDate ?? null,
        paymentTerms: v.paymentTerms ?? null,
        purchaseOrder: v.purchaseOrder ?? null,
        exchangeRateToEur: v.exchangeRateToEur ?? null,
        notes: v.notes ?? null,
        servicePeriodStart: period?.start ?? null,
        servicePeriodEnd: period?.end ?? null,
        enrollmentId: v.enrollmentId ?? null,
        payer: v.payer ?? null,
        createdBy: caller.userId,
        createdAt: now,
        updatedAt: now,
      }),
    )
    .returning();
  await writeAudit(tx, caller, { action: "invoice.created", targetType: "invoice", targetId: row!.id, metadata: { clientId: v.clientId, totalCents: a.totalCents, currency: v.currency ?? "EUR" } });
  return row!;
}

export async function createInvoice(db: Db, caller: Caller, input: TCreateInvoiceInput, now: Date): Promise<TInvoice> {
  const id = await db.transaction(async (tx) => {
    await clientOrFieldError(tx, caller.scope, input.clientId);
    if (input.enrollmentId) await checkEnrollment(tx, caller.scope, input.enrollmentId);
    const items = checkItems(input.items, await loadLegalIdentity(tx, caller.tenant.id), Boolean(input.enrollmentId));
    return (await insertDraft(tx, caller, { ...input, items }, now)).id;
  });
  return getInvoice(db, caller, id, now);
}

function requireDraft(row: InvoiceRow) {
  if (row.status !== "DRAFT") throw conflict("Only a DRAFT invoice can be changed or deleted", "INVOICE_NOT_DRAFT");
}

export async function updateInvoice(db: Db, caller: Caller, input: TUpdateInvoiceInput, now: Date): Promise<TInvoice> {
  await db.transaction(async (tx) => {
    const row = await loadInvoice(tx, caller.scope, input.id, { forUpdate: true });
    requireDraft(row);
    if (input.clientId) await clientOrFieldError(tx, caller.scope, input.clientId);
    const set: Partial<typeof invoices.$inferInsert> = { updatedAt: now };
    if (input.items) {
      const items = checkItems(input.items, await loadLegalIdentity(tx, caller.tenant.id), Boolean(row.enrollmentId));
      const a = await amountsOf(tx, caller, items);
      Object.assign(set, { items, subtotalCents: a.subtotalCents, vatCents: a.vatCents, totalCents: a.totalCents });
    }
    if (input.clientId) set.clientId = input.clientId;
    if (input.currency) set.currency = input.currency;
    if (input.dueDate !== undefined) set.dueDate = input.dueDate;
    if (input.paymentTerms !== undefined) set.paymentTerms = input.paymentTerms;
    if (input.purchaseOrder !== undefined) set.purchaseOrder = input.purchaseOrder;
    if (input.exchangeRateToEur !== undefined) set.exchangeRateToEur = input.exchangeRateToEur;
    if (input.notes !== undefined) set.notes = input.notes;
    if (input.servicePeriod !== undefined) Object.assign(set, { servicePeriodStart: input.servicePeriod?.start ?? null, servicePeriodEnd: input.servicePeriod?.end ?? null });
    await tx.update(invoices).set(set).where(caller.scope.where(invoices, eq(invoices.id, row.id)));
    await writeAudit(tx, caller, { action: "invoice.updated", targetType: "invoice", targetId: row.id, metadata: { fields: Object.keys(input).filter((k) => k !== "id") } });
  });
  return getInvoice(db, caller, input.id, now);
}

/** A draft has no number yet: deleting it leaves no gap in the series. */
export async function deleteInvoice(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await loadInvoice(tx, caller.scope, id, { forUpdate: true });
    requireDraft(row);
    await tx.delete(invoices).where(caller.scope.where(invoices, eq(invoices.id, id)));
    await writeAudit(tx, caller, { action: "invoice.deleted", targetType: "invoice", targetId: id, metadata: { totalCents: row.totalCents } });
  });
}

export async function listInvoices(db: Db, caller: Caller, q: TListInvoicesInput, now: Date) {
  const day = today(caller, now);
  const tz = caller.tenant.timeZone;
  const conds: (SQL | undefined)[] = [];
  if (q.status) {
    // Stored status, brought up to date first (the few invoices that fell due since the hourly job): the filter then walks the status index.
    if (q.status === "ISSUED" || q.status === "OVERDUE") await markOverdueForTenant(db, caller.scope, day, now);
    conds.push(eq(invoices.status, q.status));
  }
  if (q.kind) conds.push(eq(invoices.kind, q.kind));
  if (q.clientId) conds.push(eq(invoices.clientId, q.clientId));
  if (q.enrollmentId) conds.push(eq(invoices.enrollmentId, q.enrollmentId));
  if (q.fromDate) conds.push(gte(invoices.issuedAt, startOfLocalDate(q.fromDate, tz)));
  if (q.toDate) conds.push(lt(invoices.issuedAt, startOfLocalDate(addDays(q.toDate, 1), tz)));
  const where = caller.scope.where(invoices, and(...conds), readableInvoices(caller));
  return paginate(perPagePage(q), {
    rows: (limit, offset) =>
      db
        .select({ invoice: invoices, clientName: billingClients.name })
        .from(invoices)
        .innerJoin(billingClients, sameTenant(billingClients, invoices, billingClients.id, invoices.clientId))
        .where(where)
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(limit)
        .offset(offset),
    total: () => countOf(db.select({ n: count() }).from(invoices).where(where)),
    map: (rows) => rows.map((r) => toInvoiceSummary(r.invoice, r.clientName, day)),
  });
}

/**
 * Which invoices the caller reads: billing staff (`billing.manage`) every invoice of the tenant, a
 * FUNDER (`funders.perimeter`) the issued ones addressed to their funder's billing client
 * (who-may.ts funderInvoices), as a where-clause on `invoices`.
 */
function readableInvoices(caller: Caller): SQL | undefined {
  if (caller.can("billing.manage")) return undefined;
  return caller.can("funders.perimeter") ? funderInvoices(caller) : sql`false`;
}

/** The invoice when the caller reads it (readableInvoices), else 404. */
export async function loadReadableInvoice(db: DbOrTx, caller: Caller, id: string): Promise<InvoiceRow> {
  const [row] = await db.select().from(invoices).where(caller.scope.where(invoices, eq(invoices.id, id), readableInvoices(caller))).limit(1);
  if (!row) throw notFound("Invoice");
  return row;
}

export async function getInvoice(db: DbOrTx, caller: Caller, id: string, now: Date): Promise<TInvoice> {
  const row = await loadReadableInvoice(db, caller, id);
  return serializeWithRelations(db, caller, row, now);
}

async function serializeWithRelations(db: DbOrTx, caller: Caller, row: InvoiceRow, now: Date): Promise<TInvoice> {
  const clientName = row.buyer?.name ?? (await loadClient(db, caller.scope, row.clientId)).name;
  const creditNotes = await db
    .select({ id: invoices.id, number: invoices.number, totalCents: invoices.totalCents, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(caller.scope.where(invoices, eq(invoices.creditedInvoiceId, row.id)))
    // In the series' order (credit notes are issued at creation, so they all have a number).
    .orderBy(invoices.numberYear, invoices.numberSeq, invoices.id);
  let creditedInvoice: { id: string; number: string | null } | null = null;
  if (row.creditedInvoiceId) {
    const orig = await loadInvoice(db, caller.scope, row.creditedInvoiceId);
    creditedInvoice = { id: orig.id, number: orig.number };
  }
  const identity = await loadLegalIdentity(db, caller.tenant.id);
  return toInvoice(row, { clientName, creditNotes, creditedInvoice, profile: identity.facturxProfile, vatRegime: identity.vatRegime }, today(caller, now));
}
