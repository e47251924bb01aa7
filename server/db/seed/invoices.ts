import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { billingClients, invoices, tenants, tenantLegalIdentities } from "../schema";
import { forTenant } from "../tenant-scope";
import { addDays, localDate } from "../../lib/local-date";
import { creditNoteInTransaction, issueInTransaction } from "../../services/billing/invoice-issue";
import { storeInvoicePdf } from "../../services/billing/invoice-pdf";
import { insertDraft, loadInvoice } from "../../services/billing/invoices";
import { seedCaller } from "./seed-caller";

const DAY = 86_400_000;

/**
 * Demo invoices (issue #12 item 8), through the invoice services: per tenant a PAID invoice, an
 * OVERDUE one (issued 60 days ago, due 30 days ago), a CANCELLED one, an ISSUED one with a partial
 * credit note, a recent ISSUED one and a DRAFT, issued oldest first so the numbers run with the
 * dates. PDFs are rendered only when `withPdfs` (the CLI seed; tests skip them). Idempotent: a
 * tenant that already has invoices is left alone. Needs the legal identity and the clients of
 * seed/billing-clients.ts.
 */
export async function seedInvoices(db: Db, tenantId: string, adminId: string, opts: { withPdfs: boolean }): Promise<void> {
  const scope = forTenant(tenantId);
  const [any] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.tenantId, tenantId)).limit(1);
  if (any) return;
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  const [identity] = await db.select().from(tenantLegalIdentities).where(eq(tenantLegalIdentities.tenantId, tenantId)).limit(1);
  if (!tenant || !identity) return;
  const clients = await db.select({ id: billingClients.id, name: billingClients.name, kind: billingClients.kind }).from(billingClients).where(eq(billingClients.tenantId, tenantId));
  const company = clients.filter((c) => c.kind === "COMPANY");
  const opco = clients.find((c) => c.kind === "OPCO");
  const person = clients.find((c) => c.kind === "INDIVIDUAL");
  if (!company.length || !opco) return;
  const caller = await seedCaller(db, tenantId, adminId);
  const vatRate = identity.vatRegime === "EXEMPT_261_4_4A" ? 0 : 20;
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  // Each line says whether it is training (BPF frame C) or not (supports, meals: turnover only).
  const line = (description: string, quantity: number, unitPriceCents: number, discountCents?: number) => ({
    description,
    quantity,
    unitPriceCents,
    vatRate,
    ...(discountCents ? { discountCents } : {}),
    kind: description.startsWith("Formation") ? ("TRAINING" as const) : ("OTHER" as const),
  });
  const issued: string[] = [];

  const make = async (o: { clientId: string; daysAgo: number; items: ReturnType<typeof line>[]; issue: boolean; dueInDays?: number; purchaseOrder?: string }) =>
    db.transaction(async (tx) => {
      const when = at(o.daysAgo);
      const due = o.dueInDays === undefined ? null : addDays(localDate(when, tenant.timeZone), o.dueInDays);
      const draft = await insertDraft(tx, caller, { clientId: o.clientId, items: o.items, dueDate: due, purchaseOrder: o.purchaseOrder ?? null }, when);
      if (!o.issue) return draft.id;
      const row = await issueInTransaction(tx, caller, draft, () => when);
      issued.push(row.id);
      return row.id;
    });

  const paid = await make({ clientId: opco.id, daysAgo: 90, items: [line("Formation « Sauveteur Secouriste du Travail » — prise en charge OPCO, 4 stagiaires", 4, 32_000)], issue: true, purchaseOrder: "AKTO-2026-0412" });
  await db.update(invoices).set({ status: "PAID", paidAt: at(70), updatedAt: at(70) }).where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, paid)));
  await make({ clientId: company[0]!.id, daysAgo: 60, dueInDays: 30, items: [line("Formation « Habilitation électrique B0-H0V » — 2 jours", 2, 65_000), line("Support de cours", 6, 2_500, 1_500)], issue: true });
  const cancelled = await make({ clientId: company[0]!.id, daysAgo: 40, items: [line("Formation SST — session annulée", 1, 90_000)], issue: true });
  await db.update(invoices).set({ status: "CANCELLED", cancelledAt: at(38), cancelReason: "Session annulée à la demande du client", updatedAt: at(38) }).where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, cancelled)));
  const credited = await make({ clientId: (company[1] ?? company[0])!.id, daysAgo: 20, items: [line("Formation « Gestes et postures » — 3 stagiaires", 3, 28_000), line("Déjeuners", 3, 1_800)], issue: true });
  await db.transaction(async (tx) => {
    await loadInvoice(tx, scope, credited, { forUpdate: true });
    const note = await creditNoteInTransaction(tx, caller, { id: credited, reason: "Un stagiaire absent, déjeuner non servi", items: [line("Déjeuner non servi", 1, 1_800)] }, () => at(10));
    issued.push(note.id);
  });
  await make({ clientId: (person ?? company[0])!.id, daysAgo: 3, items: [line("Formation « Bureautique : Excel perfectionnement » — reste à charge", 1, 45_000)], issue: true });
  await make({ clientId: company[0]!.id, daysAgo: 1, items: [line("Formation « Management d'équipe » — 2 jours", 2, 80_000)], issue: false });
  // The OVERDUE one reads OVERDUE at once (invoice-status.ts); store it too, as the hourly job would.
  await db.update(invoices).set({ status: "OVERDUE" }).where(and(eq(invoices.tenantId, tenantId), eq(invoices.status, "ISSUED"), eq(invoices.dueDate, addDays(localDate(at(60), tenant.timeZone), 30))));
  if (opts.withPdfs) for (const id of issued) await storeInvoicePdf(db, scope, id);
}
