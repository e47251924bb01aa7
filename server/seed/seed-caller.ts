import { eq } from "drizzle-orm";
import { buildCaller, type Caller } from "../auth/caller";
import type { Role } from "../auth/permissions";
import type { Db } from "../db/client";
import { tenants } from "../db/schema";
import { forTenant } from "../db/tenant-scope";

/** The caller a seed acts as (the tenant's admin, or another member in `role`), so that demo data goes through the same services as the API. */
export async function seedCaller(db: Db, tenantId: string, userId: string, role: Role = "ADMIN"): Promise<Caller> {
  const [t] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (!t) throw new Error(`seed: tenant ${tenantId} missing`);
  return buildCaller({
    tenant: { id: t.id, slug: t.slug, name: t.name, ofMode: t.ofMode, authMode: t.authMode, timeZone: t.timeZone },
    scope: forTenant(tenantId),
    userId,
    role,
    membershipId: null,
    ip: null,
    userAgent: null,
    requestId: null,
  });
}
