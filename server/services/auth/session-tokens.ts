import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { memberships, refreshTokens, tenants, users } from "../../db/schema";
import { env } from "../../env";
import { signAccessToken, type MembershipClaim } from "../../auth/tokens";
import { forgetSessions } from "../../auth/session-check";
import { sha256Hex } from "../../lib/hash";
import { newId, randomToken } from "../../lib/ids";
import type { TTokens } from "../../contracts/auth";

/** Active memberships of an account, for the access token's `memberships` claim. */
async function membershipClaims(db: DbOrTx, userId: string): Promise<MembershipClaim[]> {
  const rows = await db
    .select({ tenantId: memberships.tenantId, tenantSlug: tenants.slug, role: memberships.role })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, "ACTIVE")));
  return rows;
}

/**
 * Issue an access token and a refresh token (new family unless `familyId` is given).
 * `activeTenant` null is a learner not yet enrolled, or a platform admin on the root domain.
 */
export async function issueTokens(
  db: DbOrTx,
  user: Pick<typeof users.$inferSelect, "id" | "email" | "isPlatformAdmin">,
  activeTenant: { id: string; slug: string } | null,
  now: Date,
  familyId?: string,
): Promise<TTokens> {
  const claims = await membershipClaims(db, user.id);
  const family = familyId ?? newId("rtk");
  const { token, expiresIn } = await signAccessToken(
    {
      sub: user.id,
      email: user.email,
      tenantId: activeTenant?.id ?? null,
      tenantSlug: activeTenant?.slug ?? null,
      activeTenantId: activeTenant?.id ?? null,
      memberships: claims,
      ...(user.isPlatformAdmin ? { platformAdmin: true } : {}),
      fam: family,
    },
    now,
  );
  const refreshToken = `rt_${randomToken(32)}`;
  await db.insert(refreshTokens).values({
    id: newId("rtk"),
    userId: user.id,
    familyId: family,
    tokenHash: sha256Hex(refreshToken),
    activeTenantId: activeTenant?.id ?? null,
    expiresAt: new Date(now.getTime() + env().REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return { accessToken: token, refreshToken, expiresIn };
}

export async function revokeFamily(db: DbOrTx, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  forgetSessions({ familyId });
}

export async function revokeAllForUser(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  forgetSessions({ userId });
}
