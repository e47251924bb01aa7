import { and, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { memberships, tenants, users } from "../../db/schema";
import { forTenant } from "../../db/tenant-scope";
import { DomainError } from "../../errors";
import { hashPassword } from "../../auth/passwords";
import { signInvitationToken, verifyInvitationToken } from "../../auth/tokens";
import { tenantUrl } from "../../lib/urls";
import { writeAudit } from "../platform/audit";
import { sendMail } from "../mail";
import { findUserById } from "./accounts";
import { issueTokens } from "./session-tokens";
import type { TTokens } from "../../contracts/auth";
import type { RequestActor } from "../../auth/caller";

/** Mail an invitation link for an INVITED membership. Called after the creating transaction commits. */
export async function sendInvitation(
  db: Db,
  p: { membershipId: string; tenant: { id: string; slug: string }; user: { email: string; firstName: string; locale: string }; inviterName: string },
  now: Date,
): Promise<void> {
  const token = await signInvitationToken({ membershipId: p.membershipId, tenantId: p.tenant.id, email: p.user.email }, now);
  await sendMail(db, {
    scope: forTenant(p.tenant.id),
    to: p.user.email,
    template: "invitation",
    locale: p.user.locale,
    vars: {
      firstName: p.user.firstName,
      inviterName: p.inviterName,
      link: tenantUrl(p.tenant.slug, `/accept-invite?token=${encodeURIComponent(token)}`),
    },
  });
}

const INVALID = () => new DomainError("UNAUTHORIZED", "Invalid or expired invitation", { reason: "INVALID_INVITATION" });

export async function acceptInvite(
  db: Db,
  input: { token: string; password?: string; firstName?: string; lastName?: string },
  actor: RequestActor,
  now: Date,
): Promise<TTokens> {
  const claims = await verifyInvitationToken(input.token, now);
  if (!claims) throw INVALID();
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return db.transaction(async (tx) => {
    const scope = forTenant(claims.tenantId);
    const [membership] = await tx.select().from(memberships).where(scope.where(memberships, eq(memberships.id, claims.membershipId))).limit(1);
    if (!membership) throw INVALID();
    const user = await findUserById(tx, membership.userId);
    if (!user || user.email.toLowerCase() !== claims.email.toLowerCase()) throw INVALID();
    if (membership.status === "ACTIVE") throw new DomainError("CONFLICT", "Already a member of this organisation", { reason: "ALREADY_MEMBER" });
    if (membership.status === "SUSPENDED") throw new DomainError("FORBIDDEN", "Account suspended", { reason: "ACCOUNT_SUSPENDED" });
    if (!user.passwordHash && !passwordHash) {
      throw new DomainError("BAD_REQUEST", "Validation failed", { fields: { password: ["Required: this account has no password yet"] } });
    }
    await tx
      .update(users)
      .set({
        ...(passwordHash && !user.passwordHash ? { passwordHash } : {}),
        ...(input.firstName ? { firstName: input.firstName } : {}),
        ...(input.lastName ? { lastName: input.lastName } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx
      .update(memberships)
      .set({ status: "ACTIVE", updatedAt: now })
      .where(scope.where(memberships, and(eq(memberships.id, membership.id), eq(memberships.status, "INVITED"))));
    await writeAudit(tx, { ...actor, userId: user.id, scope }, { action: "user.invitation_accepted", targetType: "user", targetId: user.id });
    const [tenant] = await tx.select({ id: tenants.id, slug: tenants.slug }).from(tenants).where(eq(tenants.id, claims.tenantId)).limit(1);
    return issueTokens(tx, user, tenant ?? null, now);
  });
}
