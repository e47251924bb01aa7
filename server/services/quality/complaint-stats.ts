import { and, eq, gte, lt, min } from "drizzle-orm";
import { sameTenant } from "../../db/tenant-scope";
import type { Caller } from "../../auth/caller";
import { COMPLAINT_CATEGORIES, COMPLAINT_SEVERITIES, COMPLAINT_STATUSES } from "../../contracts/complaints";
import type { Db } from "../../db";
import { complaints, complaintStatusHistory } from "../../db/schema";
import { isSlaBreached, OPEN_STATUSES } from "./complaints";
import { mean, median, round1, statsPeriod, zeroCounts } from "./period";

const HOUR = 3_600_000;
const hours = (ms: number | null) => (ms === null ? null : round1(ms / HOUR));

/**
 * GET /complaints/stats (ADMIN): the audit view of indicator 31 over the complaints received
 * in the period (createdAt in [from, to]): volumes by status, category and severity, handling
 * times, escalations, the CRITICAL SLA, the share that led to an improvement plan.
 */
export async function complaintStats(db: Db, caller: Caller, q: { from?: string; to?: string }, now: Date) {
  const p = statsPeriod(q, now);
  const scope = caller.scope;
  const period = and(gte(complaints.createdAt, p.start), lt(complaints.createdAt, p.end));
  const rows = await db
    .select({
      id: complaints.id,
      status: complaints.status,
      category: complaints.category,
      severity: complaints.severity,
      createdAt: complaints.createdAt,
      resolvedAt: complaints.resolvedAt,
      escalatedAt: complaints.escalatedAt,
      slaDueAt: complaints.slaDueAt,
      improvementPlanId: complaints.improvementPlanId,
    })
    .from(complaints)
    .where(scope.where(complaints, period));
  // First move to IN_REVIEW of each complaint of the period (the history joined to its complaint).
  const firstReviews = rows.length
    ? await db
        .select({ id: complaintStatusHistory.complaintId, at: min(complaintStatusHistory.at) })
        .from(complaintStatusHistory)
        .innerJoin(complaints, sameTenant(complaints, complaintStatusHistory, complaints.id, complaintStatusHistory.complaintId))
        .where(scope.where(complaintStatusHistory, eq(complaintStatusHistory.toStatus, "IN_REVIEW"), period))
        .groupBy(complaintStatusHistory.complaintId)
    : [];
  const created = new Map(rows.map((r) => [r.id, r.createdAt.getTime()]));
  const byStatus = zeroCounts(COMPLAINT_STATUSES);
  const byCategory = zeroCounts(COMPLAINT_CATEGORIES);
  const bySeverity = zeroCounts(COMPLAINT_SEVERITIES);
  const resolution: number[] = [];
  const critical = { total: 0, slaMet: 0, slaBreached: 0, open: 0 };
  let escalated = 0;
  let withPlan = 0;
  for (const r of rows) {
    byStatus[r.status] += 1;
    byCategory[r.category] += 1;
    bySeverity[r.severity] += 1;
    if (r.resolvedAt) resolution.push(r.resolvedAt.getTime() - r.createdAt.getTime());
    if (r.escalatedAt) escalated += 1;
    if (r.improvementPlanId) withPlan += 1;
    if (r.severity === "CRITICAL") {
      critical.total += 1;
      const open = (OPEN_STATUSES as readonly string[]).includes(r.status);
      if (open) critical.open += 1;
      if (isSlaBreached(r, now)) critical.slaBreached += 1;
      else if (r.resolvedAt) critical.slaMet += 1;
    }
  }
  const reviewTimes = firstReviews.filter((f) => f.at).map((f) => new Date(f.at!).getTime() - created.get(f.id)!);
  return {
    from: p.from,
    to: p.to,
    total: rows.length,
    byStatus,
    byCategory,
    bySeverity,
    resolved: resolution.length,
    averageResolutionHours: hours(mean(resolution)),
    medianResolutionHours: hours(median(resolution)),
    averageFirstReviewHours: hours(mean(reviewTimes)),
    escalated,
    critical,
    withImprovementPlan: withPlan,
  };
}
