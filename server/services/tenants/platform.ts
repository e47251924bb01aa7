import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import { tenants } from "../../db/schema";
import type { TListPlatformTenantsInput, TPlatformUpdateTenantInput } from "../../contracts/platform";
import type { TTenant } from "../../contracts/tenants";
import { countOf, limitPage, paginate } from "../platform/pagination";
import { notFound } from "../../errors";
import { writeAudit } from "../platform/audit";
import { inTenant, type RequestActor } from "../../auth/caller";
import { forTenant, tenantRefCondition } from "../../db/tenant-scope";
import { serializeTenant } from "./serialize";
import { getTenantById, updateTenant } from "./tenants";

/** Platform administration of every tenant: list, edit, suspend, reactivate (platformAdminProcedure only). */

async function tenantByRef(db: Db, ref: string) {
  const [row] = await db
    .select()
    .from(tenants)
    .where(tenantRefCondition(ref))
    .limit(1);
  if (!row) throw notFound("Tenant");
  return row;
}

const escapeLike = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /platform/tenants: every tenant, newest first (walks tenants_created_idx); q and status filter. */
export async function listAllTenants(db: Db, q: TListPlatformTenantsInput) {
  const conds: (SQL | undefined)[] = [q.status ? eq(tenants.status, q.status) : undefined];
  for (const term of (q.q ?? "").split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = escapeLike(term);
    conds.push(or(ilike(tenants.name, like), ilike(tenants.slug, like), ilike(sql`${tenants.branding} ->> 'displayName'`, like)));
  }
  const where = conds.some(Boolean) ? and(...conds) : undefined;
  // Platform-wide, not tenant-scoped: the page walks tenants_created_idx; the total is an
  // index-only count (a platform holds thousands of tenants, not millions).
  return paginate(limitPage(q), {
    rows: (limit, offset) => db.select().from(tenants).where(where).orderBy(desc(tenants.createdAt), desc(tenants.id)).limit(limit).offset(offset),
    total: () => countOf(db.select({ n: count() }).from(tenants).where(where)),
    map: (rows) => rows.map(serializeTenant),
  });
}

/** PATCH /platform/tenants/{id}: name and branding, through the tenant's own update (audit `tenant.updated`). */
export async function platformUpdateTenant(db: Db, input: TPlatformUpdateTenantInput, actor: RequestActor, now: Date): Promise<TTenant> {
  const row = await tenantByRef(db, input.id);
  return updateTenant(db, { ...actor, scope: forTenant(row.id) }, { name: input.name, branding: input.branding }, now);
}

/**
 * POST /platform/tenants/{id}/suspend and /reactivate. Idempotent: a tenant already in the
 * wanted state is returned unchanged and no audit entry is written. The audit entry carries the
 * tenant's id, so the tenant's own ADMIN sees it in their audit log.
 */
export async function setTenantStatus(
  db: Db,
  ref: string,
  status: "ACTIVE" | "SUSPENDED",
  actor: RequestActor,
  now: Date,
  reason?: string,
): Promise<TTenant> {
  const row = await tenantByRef(db, ref);
  if (row.status === status) return serializeTenant(row);
  await db.transaction(async (tx) => {
    await tx.update(tenants).set({ status, updatedAt: now }).where(eq(tenants.id, row.id));
    await writeAudit(tx, inTenant(actor, row.id), {
      action: status === "SUSPENDED" ? "tenant.suspended" : "tenant.reactivated",
      targetType: "tenant",
      targetId: row.id,
      metadata: { from: row.status, to: status, ...(reason ? { reason } : {}) },
    });
  });
  return serializeTenant(await getTenantById(db, row.id));
}
