import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { memberships, tenants, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { rolesWith, type Permission } from "../../auth/permissions";
import { unprocessable } from "../../errors";
import { mailerFor, type Mailer, type SendMailInput } from "../mail";

/** ACTIVE members of the tenant holding `permission` (the admins e-mailed about complaints). */
export async function membersWith(db: DbOrTx, scope: TenantScope, permission: Permission) {
  return db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(scope.where(memberships, inArray(memberships.role, [...rolesWith(permission)]), eq(memberships.status, "ACTIVE")))
    .orderBy(users.id);
}

export type StaffMember = Awaited<ReturnType<typeof membersWith>>[number];

/**
 * The staff alert: one e-mail to each ACTIVE member holding `permission`, in their locale, with
 * `firstName` and whatever `vars(member)` adds, each under `${dedupeKey}:${userId}` (sent once
 * whatever the retries). Returns the members written to (for in-app notifications). `send` is the
 * caller's mailer when the same transaction sends other mails (one branding read for all of them).
 */
export async function mailStaff(
  tx: DbOrTx,
  scope: TenantScope,
  permission: Permission,
  mail: { template: SendMailInput["template"]; dedupeKey: string; vars: (member: StaffMember) => Record<string, string> },
  send: Mailer = mailerFor(tx, scope),
): Promise<StaffMember[]> {
  const members = await membersWith(tx, scope, permission);
  for (const m of members) {
    await send({ dedupeKey: `${mail.dedupeKey}:${m.userId}`, to: m.email, template: mail.template, locale: m.locale, vars: { firstName: m.firstName, ...mail.vars(m) } });
  }
  return members;
}

/**
 * 422 with errors[field] unless `userId` is an ACTIVE member of the tenant (holding `permission`
 * when given): owners, assignees.
 */
export async function assertActiveMember(db: DbOrTx, scope: TenantScope, userId: string, field: string, permission?: Permission): Promise<void> {
  const [m] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(scope.where(memberships, eq(memberships.userId, userId), eq(memberships.status, "ACTIVE")))
    .limit(1);
  const roles = permission ? (rolesWith(permission) as readonly string[]) : null;
  if (!m || (roles && !roles.includes(m.role))) {
    const message = roles ? `Not an active ${roles.join(" or ")} of this organisation` : "Not an active member of this organisation";
    throw unprocessable("Validation failed", { [field]: [message] });
  }
}

export async function tenantInfo(db: DbOrTx, tenantId: string) {
  const [t] = await db.select({ slug: tenants.slug, name: tenants.name, timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return t ?? { slug: null, name: "", timeZone: "Europe/Paris" };
}

