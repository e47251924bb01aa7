import { and, eq } from "drizzle-orm";
import type { Db } from "../../server/db";
import { enrollments, funders } from "../../server/db/schema";

/**
 * Names the funder of an enrollment (by code; the demo's funder@ belongs to OPCO_AKTO), so the
 * tenant's FUNDER members of that funder read it: tests that show a FUNDER reading an
 * enrollment or its documents fund it first (services/platform/who-may.ts funderEnrollments).
 */
export async function fundEnrollment(db: Db, tenantId: string, enrollmentId: string, code = "OPCO_AKTO"): Promise<string> {
  const [funder] = await db.select({ id: funders.id }).from(funders).where(and(eq(funders.tenantId, tenantId), eq(funders.code, code))).limit(1);
  if (!funder) throw new Error(`no funder ${code} in the tenant`);
  await db.update(enrollments).set({ funderId: funder.id }).where(and(eq(enrollments.tenantId, tenantId), eq(enrollments.id, enrollmentId)));
  return funder.id;
}
