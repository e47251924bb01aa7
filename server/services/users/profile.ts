import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { memberships, users } from "../../db/schema";
import type { TenantAccess } from "../../db/tenant-scope";
import { DomainError } from "../../errors";
import { findUserById, type AccountProfile } from "../auth/accounts";

/**
 * `GET /users/me`: the account with its role in the tenant named by X-Tenant-ID (or the
 * sub-domain), else in the token's active tenant; role null for a learner with no membership.
 */
export async function getProfile(tenantRef: string | null, accountOf: () => Promise<AccountProfile | undefined>, accessOf: (ref: string) => Promise<TenantAccess | null>) {
  const user = await accountOf();
  if (!user) throw new DomainError("UNAUTHORIZED", "Unauthorized");
  let tenant: { id: string; slug: string } | null = null;
  let membership: { role: (typeof memberships.$inferSelect)["role"]; status: (typeof memberships.$inferSelect)["status"] } | null = null;
  if (tenantRef) {
    const access = await accessOf(tenantRef);
    if (!access) throw new DomainError("NOT_FOUND", "Tenant not found", { reason: "TENANT_NOT_FOUND" });
    tenant = { id: access.tenant.id, slug: access.tenant.slug };
    membership = access.membership ?? (access.hasEnrollment ? { role: "LEARNER", status: "ACTIVE" } : null);
  }
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: membership?.role ?? null,
    status: membership?.status ?? null,
    avatarUrl: user.avatarUrl,
    locale: user.locale,
    tenantId: tenant?.id ?? null,
    tenantSlug: tenant?.slug ?? null,
    isPlatformAdmin: user.isPlatformAdmin,
    preferences: { notifications: user.notifications },
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}

export async function updatePreferences(
  db: Db,
  userId: string,
  input: { notifications?: Partial<{ email: boolean; push: boolean; weeklyDigest: boolean }>; locale?: string },
  now: Date,
) {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError("UNAUTHORIZED", "Unauthorized");
  const notifications = { ...user.notifications, ...input.notifications };
  const [row] = await db
    .update(users)
    .set({ notifications, ...(input.locale ? { locale: input.locale } : {}), updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return { notifications: row!.notifications, locale: row!.locale, updatedAt: row!.updatedAt.toISOString() };
}
