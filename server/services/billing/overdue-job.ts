import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { defineJob } from "../../jobs/define";
import { rawRows } from "../../db/raw-rows";
import { clock } from "../../lib/clock";

/**
 * Stores OVERDUE on every ISSUED invoice whose due date has passed in its tenant's time zone
 * (all tenants, hourly). Readers never wait for it: invoice-status.ts applies the same rule at
 * read; storing it keeps the status filter and the BPF's counts on the index.
 */
export async function markOverdueInvoices(db: Db, now: Date): Promise<number> {
  const rows = await rawRows<{ id: string }>(db, sql`
    update invoices i set status = 'OVERDUE', updated_at = ${now.toISOString()}::timestamptz
    from tenants t
    where t.id = i.tenant_id and i.status = 'ISSUED' and i.due_date is not null
      and i.due_date < (${now.toISOString()}::timestamptz at time zone t.time_zone)::date
    returning i.id`);
  return rows.length;
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
