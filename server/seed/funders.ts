import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { billingClients, courses, enrollments, funders, memberships } from "../db/schema";
import { forTenant } from "../db/tenant-scope";

/**
 * Idempotent demo links of the FUNDER perimeter (after the funders, enrollments and billing
 * clients exist): AKTO invoices the "AKTO" billing client and funder@ belongs to AKTO; AKTO
 * finances Léa Petit (learner@) in SST and in Excel (completed, with her certificate), OPCO EP
 * finances learner2@ in SST, learner3@'s enrollments are financed by no funder.
 */
export async function seedFunderLinks(db: Db, tenantId: string, people: { funder: string; learner: string; learner2: string }): Promise<void> {
  const scope = forTenant(tenantId);
  const rows = await db.select({ id: funders.id, code: funders.code }).from(funders).where(scope.where(funders, inArray(funders.code, ["OPCO_AKTO", "OPCO_EP"])));
  const akto = rows.find((r) => r.code === "OPCO_AKTO");
  const opcoEp = rows.find((r) => r.code === "OPCO_EP");
  if (!akto || !opcoEp) return;
  const clients = await db.select({ id: billingClients.id, name: billingClients.name }).from(billingClients).where(scope.where(billingClients, eq(billingClients.kind, "OPCO")));
  const clientOf = (name: string) => clients.find((c) => c.name === name)?.id ?? null;
  await db.update(funders).set({ billingClientId: clientOf("AKTO") }).where(scope.where(funders, eq(funders.id, akto.id)));
  await db.update(funders).set({ billingClientId: clientOf("OPCO EP") }).where(scope.where(funders, eq(funders.id, opcoEp.id)));
  await db.update(memberships).set({ funderId: akto.id }).where(scope.where(memberships, eq(memberships.userId, people.funder)));

  const courseIds = await db.select({ id: courses.id, slug: courses.slug }).from(courses).where(scope.where(courses, inArray(courses.slug, ["sauveteur-secouriste-du-travail", "excel-tableaux-croises-dynamiques"])));
  const ids = courseIds.map((c) => c.id);
  if (!ids.length) return;
  await db.update(enrollments).set({ funderId: akto.id }).where(scope.where(enrollments, inArray(enrollments.courseId, ids), eq(enrollments.userId, people.learner)));
  const sst = courseIds.find((c) => c.slug === "sauveteur-secouriste-du-travail");
  if (sst) await db.update(enrollments).set({ funderId: opcoEp.id }).where(scope.where(enrollments, and(eq(enrollments.courseId, sst.id), eq(enrollments.userId, people.learner2))));
}
