import { eq, isNull } from "drizzle-orm";
import type { TComplaintSeverity } from "../../contracts/complaints";
import type { DbOrTx } from "../../db";
import { improvementActions, improvementPlans } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { newId } from "../../lib/ids";
import { refreshPlanCounters } from "./plan-counters";

/**
 * The improvement plan a complaint feeds (Qualiopi indicator 32): opened DRAFT for a HIGH or
 * CRITICAL complaint, or at resolution to hold its corrective actions. The plan is the
 * organisation's own record, written in its working language (French).
 */
export async function openComplaintPlan(tx: DbOrTx, scope: TenantScope, c: { subject: string; severity: TComplaintSeverity }, now: Date, why: "severity" | "corrective"): Promise<string> {
  const id = newId("imp");
  const gravity = c.severity === "CRITICAL" ? "critique, délai de réponse 24 h" : c.severity === "HIGH" ? "élevée" : c.severity === "MEDIUM" ? "moyenne" : "faible";
  const description =
    why === "severity"
      ? `Plan ouvert automatiquement pour la réclamation « ${c.subject} » (gravité ${gravity}).`
      : `Plan ouvert à la résolution de la réclamation « ${c.subject} » (gravité ${gravity}) pour suivre ses actions correctives.`;
  await tx.insert(improvementPlans).values(
    scope.values(improvementPlans, {
      id,
      title: `Réclamation : ${c.subject}`.slice(0, 200),
      description,
      trigger: "COMPLAINT" as const,
      status: "DRAFT" as const,
      indicators: [31, 32],
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return id;
}

/** The complaint's linked plan when it can still take actions (not deleted, DRAFT or IN_PROGRESS); null otherwise. */
async function editablePlanOf(tx: DbOrTx, scope: TenantScope, planId: string | null): Promise<string | null> {
  if (!planId) return null;
  const [plan] = await tx
    .select({ id: improvementPlans.id, status: improvementPlans.status })
    .from(improvementPlans)
    .where(scope.where(improvementPlans, eq(improvementPlans.id, planId), isNull(improvementPlans.deletedAt)))
    .limit(1)
    .for("update");
  return plan && (plan.status === "DRAFT" || plan.status === "IN_PROGRESS") ? plan.id : null;
}

/**
 * The corrective actions typed at resolution become TODO actions of the complaint's plan (one
 * opened when none can take them), and the plan's counters follow. Returns the plan's id.
 */
export async function addCorrectiveActions(
  tx: DbOrTx,
  scope: TenantScope,
  c: { subject: string; severity: TComplaintSeverity; improvementPlanId: string | null },
  actions: string[],
  now: Date,
): Promise<string> {
  const planId = (await editablePlanOf(tx, scope, c.improvementPlanId)) ?? (await openComplaintPlan(tx, scope, c, now, "corrective"));
  // One instant per action, a millisecond apart, so the plan lists them in the order typed.
  await tx.insert(improvementActions).values(
    scope.valuesMany(
      improvementActions,
      actions.map((description, i) => ({ id: newId("act"), planId, description, status: "TODO" as const, createdAt: new Date(now.getTime() + i), updatedAt: now })),
    ),
  );
  await refreshPlanCounters(tx, scope, planId, now);
  return planId;
}
