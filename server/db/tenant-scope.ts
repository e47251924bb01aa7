import { and, eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * The ONLY code that writes tenant_id predicates and values. Services get a scope from the
 * procedure context (never a tenant id from the request) and pass every tenant-owned
 * query through it, so another tenant's id simply matches nothing (404).
 */
type TenantTable = PgTable & { tenantId: PgColumn };

export type TenantScope = {
  readonly tenantId: string;
  /** `tenant_id = scope AND ...conds` for select/update/delete on a tenant-owned table. */
  where<T extends TenantTable>(table: T, ...conds: (SQL | undefined)[]): SQL;
  /** Insert values with tenant_id set from the scope (overrides anything supplied). */
  values<T extends TenantTable, V extends Record<string, unknown>>(table: T, v: V): V & { tenantId: string };
  valuesMany<T extends TenantTable, V extends Record<string, unknown>>(table: T, rows: V[]): (V & { tenantId: string })[];
  /** The values of a prepared statement built with `preparedScope`, with its `tenantId` bound to this scope. */
  bind<P extends Record<string, unknown>>(params: P): P & { tenantId: string };
};

export function forTenant(tenantId: string): TenantScope {
  if (!tenantId) throw new Error("forTenant needs a tenant id");
  return {
    tenantId,
    where: (table, ...conds) => and(eq(table.tenantId, tenantId), ...conds) as SQL,
    values: (_table, v) => ({ ...v, tenantId }),
    valuesMany: (_table, rows) => rows.map((v) => ({ ...v, tenantId })),
    bind: (params) => ({ ...params, tenantId }),
  };
}

/**
 * The tenant predicate of a PREPARED statement (db/prepared.ts): `tenant_id = $tenantId`, a
 * placeholder that only a scope's `bind` fills at execution. A statement built once then serves
 * every tenant, and its tenant still comes from the caller's scope and nowhere else.
 */
export const preparedScope: Pick<TenantScope, "where"> = {
  where: (table, ...conds) => and(eq(table.tenantId, sql.placeholder("tenantId")), ...conds) as SQL,
};

/**
 * The join of two tenant-owned tables on a reference: the same tenant_id on both sides AND
 * `left = right`, plus any further conditions (`sameTenant(lessons, modules, lessons.moduleId,
 * modules.id)`). It is what the composite foreign keys (tenant_id, x_id) -> (tenant_id, id) enforce,
 * so a join never pairs rows of two tenants, and PostgreSQL can walk those keys' indexes. Usable in
 * `.innerJoin(...)`, `.leftJoin(...)`, `.where(...)` and inside a `sql` template.
 */
export function sameTenant(a: TenantTable, b: TenantTable, left: PgColumn, right: PgColumn, ...conds: (SQL | undefined)[]): SQL {
  return and(eq(a.tenantId, b.tenantId), eq(left, right), ...conds) as SQL;
}

import { inArray, sql as rawSql, type Placeholder } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { enrollments, memberships, PARTICIPANT_STATUSES, tenants } from "./schema";

export type TenantAccess = {
  tenant: typeof tenants.$inferSelect;
  membership: { id: string; role: (typeof memberships.$inferSelect)["role"]; status: (typeof memberships.$inferSelect)["status"]; funderId?: string | null } | null;
  hasEnrollment: boolean;
};

/**
 * The tenant named by a reference: its internal id (`ten_…`, with an underscore) or its slug
 * (letters, digits and hyphens only). One equality on one unique index, never an OR of both,
 * which PostgreSQL could only answer by a bitmap OR or by reading every tenant.
 */
export function tenantRefCondition(ref: string): SQL {
  const { column, value } = tenantRefOf(ref);
  return eq(column, value);
}

/**
 * How a tenant reference names its tenant: an internal id (it has an underscore) or a slug
 * (compared lower-case). The column and the value to compare, for a condition built now
 * (tenantRefCondition) or a prepared one that binds the value later (the request gate).
 */
export function tenantRefOf(ref: string): { byId: boolean; column: typeof tenants.id | typeof tenants.slug; value: string } {
  const byId = ref.includes("_");
  return { byId, column: tenantRefColumn(byId), value: byId ? ref : ref.toLowerCase() };
}

export const tenantRefColumn = (byId: boolean) => (byId ? tenants.id : tenants.slug);

/**
 * The columns of the tenant-access read (tenant, the caller's membership, and whether the caller
 * has a participant enrollment there): `tenants` left-joined with `memberships` on `accessJoin`.
 * Shared by resolveTenantAccess and the request gate (http/rate-limit.ts), which reads it in the
 * same statement as the rate-limit count.
 */
export function tenantAccessSelection(userId: string | Placeholder | null) {
  return {
    tenant: tenants,
    membershipId: memberships.id,
    role: memberships.role,
    status: memberships.status,
    funderId: memberships.funderId,
    hasEnrollment: userId
      ? rawSql<boolean>`exists (select 1 from ${enrollments} where ${enrollments.tenantId} = ${tenants.id} and ${enrollments.userId} = ${userId} and ${inArray(enrollments.status, [...PARTICIPANT_STATUSES])})`
      : rawSql<boolean>`false`,
  };
}

/** The membership join of the tenant-access read (none without a user). */
export function accessJoin(userId: string | Placeholder | null): SQL {
  return userId ? (and(eq(memberships.tenantId, tenants.id), eq(memberships.userId, userId)) as SQL) : rawSql`false`;
}

type AccessRow = {
  tenant: typeof tenants.$inferSelect | null;
  membershipId: string | null;
  role: (typeof memberships.$inferSelect)["role"] | null;
  status: (typeof memberships.$inferSelect)["status"] | null;
  funderId: string | null;
  hasEnrollment: boolean | null;
};

/** A tenant-access row as TenantAccess (null when no tenant matched). */
export function toTenantAccess(row: AccessRow | undefined): TenantAccess | null {
  if (!row?.tenant) return null;
  return {
    tenant: row.tenant,
    membership: row.membershipId && row.role && row.status ? { id: row.membershipId, role: row.role, status: row.status, funderId: row.funderId } : null,
    hasEnrollment: row.hasEnrollment === true || (row.hasEnrollment as unknown) === "t",
  };
}

/**
 * Tenant (by slug or internal id) and the caller's membership and enrollment there, in ONE
 * query. The procedure chain reads it through the request gate's prefetch when it can
 * (http/rate-limit.ts), else here.
 */
export async function resolveTenantAccess(db: DbOrTx, ref: string, userId: string | null): Promise<TenantAccess | null> {
  const [row] = await db.select(tenantAccessSelection(userId)).from(tenants).leftJoin(memberships, accessJoin(userId)).where(tenantRefCondition(ref)).limit(1);
  return toTenantAccess(row);
}
