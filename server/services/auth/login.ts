import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db";
import { refreshTokens, users } from "../../db/schema";
import { resolveTenantAccess } from "../../db/tenant-scope";
import { env } from "../../env";
import { DomainError } from "../../errors";
import { verifyPassword } from "../../auth/passwords";
import { sha256Hex } from "../../lib/hash";
import { clearLoginFailures, lockedError, loginLock, recordLoginFailure } from "./login-throttle";
import { writeAudit } from "../platform/audit";
import { assertTenantActive } from "../tenants/status";
import { findUserByEmail, findUserById } from "./accounts";
import { issueTokens, revokeFamily } from "./session-tokens";
import type { TTokens } from "../../contracts/auth";
import { inTenant, type RequestActor } from "../../auth/caller";

const INVALID = () => new DomainError("UNAUTHORIZED", "Invalid credentials", { reason: "INVALID_CREDENTIALS" });

const TENANT_REQUIRED = () =>
  new DomainError("BAD_REQUEST", "Tenant required: send the X-Tenant-ID header or use the tenant's sub-domain (only platform administrators sign in without one)", {
    reason: "TENANT_REQUIRED",
  });

/**
 * Password login. Without a tenant (X-Tenant-ID or sub-domain), only valid credentials of a platform
 * administrator succeed; anything else answers 400 TENANT_REQUIRED (the same for a wrong password, so nothing is revealed).
 * The same 401 for an unknown e-mail, a wrong password or an account with no access to the tenant (no enumeration);
 * 10 failures in 15 minutes lock that e-mail *from that client address* (429, growing on repeat: login-throttle.ts),
 * never the owner's other addresses; 30 failures from one address across any accounts lock that address (429).
 */
export async function login(
  db: Db,
  input: { email: string; password: string; tenantRef: string | null },
  actor: RequestActor,
  now: Date,
): Promise<TTokens> {
  const locked = await loginLock(db, input.email, actor.ip, now);
  if (locked) throw locked;

  const access = input.tenantRef ? await resolveTenantAccess(db, input.tenantRef, null) : null;
  if (input.tenantRef && !access) throw new DomainError("NOT_FOUND", "Tenant not found", { reason: "TENANT_NOT_FOUND" });
  const tenant = access?.tenant ?? null;
  if (tenant) assertTenantActive(tenant); // 403 before any credential check: the status is public (GET /tenants/{slug})

  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    const state = await recordLoginFailure(db, input.email, actor.ip, now);
    await writeAudit(db, inTenant({ ...actor, userId: user?.id ?? null }, tenant?.id ?? null), {
      action: "auth.login_failed",
      targetType: "user",
      targetId: user?.id,
      metadata: { email: input.email.toLowerCase(), failures: state.failures },
    });
    if ((state.addressLocked || state.failures > env().LOGIN_MAX_FAILURES) && state.lockedUntil) throw lockedError(state.lockedUntil, now);
    throw tenant ? INVALID() : TENANT_REQUIRED();
  }
  // Without a tenant only a platform administrator signs in (their token has no active tenant).
  if (!tenant && !user.isPlatformAdmin) throw TENANT_REQUIRED();

  let active: { id: string; slug: string } | null = null;
  if (tenant) {
    const mine = await resolveTenantAccess(db, tenant.id, user.id);
    const membership = mine?.membership;
    if (membership?.status === "SUSPENDED") {
      await writeAudit(db, inTenant({ ...actor, userId: user.id }, tenant.id), { action: "auth.login_refused_suspended", targetType: "user", targetId: user.id });
      throw new DomainError("FORBIDDEN", "Account suspended", { reason: "ACCOUNT_SUSPENDED" });
    }
    const allowed = membership?.status === "ACTIVE" || (!membership && mine?.hasEnrollment);
    if (!allowed) throw INVALID();
    active = { id: tenant.id, slug: tenant.slug };
  }

  await clearLoginFailures(db, input.email, actor.ip);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    await writeAudit(tx, inTenant({ ...actor, userId: user.id }, active?.id ?? null), { action: "auth.login", targetType: "user", targetId: user.id });
    return issueTokens(tx, user, active, now);
  });
}

const INVALID_REFRESH = () => new DomainError("UNAUTHORIZED", "Invalid or expired refresh token", { reason: "INVALID_REFRESH_TOKEN" });

/**
 * Rotation: each refresh token works once. Presenting a used (or revoked) one revokes the
 * whole family: whoever holds the stolen copy and the victim are both logged out.
 */
export async function refresh(db: Db, refreshToken: string, actor: RequestActor, now: Date): Promise<TTokens> {
  const hash = sha256Hex(refreshToken);
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1);
  if (!row) throw INVALID_REFRESH();
  if (row.usedAt || row.revokedAt) {
    await revokeFamily(db, row.familyId, now);
    await writeAudit(db, inTenant({ ...actor, userId: row.userId }, row.activeTenantId), {
      action: "auth.refresh_reuse_detected",
      targetType: "user",
      targetId: row.userId,
      metadata: { familyId: row.familyId },
    });
    throw INVALID_REFRESH();
  }
  if (row.expiresAt <= now) throw INVALID_REFRESH();

  const result = await db.transaction(async (tx) => {
    // Single use, even under concurrent calls with the same token.
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return null;
    const user = await findUserById(tx, row.userId);
    if (!user) return null;
    let active: { id: string; slug: string } | null = null;
    if (row.activeTenantId) {
      const access = await resolveTenantAccess(tx, row.activeTenantId, user.id);
      if (!access) return null;
      if (access.membership?.status === "SUSPENDED") return "suspended" as const;
      if (!access.membership && !access.hasEnrollment) return null;
      active = { id: access.tenant.id, slug: access.tenant.slug };
    }
    return issueTokens(tx, user, active, now, row.familyId);
  });
  if (result === "suspended") {
    await revokeFamily(db, row.familyId, now);
    throw new DomainError("UNAUTHORIZED", "Account suspended", { reason: "ACCOUNT_SUSPENDED" });
  }
  if (!result) {
    await revokeFamily(db, row.familyId, now);
    throw INVALID_REFRESH();
  }
  return result;
}

/** Logout revokes the refresh token's family. Tokens of other users are left alone. */
export async function logout(db: Db, userId: string, refreshToken: string, actor: RequestActor, now: Date): Promise<void> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken))).limit(1);
  if (!row || row.userId !== userId) return;
  await revokeFamily(db, row.familyId, now);
  await writeAudit(db, inTenant({ ...actor, userId }, row.activeTenantId), { action: "auth.logout", targetType: "user", targetId: userId });
}
