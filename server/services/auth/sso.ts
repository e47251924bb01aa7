import { and, eq, isNull, ne } from "drizzle-orm";
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";
import type { Db, DbOrTx } from "../../db";
import { apiKeys, externalIdentities, memberships, tenants, users } from "../../db/schema";
import { forTenant } from "../../db/tenant-scope";
import { DomainError } from "../../errors";
import type { Role } from "../../auth/permissions";
import { sha256Hex } from "../../lib/hash";
import { newId } from "../../lib/ids";
import { writeAudit } from "../platform/audit";
import { emitEvent } from "../platform/events";
import { findUserByEmail, findUserById } from "./accounts";
import { issueTokens } from "./session-tokens";
import type { TTokens } from "../../contracts/auth";
import { inTenant, type RequestActor } from "../../auth/caller";

type TenantRow = typeof tenants.$inferSelect;

const headlessOff = () => new DomainError("NOT_FOUND", "Tenant not found or headless mode is off", { reason: "TENANT_NOT_FOUND" });

const remoteSets = new Map<string, JWTVerifyGetKey>();
function keySet(oidc: NonNullable<TenantRow["oidc"]>): JWTVerifyGetKey {
  if (oidc.jwks) return createLocalJWKSet(oidc.jwks as JSONWebKeySet);
  if (!oidc.jwksUri) throw headlessOff();
  let set = remoteSets.get(oidc.jwksUri);
  if (!set) {
    set = createRemoteJWKSet(new URL(oidc.jwksUri));
    remoteSets.set(oidc.jwksUri, set);
  }
  return set;
}

type Upserted = { userId: string; isNewUser: boolean };

/**
 * Find or create the account behind an external identity in a tenant, link it, and make
 * sure it has a membership there. Idempotent by (tenant, provider, externalId).
 */
async function upsertExternalUser(
  tx: DbOrTx,
  tenantId: string,
  p: { provider: string; externalId: string; email: string; firstName: string; lastName: string; role: Role },
): Promise<Upserted> {
  const scope = forTenant(tenantId);
  const [link] = await tx
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(scope.where(externalIdentities, eq(externalIdentities.provider, p.provider), eq(externalIdentities.externalId, p.externalId)))
    .limit(1);
  let userId = link?.userId;
  let isNewUser = false;
  if (!userId) {
    const existing = await findUserByEmail(tx, p.email);
    if (existing) {
      await assertLinkable(tx, tenantId, existing);
      userId = existing.id;
    } else {
      userId = newId("usr");
      isNewUser = true;
      await tx.insert(users).values({ id: userId, email: p.email.toLowerCase(), firstName: p.firstName, lastName: p.lastName });
    }
    await tx.insert(externalIdentities).values(scope.values(externalIdentities, { id: newId("ext"), userId, provider: p.provider, externalId: p.externalId }));
  }
  const [membership] = await tx.select({ id: memberships.id }).from(memberships).where(scope.where(memberships, eq(memberships.userId, userId))).limit(1);
  if (!membership) {
    await tx.insert(memberships).values(scope.values(memberships, { id: newId("mbr"), userId, role: p.role, status: "ACTIVE" as const }));
    const [user] = await tx.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).limit(1);
    await emitEvent(tx, scope, "user.created", { userId, email: user!.email, firstName: user!.firstName, lastName: user!.lastName, role: p.role, status: "ACTIVE" });
  }
  return { userId, isNewUser };
}

/**
 * An identity provider is configured by one tenant's admin, so it may only claim an existing
 * account by e-mail when that account belongs to this tenant alone: never a platform admin,
 * never an account with a membership elsewhere (it must sign in with its password instead).
 */
async function assertLinkable(tx: DbOrTx, tenantId: string, user: { id: string; isPlatformAdmin: boolean }): Promise<void> {
  const others = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, user.id), ne(memberships.tenantId, tenantId)))
    .limit(1);
  if (user.isPlatformAdmin || others.length > 0) {
    throw new DomainError("CONFLICT", "An account with this e-mail already exists outside this tenant; it must sign in with its password", { reason: "ACCOUNT_EXISTS_OUTSIDE_TENANT" });
  }
}

/** Headless SSO: verify the identity provider's JWT against the tenant's issuer, audience and JWKS. */
export async function exchangeToken(db: Db, tenant: TenantRow, token: string, actor: RequestActor, now: Date): Promise<TTokens & { isNewUser: boolean }> {
  if (tenant.authMode !== "HEADLESS" || !tenant.oidc) throw headlessOff();
  const oidc = tenant.oidc;
  let claims: Record<string, unknown>;
  try {
    const verified = await jwtVerify(token, keySet(oidc), { issuer: oidc.issuer, audience: oidc.audience, currentDate: now });
    claims = verified.payload as Record<string, unknown>;
  } catch {
    await writeAudit(db, inTenant(actor, tenant.id), { action: "auth.token_exchange_failed" });
    throw new DomainError("UNAUTHORIZED", "Token verification failed", { reason: "TOKEN_VERIFICATION_FAILED" });
  }
  const email = typeof claims.email === "string" ? claims.email : null;
  if (typeof claims.sub !== "string" || !email) throw new DomainError("UNAUTHORIZED", "Token verification failed: sub and email claims are required", { reason: "TOKEN_VERIFICATION_FAILED" });
  return db.transaction(async (tx) => {
    const { userId, isNewUser } = await upsertExternalUser(tx, tenant.id, {
      provider: oidc.issuer,
      externalId: claims.sub as string,
      email,
      firstName: typeof claims.given_name === "string" ? claims.given_name : email.split("@")[0]!,
      lastName: typeof claims.family_name === "string" ? claims.family_name : "",
      role: "LEARNER",
    });
    const user = (await findUserById(tx, userId))!;
    await writeAudit(tx, inTenant({ ...actor, userId }, tenant.id), { action: "auth.token_exchange", targetType: "user", targetId: userId });
    const tokens = await issueTokens(tx, user, { id: tenant.id, slug: tenant.slug }, now);
    return { ...tokens, isNewUser };
  });
}

/** The tenant of a service API key (X-API-Key), or 401. */
export async function tenantForApiKey(db: Db, apiKey: string | undefined): Promise<TenantRow> {
  if (!apiKey) throw new DomainError("UNAUTHORIZED", "X-API-Key header required", { reason: "API_KEY_REQUIRED" });
  const [row] = await db
    .select({ tenant: tenants })
    .from(apiKeys)
    .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .where(and(eq(apiKeys.keyHash, sha256Hex(apiKey)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) throw new DomainError("UNAUTHORIZED", "Invalid API key", { reason: "INVALID_API_KEY" });
  return row.tenant;
}

export async function provisionUser(
  db: Db,
  tenant: TenantRow,
  input: { externalId: string; provider: string; email: string; firstName: string; lastName: string; role: Role },
  actor: RequestActor,
): Promise<Upserted> {
  if (tenant.authMode !== "HEADLESS") throw headlessOff();
  return db.transaction(async (tx) => {
    const result = await upsertExternalUser(tx, tenant.id, input);
    await writeAudit(tx, inTenant(actor, tenant.id), { action: "scim.user_provisioned", targetType: "user", targetId: result.userId, metadata: { provider: input.provider, externalId: input.externalId } });
    return result;
  });
}

/** Removes only the external link; the account and its history stay. */
export async function deprovisionUser(db: Db, tenant: TenantRow, p: { externalId: string; tenantSlug: string }, actor: RequestActor): Promise<void> {
  if (p.tenantSlug.toLowerCase() !== tenant.slug) throw new DomainError("NOT_FOUND", "Tenant not found", { reason: "TENANT_NOT_FOUND" });
  if (tenant.authMode !== "HEADLESS") throw headlessOff();
  const scope = forTenant(tenant.id);
  const removed = await db
    .delete(externalIdentities)
    .where(scope.where(externalIdentities, eq(externalIdentities.externalId, p.externalId)))
    .returning({ userId: externalIdentities.userId });
  if (removed.length === 0) throw new DomainError("NOT_FOUND", "External identity not found", { reason: "EXTERNAL_IDENTITY_NOT_FOUND" });
  await writeAudit(db, { ...actor, scope }, { action: "scim.user_deprovisioned", targetType: "user", targetId: removed[0]!.userId, metadata: { externalId: p.externalId } });
}
