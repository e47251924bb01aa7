import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { memberships, tenants } from "../../db/schema";
import { DomainError } from "../../errors";
import { findUserById } from "./accounts";

/** `GET /auth/me`: the account, all its memberships, the active tenant and role. */
export async function authMe(db: Db, userId: string, activeTenantId: string | null) {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError("UNAUTHORIZED", "Unauthorized");
  const rows = await db
    .select({ tenantId: tenants.id, tenantSlug: tenants.slug, tenantName: tenants.name, role: memberships.role, status: memberships.status })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(memberships.userId, userId));
  const active = rows.find((m) => m.tenantId === activeTenantId) ?? null;
  let activeTenant: { id: string; slug: string; name: string } | null = active ? { id: active.tenantId, slug: active.tenantSlug, name: active.tenantName } : null;
  if (!activeTenant && activeTenantId) {
    const [t] = await db.select({ id: tenants.id, slug: tenants.slug, name: tenants.name }).from(tenants).where(eq(tenants.id, activeTenantId)).limit(1);
    activeTenant = t ?? null;
  }
  return {
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, locale: user.locale, isPlatformAdmin: user.isPlatformAdmin },
    memberships: rows,
    activeTenant,
    activeRole: active?.role ?? (activeTenant ? ("LEARNER" as const) : null),
  };
}
