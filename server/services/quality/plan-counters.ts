import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { improvementActions, improvementPlans } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";

/** Keeps a plan's list counters (actionsCount, actionsCompleted) true after an action change. */
export async function refreshPlanCounters(tx: DbOrTx, scope: TenantScope, planId: string, now: Date) {
  await tx
    .update(improvementPlans)
    .set({
      actionsCount: sql`(select count(*)::int from ${improvementActions} where ${scope.where(improvementActions, eq(improvementActions.planId, planId))})`,
      actionsCompleted: sql`(select count(*)::int from ${improvementActions} where ${scope.where(improvementActions, eq(improvementActions.planId, planId))} and ${improvementActions.status} = 'DONE')`,
      updatedAt: now,
    })
    .where(scope.where(improvementPlans, eq(improvementPlans.id, planId)));
}
