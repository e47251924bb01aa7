import { and, count, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { apiKeys, courses, funders, memberships, payments, tenants, users } from "../../db/schema";
import { forTenant, type TenantScope } from "../../db/tenant-scope";
import { DomainError, notFound } from "../../errors";
import { sha256Hex } from "../../lib/hash";
import { newId, randomToken } from "../../lib/ids";
import { RESERVED_SLUGS, SLUG_PATTERN, slugify } from "../../lib/slug";
import { writeAudit } from "../platform/audit";
import { emitEvent } from "../platform/events";
import { findUserByEmail } from "../auth/accounts";
import { sendInvitation } from "../auth/invitations";
import { STANDARD_FUNDERS } from "./funders";
import { ensureSystemTemplates } from "../templates/templates";
import { publicProfile, serializeTenant } from "./serialize";
import type { TTenant } from "../../contracts/tenants";
import { checkBrandingContrast } from "../../../lib/branding";
import type { Caller, RequestActor } from "../../auth/caller";

type TenantRow = typeof tenants.$inferSelect;

export async function getTenantById(db: Db, id: string): Promise<TenantRow> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  if (!row) throw notFound("Tenant");
  return row;
}

/** A tenant's public profile, named by its slug or its id. */
export async function getTenantPublicProfile(db: Db, slugOrId: string) {
  const [row] = await db
    .select()
    .from(tenants)
    .where(or(eq(tenants.slug, slugOrId.toLowerCase()), eq(tenants.id, slugOrId)))
    .limit(1);
  if (!row) throw notFound("Tenant");
  return publicProfile(row);
}

/** The path's `{id}` must name the caller's tenant (id or slug); another tenant is simply not found. */
export function assertSameTenant(pathId: string, tenant: { id: string; slug: string }): void {
  if (pathId !== tenant.id && pathId.toLowerCase() !== tenant.slug) throw notFound("Tenant");
}

async function assertDomainFree(db: Db, domain: string, exceptId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(exceptId ? and(eq(tenants.domain, domain), ne(tenants.id, exceptId)) : eq(tenants.domain, domain))
    .limit(1);
  if (taken) throw new DomainError("CONFLICT", "Domain already used", { reason: "DOMAIN_ALREADY_USED" });
}

export type CreateTenantInput = {
  name: string;
  slug?: string;
  ofMode: boolean;
  authMode: "PASSWORD" | "HEADLESS";
  branding?: { displayName?: string | null; primaryColor?: string | null; logoUrl?: string | null };
  domain?: string;
  admin?: { email: string; firstName: string; lastName: string };
};

/** Platform admins create tenants; the optional admin is invited as ADMIN. */
export async function createTenant(db: Db, input: CreateTenantInput, actor: RequestActor & { name: string }, now: Date): Promise<TTenant> {
  const slug = input.slug ?? slugify(input.name);
  if (!SLUG_PATTERN.test(slug) || RESERVED_SLUGS.has(slug)) {
    throw new DomainError("BAD_REQUEST", "Invalid slug", { reason: "INVALID_SLUG", fields: { slug: ["Lower-case letters, digits and hyphens; not a reserved name"] } });
  }
  const [taken] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug)).limit(1);
  if (taken) throw new DomainError("CONFLICT", "Slug already used", { reason: "SLUG_ALREADY_USED" });
  if (input.domain) await assertDomainFree(db, input.domain);

  const tenantId = newId("ten");
  const invite = await db.transaction(async (tx) => {
    await tx.insert(tenants).values({
      id: tenantId,
      slug,
      name: input.name,
      ofMode: input.ofMode,
      authMode: input.authMode,
      branding: { displayName: input.branding?.displayName ?? input.name, primaryColor: input.branding?.primaryColor ?? null, logoUrl: input.branding?.logoUrl ?? null },
      domain: input.domain ?? null,
    });
    await writeAudit(tx, { ...actor, scope: forTenant(tenantId) }, { action: "tenant.created", targetType: "tenant", targetId: tenantId, metadata: { slug } });
    await ensureSystemTemplates(tx, forTenant(tenantId), now);
    if (!input.admin) return null;
    const scope = forTenant(tenantId);
    let user = await findUserByEmail(tx, input.admin.email);
    if (!user) {
      const [created] = await tx
        .insert(users)
        .values({ id: newId("usr"), email: input.admin.email.toLowerCase(), firstName: input.admin.firstName, lastName: input.admin.lastName })
        .returning();
      user = created!;
    }
    const membershipId = newId("mbr");
    await tx.insert(memberships).values(scope.values(memberships, { id: membershipId, userId: user.id, role: "ADMIN" as const, status: "INVITED" as const, invitedBy: actor.userId ?? null }));
    await emitEvent(tx, scope, "user.created", { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: "ADMIN", status: "INVITED" });
    return { membershipId, user };
  });
  if (invite) {
    await sendInvitation(db, { membershipId: invite.membershipId, tenant: { id: tenantId, slug }, user: invite.user, inviterName: actor.name }, now);
  }
  return serializeTenant(await getTenantById(db, tenantId));
}

export type UpdateTenantInput = {
  name?: string;
  branding?: { displayName?: string | null; primaryColor?: string | null; logoUrl?: string | null };
  auth?: { mode: "PASSWORD" | "HEADLESS"; oidc?: { issuer: string; audience: string; jwksUri?: string | null; jwks?: { keys: unknown[] } | null } | null };
  integrations?: Record<string, unknown>;
  domain?: string | null;
};

/** Name, branding, auth settings, integrations and domain. The slug never changes. */
/** `caller`: the tenant's ADMIN (PATCH /tenants/{id}) or a platform administrator acting in the tenant's scope. */
export async function updateTenant(db: Db, caller: RequestActor & { scope: TenantScope }, input: UpdateTenantInput, now: Date): Promise<TTenant> {
  const tenantId = caller.scope.tenantId;
  const current = await getTenantById(db, tenantId);
  if (input.branding?.primaryColor) assertReadableColour(input.branding.primaryColor);
  if (input.domain) await assertDomainFree(db, input.domain, tenantId);
  if (input.auth?.mode === "HEADLESS") {
    const oidc = input.auth.oidc === undefined ? current.oidc : input.auth.oidc;
    if (!oidc || (!oidc.jwks && !oidc.jwksUri)) {
      throw new DomainError("BAD_REQUEST", "Validation failed", { fields: { "auth.oidc": ["HEADLESS mode needs an issuer, an audience and a JWKS (inline or URL)"] } });
    }
  }
  await db.transaction(async (tx) => {
    await tx
      .update(tenants)
      .set({
        ...(input.name ? { name: input.name } : {}),
        ...(input.branding ? { branding: { ...current.branding, ...input.branding } } : {}),
        ...(input.auth ? { authMode: input.auth.mode, ...(input.auth.oidc !== undefined ? { oidc: input.auth.oidc } : {}) } : {}),
        ...(input.integrations ? { integrations: input.integrations } : {}),
        ...(input.domain !== undefined ? { domain: input.domain } : {}),
        updatedAt: now,
      })
      .where(eq(tenants.id, tenantId));
    await writeAudit(tx, caller, {
      action: "tenant.updated",
      targetType: "tenant",
      targetId: tenantId,
      metadata: { fields: Object.keys(input).filter((k) => (input as Record<string, unknown>)[k] !== undefined) },
    });
  });
  return serializeTenant(await getTenantById(db, tenantId));
}

/** A tenant colour is link ink on white and a button background: WCAG AA (4.5:1 against white) or 422. */
function assertReadableColour(primaryColor: string): void {
  const check = checkBrandingContrast(primaryColor);
  if (!check || check.ok) return;
  const ratio = check.ratio.toFixed(1);
  throw new DomainError("UNPROCESSABLE", `Primary colour contrast ${ratio}:1 against white is below ${check.required}:1 (WCAG AA)`, {
    reason: "BRANDING_CONTRAST_TOO_LOW",
    fields: { "branding.primaryColor": [`Contrast ${ratio}:1 against white; at least ${check.required}:1 required`] },
    params: { ratio: check.ratio, required: check.required },
  });
}

export async function setOfMode(db: Db, caller: Caller, enabled: boolean, now: Date): Promise<TTenant> {
  const tenantId = caller.tenant.id;
  await db.transaction(async (tx) => {
    await tx.update(tenants).set({ ofMode: enabled, updatedAt: now }).where(eq(tenants.id, tenantId));
    await writeAudit(tx, caller, { action: "tenant.of_mode_changed", targetType: "tenant", targetId: tenantId, metadata: { enabled } });
  });
  return serializeTenant(await getTenantById(db, tenantId));
}

/** Key figures for the dashboard. `users` counts ACTIVE members only: an invitation not yet accepted is not a member at work. */
export async function tenantStats(db: Db, tenantId: string) {
  const scope = forTenant(tenantId);
  const roleRows = await db
    .select({ role: memberships.role, n: count() })
    .from(memberships)
    .where(scope.where(memberships, eq(memberships.status, "ACTIVE")))
    .groupBy(memberships.role);
  const [courseRow] = await db
    .select({ total: count(), published: sql<number>`count(*) filter (where ${courses.status} = 'PUBLISHED')`.mapWith(Number) })
    .from(courses)
    .where(scope.where(courses));
  const [payRow] = await db
    .select({
      total: count(),
      captured: sql<number>`count(*) filter (where ${payments.status} = 'CAPTURED')`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'CAPTURED'), 0)`.mapWith(Number),
    })
    .from(payments)
    .where(scope.where(payments));
  const byRole = Object.fromEntries(roleRows.map((r) => [r.role, Number(r.n)]));
  return {
    users: { total: roleRows.reduce((a, r) => a + Number(r.n), 0), byRole },
    courses: { total: Number(courseRow?.total ?? 0), published: courseRow?.published ?? 0 },
    payments: { total: Number(payRow?.total ?? 0), captured: payRow?.captured ?? 0, capturedAmountCents: payRow?.amount ?? 0 },
  };
}

/** Idempotent: adds the standard funders the tenant does not have yet. */
/** `by`: the procedure's caller, or the seed's actor (any RequestActor with the tenant's scope). */
export async function reseedFunders(db: Db, by: RequestActor & { scope: TenantScope }) {
  const { scope } = by;
  const tenantId = scope.tenantId;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(funders)
      .values(scope.valuesMany(funders, STANDARD_FUNDERS.map((f) => ({ id: newId("fnd"), ...f }))))
      .onConflictDoNothing({ target: [funders.tenantId, funders.code] })
      .returning({ id: funders.id });
    const [total] = await tx.select({ n: count() }).from(funders).where(scope.where(funders));
    await writeAudit(tx, by, { action: "tenant.funders_reseeded", targetType: "tenant", targetId: tenantId, metadata: { created: inserted.length } });
    return { created: inserted.length, total: Number(total?.n ?? 0) };
  });
}

/** Creates or rotates the tenant's service API key; the clear key is returned once. */
export async function rotateServiceApiKey(db: Db, caller: Caller, now: Date) {
  const { scope } = caller;
  const apiKey = `tsk_${randomToken(32)}`;
  const lastFour = apiKey.slice(-4);
  await db.transaction(async (tx) => {
    await tx.update(apiKeys).set({ revokedAt: now }).where(scope.where(apiKeys, sql`${apiKeys.revokedAt} is null`));
    await tx.insert(apiKeys).values(scope.values(apiKeys, { id: newId("key"), keyHash: sha256Hex(apiKey), lastFour, createdBy: caller.userId, createdAt: now }));
    await writeAudit(tx, caller, { action: "tenant.api_key_rotated", targetType: "tenant", targetId: scope.tenantId, metadata: { lastFour } });
  });
  return { apiKey, lastFour, createdAt: now.toISOString() };
}
