import { and, gte, isNotNull, isNull, lt } from "drizzle-orm";
import { sameTenant } from "../../db/tenant-scope";
import type { Caller } from "../../auth/caller";
import { PLAN_STATUSES, PLAN_TRIGGERS } from "../../contracts/improvement-plans";
import type { Db } from "../../db";
import { complaints, improvementActions, improvementPlans } from "../../db/schema";
import { mean, round1, statsPeriod, zeroCounts } from "./period";

const DAY = 86_400_000;

/**
 * GET /improvement-plans/stats (ADMIN, OF mode): indicator 32 over the plans created in the
 * period (deleted plans left out): volumes by status and trigger, actions done and overdue,
 * mean time to closure, complaints linked, plans per Qualiopi indicator addressed.
 */
export async function planStats(db: Db, caller: Caller, q: { from?: string; to?: string }, now: Date) {
  const p = statsPeriod(q, now);
  const scope = caller.scope;
  const inPeriod = and(isNull(improvementPlans.deletedAt), gte(improvementPlans.createdAt, p.start), lt(improvementPlans.createdAt, p.end));
  const plans = await db
    .select({ id: improvementPlans.id, status: improvementPlans.status, trigger: improvementPlans.trigger, indicators: improvementPlans.indicators, createdAt: improvementPlans.createdAt, closedAt: improvementPlans.closedAt })
    .from(improvementPlans)
    .where(scope.where(improvementPlans, inPeriod));
  const actions = await db
    .select({ status: improvementActions.status, dueDate: improvementActions.dueDate })
    .from(improvementActions)
    .innerJoin(improvementPlans, sameTenant(improvementPlans, improvementActions, improvementPlans.id, improvementActions.planId))
    .where(scope.where(improvementActions, inPeriod));
  const linked = await db
    .select({ id: complaints.id })
    .from(complaints)
    .innerJoin(improvementPlans, sameTenant(improvementPlans, complaints, improvementPlans.id, complaints.improvementPlanId))
    .where(scope.where(complaints, isNotNull(complaints.improvementPlanId), inPeriod));
  const byStatus = zeroCounts(PLAN_STATUSES);
  const byTrigger = zeroCounts(PLAN_TRIGGERS);
  const byIndicator: Record<string, number> = {};
  const closure: number[] = [];
  for (const r of plans) {
    byStatus[r.status] += 1;
    byTrigger[r.trigger] += 1;
    for (const i of r.indicators) byIndicator[String(i)] = (byIndicator[String(i)] ?? 0) + 1;
    if (r.status === "COMPLETED" && r.closedAt) closure.push(r.closedAt.getTime() - r.createdAt.getTime());
  }
  const today = now.toISOString().slice(0, 10);
  const done = actions.filter((a) => a.status === "DONE").length;
  const overdue = actions.filter((a) => a.status !== "DONE" && a.dueDate !== null && a.dueDate < today).length;
  const avg = mean(closure);
  return {
    from: p.from,
    to: p.to,
    total: plans.length,
    byStatus,
    byTrigger,
    actions: { total: actions.length, done, overdue },
    averageClosureDays: avg === null ? null : round1(avg / DAY),
    linkedComplaints: linked.length,
    byIndicator,
  };
}
