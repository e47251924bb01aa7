import { forTenant, type TenantScope } from "../db/tenant-scope";
import { can, type Permission, type Role } from "./permissions";

/**
 * The one description of who calls a tenant-scoped operation. The tenant procedure builds it
 * once from the request, the identity and the membership it loaded (server/api/trpc.ts,
 * ctx.caller); routers pass it to services as it is. Services read the tenant from it, scope
 * their SQL with `caller.scope`, ask `caller.can(permission)` instead of comparing role
 * names, and hand it to the platform writers (audit log, events, mail). Object-level rules
 * (participant, course owner, session staff) are in services/platform/who-may.ts.
 */
export type Caller = {
  tenant: CallerTenant;
  /** forTenant(tenant.id): the only way services reach tenant-owned rows. */
  scope: TenantScope;
  userId: string;
  /** The active role in the tenant (a learner known only through enrollments is a LEARNER). */
  role: Role;
  /** null for a learner known only through enrollments. */
  membershipId: string | null;
  /** The funder a FUNDER member belongs to (memberships.funderId); absent or null: none (a FUNDER then reads nothing). */
  funderId?: string | null;
  /** Request info, recorded with audit rows and sealed attendance records. */
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  /** The role -> permission map of auth/permissions.ts, for this caller. */
  can(permission: Permission): boolean;
};

type CallerTenant = {
  id: string;
  slug: string;
  name: string;
  ofMode: boolean;
  authMode: "PASSWORD" | "HEADLESS";
  /** IANA zone of the tenant's screens and documents (Europe/Paris by default). */
  timeZone: string;
};

/**
 * The caller of publicTenantProcedure (public catalogue, course page, token exchange, media
 * server): the same object, the user optional. Without a user (or without a role in the
 * tenant) `userId`/`role` are null and `can()` answers false. A Caller is a PublicCaller.
 */
export type PublicCaller = Omit<Caller, "userId" | "role"> & { userId: string | null; role: Role | null };

/**
 * Who acts where no tenant procedure ran (sign-in, sign-up, password reset, platform
 * administration): the request, the user when known, the tenant when there is one. A Caller
 * is a RequestActor, so the audit writer takes either.
 */
export type RequestActor = Pick<Caller, "ip" | "userAgent" | "requestId"> & { userId: string | null; scope: TenantScope | null };

/** The actor in a tenant known only by its id (sign-in flows, tokens), or outside any tenant (null). */
export function inTenant<A extends Omit<RequestActor, "scope">>(actor: A, tenantId: string | null): A & { scope: TenantScope | null } {
  return { ...actor, scope: tenantId ? forTenant(tenantId) : null };
}

export function buildCaller(p: Omit<Caller, "can">): Caller;
export function buildCaller(p: Omit<PublicCaller, "can">): PublicCaller;
export function buildCaller(p: Omit<PublicCaller, "can">): PublicCaller {
  const role = p.role;
  return { ...p, can: (permission) => role !== null && can(role, permission) };
}
