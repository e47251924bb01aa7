import { and, asc, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { Db } from "../../db";
import { complaints, complaintStatusHistory } from "../../db/schema";
import { forTenant, type TenantScope } from "../../db/tenant-scope";
import { env } from "../../env";
import { defineJob } from "../../jobs/define";
import { clock } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { complaintLink, OPEN_STATUSES } from "./complaints";
import { mailStaff, tenantInfo } from "./members";
import { toLocale } from "../../../lib/i18n/config";
import { formatDateTimeLong } from "../../../lib/i18n/format";

/**
 * Scheduled work of the complaints register, both scans of every tenant, idempotent under
 * at-least-once jobs and concurrent workers (each change is a conditional UPDATE; mails carry a
 * dedupe key):
 * - `complaints.sla` (every 5 minutes): a CRITICAL complaint still NEW or IN_REVIEW whose 24 h
 *   SLA ends within COMPLAINT_SLA_ALERT_MINUTES (default 120), or has already ended, gets one
 *   e-mail to each ACTIVE ADMIN, once (slaAlertedAt).
 * - `complaints.autoclose` (hourly): a RESOLVED or ESCALATED complaint whose status has not
 *   changed for COMPLAINT_AUTO_CLOSE_DAYS (default 30) days is CLOSED (closedReason AUTO), with its
 *   history line (changedBy null).
 */

const BATCH = 500;
const MINUTE = 60_000;
const DAY = 86_400_000;

async function alertDueSlas(db: Db, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + env().COMPLAINT_SLA_ALERT_MINUTES * MINUTE);
  const due = await db
    .select({ id: complaints.id, tenantId: complaints.tenantId })
    .from(complaints)
    .where(and(isNotNull(complaints.slaDueAt), isNull(complaints.slaAlertedAt), lte(complaints.slaDueAt, horizon), inArray(complaints.status, [...OPEN_STATUSES])))
    .orderBy(asc(complaints.slaDueAt))
    .limit(BATCH);
  let alerted = 0;
  for (const d of due) {
    const scope = forTenant(d.tenantId);
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(complaints)
        .set({ slaAlertedAt: now })
        .where(scope.where(complaints, eq(complaints.id, d.id), isNull(complaints.slaAlertedAt), inArray(complaints.status, [...OPEN_STATUSES])))
        .returning();
      if (!row) return false; // another worker alerted, or it was handled meanwhile
      const tenant = await tenantInfo(tx, d.tenantId);
      const link = complaintLink(tenant.slug, row.id);
      await mailStaff(tx, scope, "complaints.manage", {
        template: "complaint-sla-warning",
        dedupeKey: `complaint-sla:${row.id}`,
        vars: (a) => ({ subject: row.subject, slaDueAt: formatDateTimeLong(row.slaDueAt!, toLocale(a.locale), tenant.timeZone), link }),
      });
      return true;
    });
    if (done) alerted += 1;
  }
  return alerted;
}

/** Closes RESOLVED and ESCALATED complaints left unchanged for COMPLAINT_AUTO_CLOSE_DAYS; `only`: one tenant's (the demo seed), else every tenant's (the hourly job). */
export async function autoCloseComplaints(db: Db, now: Date, only?: TenantScope): Promise<number> {
  const days = env().COMPLAINT_AUTO_CLOSE_DAYS;
  const before = new Date(now.getTime() - days * DAY);
  const stale = await db
    .select({ id: complaints.id, tenantId: complaints.tenantId, status: complaints.status })
    .from(complaints)
    .where(only ? only.where(complaints, inArray(complaints.status, ["RESOLVED", "ESCALATED"]), lte(complaints.statusChangedAt, before)) : and(inArray(complaints.status, ["RESOLVED", "ESCALATED"]), lte(complaints.statusChangedAt, before)))
    .orderBy(asc(complaints.statusChangedAt))
    .limit(BATCH);
  let closed = 0;
  for (const c of stale) {
    const scope = forTenant(c.tenantId);
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(complaints)
        .set({ status: "CLOSED", closedAt: now, closedReason: "AUTO", statusChangedAt: now, updatedAt: now })
        .where(scope.where(complaints, eq(complaints.id, c.id), eq(complaints.status, c.status), lte(complaints.statusChangedAt, before)))
        .returning({ id: complaints.id });
      if (!row) return false;
      await tx.insert(complaintStatusHistory).values(
        scope.values(complaintStatusHistory, {
          id: newId("csh"),
          complaintId: c.id,
          fromStatus: c.status,
          toStatus: "CLOSED" as const,
          changedBy: null,
          note: `Automatic closure after ${days} days without reply`,
          at: now,
        }),
      );
      return true;
    });
    if (done) closed += 1;
  }
  return closed;
}

export const complaintJobs = [
  defineJob<Record<string, never>>("complaints.sla", {
    cron: "*/5 * * * *",
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 5 * 60,
    handler: async (_data, { db }) => {
      await alertDueSlas(db, clock.now());
    },
  }),
  defineJob<Record<string, never>>("complaints.autoclose", {
    cron: "7 * * * *",
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 15 * 60,
    handler: async (_data, { db }) => {
      await autoCloseComplaints(db, clock.now());
    },
  }),
];
