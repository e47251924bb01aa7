import type { Db } from "../db/client";
import type { Role } from "../auth/permissions";
import { ensureMembership, ensureTenant, ensureUser } from "./factories";
import { seedCatalogue } from "./catalogue";
import { seedSessions } from "./sessions";
import { reseedFunders } from "../services/tenants/tenants";
import { seedFunderLinks } from "./funders";
import { forTenant } from "../db/tenant-scope";
import { seedDocuments } from "./documents";
import { seedQuality } from "./quality";
import { seedAudit } from "./audit";
import { seedAdaptive } from "./adaptive";
import { seedSurveys } from "./surveys";
import { seedNeeds } from "./needs";
import { seedBillingClients } from "./billing-clients";
import { seedInvoices } from "./invoices";
import { seedPayments } from "./payments";
import { seedBpf } from "./bpf";

/** The demo accounts of conventions §11, per tenant. */
const DEMO_ROLES: { local: string; role: Role; firstName: string; lastName: string }[] = [
  { local: "admin", role: "ADMIN", firstName: "Alice", lastName: "Martin" },
  { local: "creator", role: "CREATOR", firstName: "Claire", lastName: "Dubois" },
  { local: "trainer", role: "TRAINER", firstName: "Thomas", lastName: "Bernard" },
  { local: "learner", role: "LEARNER", firstName: "Léa", lastName: "Petit" },
  { local: "learner2", role: "LEARNER", firstName: "Lucas", lastName: "Moreau" },
  { local: "learner3", role: "LEARNER", firstName: "Inès", lastName: "Garcia" },
  { local: "finance", role: "FINANCIER", firstName: "Fanny", lastName: "Laurent" },
  { local: "funder", role: "FUNDER", firstName: "Fabien", lastName: "Simon" },
];

const DEMO_TENANTS = [
  { slug: "acme", name: "Acme Formation", primaryColor: "#1d4ed8" },
  { slug: "globex", name: "Globex Training", primaryColor: "#047857" },
];

/** Idempotent demo data: tenants, users, the catalogue with enrollments, live sessions with attendance. Later domains add to it. */
export async function seedDemo(db: Db, password: string, opts: { documents?: boolean } = {}): Promise<void> {
  await ensureUser(db, { email: "platform@admin.test", firstName: "Paul", lastName: "Plateforme", password, isPlatformAdmin: true });
  for (const t of DEMO_TENANTS) {
    const tenant = await ensureTenant(db, { slug: t.slug, name: t.name, ofMode: true, aiCredits: 1000, primaryColor: t.primaryColor });
    const ids: Record<string, string> = {};
    for (const r of DEMO_ROLES) {
      const user = await ensureUser(db, { email: `${r.local}@${t.slug}.test`, firstName: r.firstName, lastName: r.lastName, password });
      await ensureMembership(db, tenant.id, user.id, r.role);
      ids[r.local] = user.id;
    }
    await seedBillingClients(db, tenant.id, t.slug, { admin: ids.admin!, learner: ids.learner!, learnerName: "Léa Petit" });
    await seedCatalogue(db, tenant.id, t.slug, { admin: ids.admin!, creator: ids.creator!, trainer: ids.trainer!, learner: ids.learner!, learner2: ids.learner2!, learner3: ids.learner3! });
    await seedSessions(db, tenant.id, { admin: ids.admin!, creator: ids.creator!, trainer: ids.trainer!, learner: ids.learner!, learner2: ids.learner2!, learner3: ids.learner3! });
    await reseedFunders(db, { userId: null, ip: null, userAgent: null, requestId: "seed", scope: forTenant(tenant.id) });
    // The SYSTEM templates now; the certificates once every enrollment exists (below).
    await seedDocuments(db, forTenant(tenant.id), { withPdfs: false });
    await seedQuality(db, tenant.id, { admin: ids.admin!, creator: ids.creator!, learner: ids.learner!, learner2: ids.learner2! });
    // The SST course's audit ZIP holds a real document in every folder (rendered PDFs: only with documents).
    if (opts.documents ?? true) await seedAudit(db, tenant.id, { admin: ids.admin! });
    await seedAdaptive(db, tenant.id, { creator: ids.creator!, learner2: ids.learner2!, learner3: ids.learner3 });
    await seedSurveys(db, tenant.id, t.slug, { learner: ids.learner! });
    await seedInvoices(db, tenant.id, ids.admin!, { withPdfs: opts.documents ?? true });
    await seedFunderLinks(db, tenant.id, { funder: ids.funder!, learner: ids.learner!, learner2: ids.learner2! });
    await seedPayments(db, tenant.id, { admin: ids.admin!, learner: ids.learner!, learner2: ids.learner2!, learner3: ids.learner3! });
    // After the invoices: the needs companies that are not yet billing clients become COMPANY clients, the invoices' clients stay the billing seed's.
    await seedNeeds(db, tenant.id, { admin: ids.admin!, creator: ids.creator!, learner: ids.learner!, learner2: ids.learner2! });
    // Last year's BPF (acme only): a past SST day, minimal invoices, the snapshot GENERATED.
    if (t.slug === "acme") await seedBpf(db, tenant.id, { admin: ids.admin!, creator: ids.creator!, trainer: ids.trainer!, learner: ids.learner!, learner2: ids.learner2!, learner3: ids.learner3! });
    // Last: every COMPLETED enrollment seeded above (catalogue, survey alumni, BPF) gets its certificate.
    await seedDocuments(db, forTenant(tenant.id), { withPdfs: opts.documents ?? true });
  }
}
