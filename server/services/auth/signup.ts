import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { memberships, tenants, users } from "../../db/schema";
import { forTenant, resolveTenantAccess } from "../../db/tenant-scope";
import { DomainError } from "../../errors";
import { hashPassword } from "../../auth/passwords";
import { newId } from "../../lib/ids";
import { RESERVED_SLUGS, slugify } from "../../lib/slug";
import { writeAudit } from "../platform/audit";
import { assertTenantActive } from "../tenants/status";
import { emitEvent } from "../platform/events";
import { findUserByEmail, findUserById } from "./accounts";
import { issueTokens } from "./session-tokens";
import type { TTokens } from "../../contracts/auth";
import { inTenant, type RequestActor } from "../../auth/caller";

type SignupBase = { email: string; password: string; firstName: string; lastName: string; locale?: string };

const emailTaken = () => new DomainError("CONFLICT", "Email already exists", { reason: "EMAIL_ALREADY_EXISTS" });

/** Creator signup: user, tenant (slug from companyName) and CREATOR membership in one transaction. */
export async function signupCreator(db: Db, input: SignupBase & { companyName: string }, actor: RequestActor, now: Date): Promise<TTokens> {
  const slug = slugify(input.companyName);
  if (!slug || slug.length < 2 || RESERVED_SLUGS.has(slug)) {
    throw new DomainError("BAD_REQUEST", "Validation failed", { fields: { companyName: ["Cannot derive a valid organisation address from this name"] } });
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await findUserByEmail(tx, input.email)) throw emailTaken();
    const [taken] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug)).limit(1);
    if (taken) throw new DomainError("CONFLICT", "Company slug already exists", { reason: "COMPANY_SLUG_ALREADY_EXISTS" });
    const userId = newId("usr");
    const tenantId = newId("ten");
    await tx.insert(users).values({
      id: userId,
      email: input.email.toLowerCase(),
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      locale: input.locale ?? "fr",
    });
    await tx.insert(tenants).values({ id: tenantId, slug, name: input.companyName, branding: { displayName: input.companyName } });
    const scope = forTenant(tenantId);
    await tx.insert(memberships).values(scope.values(memberships, { id: newId("mbr"), userId, role: "CREATOR" as const, status: "ACTIVE" as const }));
    await emitEvent(tx, scope, "user.created", { userId, email: input.email.toLowerCase(), firstName: input.firstName, lastName: input.lastName, role: "CREATOR", status: "ACTIVE" });
    await writeAudit(tx, { ...actor, userId, scope }, { action: "tenant.created", targetType: "tenant", targetId: tenantId, metadata: { slug, via: "creator-signup" } });
    const user = (await findUserById(tx, userId))!;
    return issueTokens(tx, user, { id: tenantId, slug }, now);
  });
}

/** Learner signup: an account with no membership (activeTenantId null). */
export async function signupLearner(db: Db, input: SignupBase, actor: RequestActor, now: Date): Promise<TTokens> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await findUserByEmail(tx, input.email)) throw emailTaken();
    const userId = newId("usr");
    await tx.insert(users).values({
      id: userId,
      email: input.email.toLowerCase(),
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      locale: input.locale ?? "fr",
    });
    await writeAudit(tx, { ...actor, userId }, { action: "auth.signup_learner", targetType: "user", targetId: userId });
    const user = (await findUserById(tx, userId))!;
    return issueTokens(tx, user, null, now);
  });
}

/** New token pair with another active tenant; the caller must be an active member or enrolled there. */
export async function switchTenant(db: Db, userId: string, tenantRef: string, actor: RequestActor, now: Date): Promise<TTokens> {
  const access = await resolveTenantAccess(db, tenantRef, userId);
  if (!access) throw new DomainError("NOT_FOUND", "Tenant not found", { reason: "TENANT_NOT_FOUND" });
  assertTenantActive(access.tenant);
  const allowed = access.membership?.status === "ACTIVE" || (!access.membership && access.hasEnrollment);
  if (!allowed) throw new DomainError("FORBIDDEN", "Forbidden: not a member of this organisation", { reason: "NOT_A_MEMBER" });
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError("UNAUTHORIZED", "Unauthorized");
  return db.transaction(async (tx) => {
    await writeAudit(tx, inTenant({ ...actor, userId }, access.tenant.id), { action: "auth.switch_tenant", targetType: "tenant", targetId: access.tenant.id });
    return issueTokens(tx, user, { id: access.tenant.id, slug: access.tenant.slug }, now);
  });
}
