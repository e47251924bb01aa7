import { and, eq, lt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { rawRows } from "../../db/raw-rows";
import { invoices } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { defineJob } from "../../jobs/define";
import { clock } from "../../lib/clock";

/**
 * Stores OVERDUE on every ISSUED invoice whose due date has passed in its tenant's time zone
 * (all tenants, hourly). Readers never wait for it: invoice-status.ts applies the same rule to
 * every invoice it shows, and the list runs `markOverdueForTenant` before filtering on a status.
 */
export async function markOverdueInvoices(db: Db, now: Date): Promise<number> {
  const rows = await rawRows<{ id: string }>(
    db,
    sql`
    update invoices i set status = 'OVERDUE', updated_at = ${now.toISOString()}::timestamptz
    from tenants t
    where t.id = i.tenant_id and i.status = 'ISSUED' and i.due_date is not null
      and i.due_date < (${now.toISOString()}::timestamptz at time zone t.time_zone)::date
    returning i.id`,
  );
  return rows.length;
}

/** The same update for one tenant, on its (tenant, status, due date) index: what the list runs before a status filter. */
export async function markOverdueForTenant(db: DbOrTx, scope: TenantScope, today: string, now: Date): Promise<void> {
  await db
    .update(invoices)
    .set({ status: "OVERDUE", updatedAt: now })
    .where(scope.where(invoices, and(eq(invoices.status, "ISSUED"), lt(invoices.dueDate, today))));
}

export const overdueJobs = [
  defineJob<Record<string, never>>("invoices.overdue", {
    cron: "7 * * * *",
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
    handler: async (_data, { db }) => {
      await markOverdueInvoices(db, clock.now());
    },
  }),
];
