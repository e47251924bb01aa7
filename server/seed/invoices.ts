import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { billingClients, invoices, tenants, tenantLegalIdentities } from "../db/schema";
import { forTenant } from "../db/tenant-scope";
import { addDays, localDate } from "../lib/local-date";
import { cancelInTransaction } from "../services/billing/invoice-actions";
import { creditNoteInTransaction, issueInTransaction } from "../services/billing/invoice-issue";
import { storeInvoicePdf } from "../services/billing/invoice-pdf";
import { EXEMPTION_REASON } from "../services/billing/amounts";
import { insertDraft, loadInvoice } from "../services/billing/invoices";
import { seedCaller } from "./seed-caller";

const DAY = 86_400_000;
/** The seed's documents are validated by tests/integration/invoice-validation.test.ts, not at each seeding (invoice-issue.ts IssueOptions). */
export const SEED_ISSUE = { facturxValidation: "skip" } as const;

/**
 * Demo invoices (issue #12 item 8), through the invoice services: per tenant a PAID invoice, an
 * OVERDUE one (issued 60 days ago, due 30 days ago), a CANCELLED one (by its credit note), an ISSUED one with a partial
 * credit note, a recent ISSUED one and a DRAFT, issued oldest first so the numbers run with the
 * dates. PDFs are rendered at once only when `withPdfs` (the CLI seed); otherwise the render jobs
 * enqueued at issue do it (tests: drainJobs). Idempotent: a
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
  const exempt = identity.vatRegime === "EXEMPT_261_4_4A";
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  // Each line says whether it is training (BPF frame C) or not (supports, meals: turnover only),
  // and its VAT: training is exempt (art. 261-4-4° a: E with its ground, named explicitly by a
  // liable organisation); the rest is at 0 % (E) for an exempt organisation, 20 % for a liable one;
  // `taxable` lines (room hire, consulting) are at 20 % whatever the regime.
  type Line = { description: string; quantity: number; unitPriceCents: number; vatRate: number; discountCents?: number; kind: "TRAINING" | "OTHER"; vatCategory?: "E"; vatExemptionReason?: string };
  const line = (description: string, quantity: number, unitPriceCents: number, discountCents?: number, opts: { taxable?: boolean } = {}): Line => {
    const kind = description.startsWith("Formation") ? ("TRAINING" as const) : ("OTHER" as const);
    const vat = opts.taxable ? { vatRate: 20 } : exempt ? { vatRate: 0 } : kind === "TRAINING" ? { vatRate: 0, vatCategory: "E" as const, vatExemptionReason: EXEMPTION_REASON } : { vatRate: 20 };
    return { description, quantity, unitPriceCents, ...vat, ...(discountCents ? { discountCents } : {}), kind };
  };
  const issued: string[] = [];

  const make = async (o: { clientId: string; daysAgo: number; items: Line[]; issue: boolean; dueInDays?: number; purchaseOrder?: string }) =>
    db.transaction(async (tx) => {
      const when = at(o.daysAgo);
      const due = o.dueInDays === undefined ? null : addDays(localDate(when, tenant.timeZone), o.dueInDays);
      const draft = await insertDraft(tx, caller, { clientId: o.clientId, items: o.items, dueDate: due, purchaseOrder: o.purchaseOrder ?? null }, when);
      if (!o.issue) return draft.id;
      const row = await issueInTransaction(tx, caller, draft, () => when, SEED_ISSUE);
      issued.push(row.id);
      return row.id;
    });

  const paid = await make({ clientId: opco.id, daysAgo: 90, items: [line("Formation « Sauveteur Secouriste du Travail » — prise en charge OPCO, 4 stagiaires", 4, 32_000)], issue: true, purchaseOrder: "AKTO-2026-0412" });
  await db.update(invoices).set({ status: "PAID", paidAt: at(70), updatedAt: at(70) }).where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, paid)));
  // A mixed invoice: exempt training with what stays taxable (room hire for an exempt organisation, consulting for a liable one).
  await make({
    clientId: company[0]!.id,
    daysAgo: 60,
    dueInDays: 30,
    items: [
      line("Formation « Habilitation électrique B0-H0V » — 2 jours", 2, 65_000),
      line("Support de cours", 6, 2_500, 1_500),
      exempt ? line("Location de la salle de formation — 2 jours", 2, 18_000, undefined, { taxable: true }) : line("Conseil : analyse des risques électriques du site", 1, 60_000, undefined, { taxable: true }),
    ],
    issue: true,
  });
  const cancelled = await make({ clientId: company[0]!.id, daysAgo: 40, items: [line("Formation SST — session annulée", 1, 90_000)], issue: true });
  // Cancelled as the API does: by the credit note covering it (its own number, issued 38 days ago).
  issued.push((await db.transaction((tx) => cancelInTransaction(tx, caller, { id: cancelled, reason: "Session annulée à la demande du client" }, at(38), SEED_ISSUE))).id);
  const credited = await make({ clientId: (company[1] ?? company[0])!.id, daysAgo: 20, items: [line("Formation « Gestes et postures » — 3 stagiaires", 3, 28_000), line("Déjeuners", 3, 1_800)], issue: true });
  await db.transaction(async (tx) => {
    await loadInvoice(tx, scope, credited, { forUpdate: true });
    const note = await creditNoteInTransaction(tx, caller, { id: credited, reason: "Un stagiaire absent, déjeuner non servi", items: [line("Déjeuner non servi", 1, 1_800)] }, () => at(10), SEED_ISSUE);
    issued.push(note.id);
  });
  await make({ clientId: (person ?? company[0])!.id, daysAgo: 3, items: [line("Formation « Bureautique : Excel perfectionnement » — reste à charge", 1, 45_000)], issue: true });
  await make({ clientId: company[0]!.id, daysAgo: 1, items: [line("Formation « Management d'équipe » — 2 jours", 2, 80_000)], issue: false });
  // The OVERDUE one reads OVERDUE at once (invoice-status.ts); store it too, as the hourly job would.
  await db.update(invoices).set({ status: "OVERDUE" }).where(and(eq(invoices.tenantId, tenantId), eq(invoices.status, "ISSUED"), eq(invoices.dueDate, addDays(localDate(at(60), tenant.timeZone), 30))));
  if (opts.withPdfs) for (const id of issued) await storeInvoicePdf(db, scope, id);
}
