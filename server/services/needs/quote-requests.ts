import { eq, inArray, sql } from "drizzle-orm";
import type { PublicCaller } from "../../auth/caller";
import type { TQuoteRequestInput } from "../../contracts/needs";
import type { Db, DbOrTx } from "../../db";
import { billingClients, courses } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { notFound } from "../../errors";
import { tenantUrl } from "../../lib/urls";
import { notifyUsers } from "../notifications/notifications";
import { writeAudit } from "../platform/audit";
import { mailerFor } from "../mail";
import { mailStaff, tenantInfo } from "../quality/members";
import { analyseNeeds, insertNeedsAnalysis } from "./analyses";
import { COMPANY_KINDS, insertCompany } from "./companies";

/** Who is told of a quote request: the members who manage the client companies (ACTIVE ADMINs). */
const RECIPIENTS = "companies.manage" as const;

async function publishedCourse(db: DbOrTx, scope: TenantScope, slug: string) {
  const [c] = await db
    .select({ id: courses.id, title: courses.title, level: courses.level })
    .from(courses)
    .where(scope.where(courses, eq(courses.status, "PUBLISHED"), eq(courses.slug, slug.toLowerCase())))
    .limit(1);
  if (!c) throw notFound("Course");
  return c;
}

/**
 * The tenant's COMPANY or OPCO billing client of that name (case and surrounding spaces ignored;
 * the request carries no SIRET), else a new COMPANY client with the request's contact.
 */
async function companyFor(tx: DbOrTx, caller: PublicCaller, input: TQuoteRequestInput, now: Date): Promise<string> {
  const [found] = await tx
    .select({ id: billingClients.id })
    .from(billingClients)
    .where(
      caller.scope.where(
        billingClients,
        inArray(billingClients.kind, [...COMPANY_KINDS]),
        sql`lower(trim(${billingClients.name})) = ${input.companyName.trim().toLowerCase()}`,
      ),
    )
    .orderBy(billingClients.createdAt, billingClients.id)
    .limit(1);
  if (found) return found.id;
  const row = await insertCompany(tx, caller, { name: input.companyName, contactName: input.contactName, contactEmail: input.email, contactPhone: input.phone ?? null }, now);
  await writeAudit(tx, caller, { action: "billing_client.created", targetType: "billing_client", targetId: row.id, metadata: { name: row.name, kind: row.kind, source: "QUOTE_REQUEST" } });
  return row.id;
}

/**
 * POST /public/courses/{slug}/quote-requests: a visitor (signed in or not) asks a quote for a
 * PUBLISHED course. The recommendations are computed first (outside the transaction, as for
 * POST /needs-analysis); then in one transaction: the company (found by name, else created with
 * the contact), a needs analysis with source QUOTE_REQUEST (objective: the course; context: the
 * message), an in-app notification and an e-mail (outbox) to each ACTIVE ADMIN, and an
 * acknowledgement e-mail to the visitor (in `locale`, default fr).
 */
export async function requestQuote(db: Db, caller: PublicCaller, input: TQuoteRequestInput, now: Date) {
  const scope = caller.scope;
  const course = await publishedCourse(db, scope, input.slug);
  const fields = {
    objectives: [course.title],
    currentLevel: "BEGINNER" as const,
    targetLevel: course.level ?? ("BEGINNER" as const),
    context: input.message,
    fundingSource: undefined,
  };
  const analysed = await analyseNeeds(db, scope, fields);
  const tenant = await tenantInfo(db, scope.tenantId);
  return db.transaction(async (tx) => {
    const companyId = await companyFor(tx, caller, input, now);
    const id = await insertNeedsAnalysis(tx, caller, { ...fields, companyId, source: "QUOTE_REQUEST", requestedCourseId: course.id, learnerCount: input.learners }, analysed, now);
    const vars = { course: course.title, company: input.companyName, learners: String(input.learners) };
    const send = mailerFor(tx, scope);
    const admins = await mailStaff(
      tx,
      scope,
      RECIPIENTS,
      {
        template: "quote-requested",
        dedupeKey: `quote-requested:${id}`,
        vars: () => ({ ...vars, contactName: input.contactName, email: input.email, phone: input.phone ?? "", message: input.message, link: tenantUrl(tenant.slug, "/needs") }),
      },
      send,
    );
    await notifyUsers(tx, scope, admins.map((a) => a.userId), { kind: "quote.requested", vars, link: "/needs", subjectId: id }, now);
    // The visitor's acknowledgement, in the page's language.
    await send({
      dedupeKey: `quote-acknowledged:${id}`,
      to: input.email,
      template: "quote-acknowledged",
      locale: input.locale ?? "fr",
      vars: { ...vars, contactName: input.contactName, link: tenantUrl(tenant.slug, `/formations/${input.slug.toLowerCase()}`) },
    });
    return { needsAnalysisId: id, companyId, notifiedAdmins: admins.map((a) => a.userId), createdAt: now.toISOString() };
  });
}
