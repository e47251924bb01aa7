import { asc, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { sameTenant } from "../../db/tenant-scope";
import type { Caller } from "../../auth/caller";
import type { TCreatePlanInput, TPlan, TPlanStatus, TUpdateActionInput, TUpdatePlanInput } from "../../contracts/improvement-plans";
import type { Db, DbOrTx } from "../../db";
import { complaints, improvementActions, improvementPlans } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { conflict, notFound, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { writeAudit } from "../platform/audit";
import { countOf, paginate, perPagePage } from "../platform/pagination";
import { complaintsOfPlans } from "./complaints";
import { assertActiveMember } from "./members";
import { refreshPlanCounters } from "./plan-counters";

/**
 * Continuous-improvement plans (spec: ImprovementPlan resource and states; Qualiopi indicator 32).
 *
 * Status moves (PATCH status; anything else is 409 IMPROVEMENT_PLAN_TRANSITION_INVALID):
 *   DRAFT -> IN_PROGRESS | ARCHIVED
 *   IN_PROGRESS -> ARCHIVED            (-> COMPLETED only through POST /close, with its report)
 *   COMPLETED -> IN_PROGRESS (reopen: closure report and date cleared) | ARCHIVED
 *   ARCHIVED -> (none: final)
 * A COMPLETED or ARCHIVED plan is read-only otherwise (409 IMPROVEMENT_PLAN_NOT_EDITABLE); DELETE
 * is a soft delete of a DRAFT plan (409 IMPROVEMENT_PLAN_NOT_DELETABLE otherwise), which unlinks
 * its complaints. actionsCount and actionsCompleted are maintained with each action change.
 */
export const PLAN_MOVES: Record<TPlanStatus, TPlanStatus[]> = {
  DRAFT: ["IN_PROGRESS", "ARCHIVED"],
  IN_PROGRESS: ["ARCHIVED"],
  COMPLETED: ["IN_PROGRESS", "ARCHIVED"],
  ARCHIVED: [],
};

export type PlanRow = typeof improvementPlans.$inferSelect;
type ActionRow = typeof improvementActions.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const READ_ONLY: TPlanStatus[] = ["COMPLETED", "ARCHIVED"];

function toPlanSummary(row: PlanRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    trigger: row.trigger,
    status: row.status,
    owner: row.owner,
    targetDate: row.targetDate,
    indicators: row.indicators,
    actionsCount: row.actionsCount,
    actionsCompleted: row.actionsCompleted,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toAction = (a: ActionRow) => ({
  id: a.id,
  description: a.description,
  status: a.status,
  owner: a.owner,
  dueDate: a.dueDate,
  completedAt: iso(a.completedAt),
  createdAt: a.createdAt.toISOString(),
});

async function loadPlan(db: DbOrTx, scope: TenantScope, id: string, opts: { forUpdate?: boolean } = {}): Promise<PlanRow> {
  const q = db
    .select()
    .from(improvementPlans)
    .where(scope.where(improvementPlans, eq(improvementPlans.id, id), isNull(improvementPlans.deletedAt)))
    .limit(1);
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound("Improvement plan");
  return row;
}

const notEditable = (status: TPlanStatus) => conflict(`Improvement plan is ${status}: it cannot be changed`, "IMPROVEMENT_PLAN_NOT_EDITABLE");

function assertEditable(row: PlanRow) {
  if (READ_ONLY.includes(row.status)) throw notEditable(row.status);
}

async function checkOwners(db: DbOrTx, scope: TenantScope, owners: { field: string; userId: string | null | undefined }[]) {
  for (const o of owners) if (o.userId) await assertActiveMember(db, scope, o.userId, o.field);
}

/**
 * Links complaints to a plan: each must be the tenant's and not linked to another (live) plan,
 * else 422 errors.linkedComplaintIds.
 */
async function linkComplaints(tx: DbOrTx, scope: TenantScope, planId: string, ids: string[], now: Date) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const rows = await tx
    .select({ id: complaints.id, planId: complaints.improvementPlanId, planDeleted: improvementPlans.deletedAt })
    .from(complaints)
    .leftJoin(improvementPlans, sameTenant(improvementPlans, complaints, improvementPlans.id, complaints.improvementPlanId))
    .where(scope.where(complaints, inArray(complaints.id, unique)));
  const found = new Map(rows.map((r) => [r.id, r]));
  const problems: string[] = [];
  for (const id of unique) {
    const r = found.get(id);
    if (!r) problems.push(`${id}: complaint not found`);
    else if (r.planId && r.planId !== planId && !r.planDeleted) problems.push(`${id}: already linked to ${r.planId}`);
  }
  if (problems.length) throw unprocessable("Validation failed", { linkedComplaintIds: problems });
  await tx.update(complaints).set({ improvementPlanId: planId, updatedAt: now }).where(scope.where(complaints, inArray(complaints.id, unique)));
}

export async function createPlan(db: Db, caller: Caller, input: TCreatePlanInput, now: Date) {
  const scope = caller.scope;
  await checkOwners(db, scope, [{ field: "owner", userId: input.owner }, ...input.actions.map((a, i) => ({ field: `actions.${i}.owner`, userId: a.owner }))]);
  return db.transaction(async (tx) => {
    const id = newId("imp");
    await tx.insert(improvementPlans).values(
      scope.values(improvementPlans, {
        id,
        title: input.title,
        description: input.description,
        trigger: input.trigger,
        status: "DRAFT" as const,
        owner: input.owner ?? null,
        targetDate: input.targetDate ?? null,
        indicators: input.indicators,
        actionsCount: input.actions.length,
        actionsCompleted: 0,
        createdBy: caller.userId,
        createdAt: now,
        updatedAt: now,
      }),
    );
    if (input.actions.length) {
      await tx.insert(improvementActions).values(
        scope.valuesMany(
          improvementActions,
          input.actions.map((a, i) => ({
            id: newId("act"),
            planId: id,
            description: a.description,
            owner: a.owner ?? null,
            dueDate: a.dueDate ?? null,
            status: "TODO" as const,
            // one millisecond apart: the actions keep the order they were given in
            createdAt: new Date(now.getTime() + i),
            updatedAt: now,
          })),
        ),
      );
    }
    await linkComplaints(tx, scope, id, input.linkedComplaintIds, now);
    await writeAudit(tx, caller, { action: "improvementPlan.created", targetType: "improvement_plan", targetId: id, metadata: { trigger: input.trigger, actions: input.actions.length } });
    return { id, status: "DRAFT" as const, actionsCount: input.actions.length };
  });
}

export async function listPlans(db: Db, caller: Caller, q: { page: number; perPage: number; status?: TPlanStatus; trigger?: PlanRow["trigger"] }) {
  const where = caller.scope.where(
    improvementPlans,
    isNull(improvementPlans.deletedAt),
    q.status ? eq(improvementPlans.status, q.status) : undefined,
    q.trigger ? eq(improvementPlans.trigger, q.trigger) : undefined,
  );
  return paginate(perPagePage(q), {
    rows: (limit, offset) => db.select().from(improvementPlans).where(where).orderBy(desc(improvementPlans.createdAt), desc(improvementPlans.id)).limit(limit).offset(offset),
    total: () => countOf(db.select({ n: count() }).from(improvementPlans).where(where)),
    map: (rows) => rows.map(toPlanSummary),
  });
}

async function planView(db: DbOrTx, scope: TenantScope, row: PlanRow): Promise<TPlan> {
  const actions = await db
    .select()
    .from(improvementActions)
    .where(scope.where(improvementActions, eq(improvementActions.planId, row.id)))
    .orderBy(asc(improvementActions.createdAt), asc(improvementActions.id));
  const linked = await complaintsOfPlans(db, scope, [row.id]);
  return {
    ...toPlanSummary(row),
    linkedComplaintIds: linked.map((c) => c.id),
    linkedComplaints: linked.map((c) => ({ id: c.id, subject: c.subject, severity: c.severity, status: c.status, createdAt: c.createdAt.toISOString() })),
    actions: actions.map(toAction),
    closureReport: row.closureReport,
    closedAt: iso(row.closedAt),
    createdBy: row.createdBy,
  };
}

export async function getPlan(db: Db, caller: Caller, id: string): Promise<TPlan> {
  return planView(db, caller.scope, await loadPlan(db, caller.scope, id));
}

export async function updatePlan(db: Db, caller: Caller, input: TUpdatePlanInput, now: Date) {
  const scope = caller.scope;
  await checkOwners(db, scope, [{ field: "owner", userId: input.owner }]);
  return db.transaction(async (tx) => {
    const cur = await loadPlan(tx, scope, input.id, { forUpdate: true });
    const fields = (["title", "description", "owner", "targetDate", "indicators"] as const).filter((k) => input[k] !== undefined);
    let status = cur.status;
    if (input.status !== undefined && input.status !== cur.status) {
      if (!PLAN_MOVES[cur.status].includes(input.status)) {
        const hint = input.status === "COMPLETED" && cur.status === "IN_PROGRESS" ? ": close it with POST /improvement-plans/{id}/close and its report" : "";
        throw conflict(`Cannot move an improvement plan from ${cur.status} to ${input.status}${hint}`, "IMPROVEMENT_PLAN_TRANSITION_INVALID");
      }
      status = input.status;
    }
    // Field changes need an editable plan (the status it ends in: a COMPLETED plan reopened in the same request may change).
    if (fields.length && READ_ONLY.includes(status)) throw notEditable(status);
    const reopened = cur.status === "COMPLETED" && status === "IN_PROGRESS";
    await tx
      .update(improvementPlans)
      .set({
        title: input.title,
        description: input.description,
        owner: input.owner,
        targetDate: input.targetDate,
        indicators: input.indicators,
        status,
        ...(reopened ? { closedAt: null, closureReport: null } : {}),
        updatedAt: now,
      })
      .where(scope.where(improvementPlans, eq(improvementPlans.id, cur.id)));
    await writeAudit(tx, caller, {
      action: status !== cur.status ? "improvementPlan.statusChanged" : "improvementPlan.updated",
      targetType: "improvement_plan",
      targetId: cur.id,
      metadata: { fields, from: cur.status, to: status },
    });
    return { id: cur.id, status };
  });
}

export async function deletePlan(db: Db, caller: Caller, id: string, now: Date) {
  const scope = caller.scope;
  await db.transaction(async (tx) => {
    const cur = await loadPlan(tx, scope, id, { forUpdate: true });
    if (cur.status !== "DRAFT") throw conflict(`Only a DRAFT improvement plan can be deleted (this one is ${cur.status})`, "IMPROVEMENT_PLAN_NOT_DELETABLE");
    await tx.update(improvementPlans).set({ deletedAt: now, updatedAt: now }).where(scope.where(improvementPlans, eq(improvementPlans.id, id)));
    await tx.update(complaints).set({ improvementPlanId: null, updatedAt: now }).where(scope.where(complaints, eq(complaints.improvementPlanId, id)));
    await writeAudit(tx, caller, { action: "improvementPlan.deleted", targetType: "improvement_plan", targetId: id });
  });
}

export async function addAction(db: Db, caller: Caller, input: { id: string; description: string; owner?: string; dueDate?: string }, now: Date) {
  const scope = caller.scope;
  await checkOwners(db, scope, [{ field: "owner", userId: input.owner }]);
  return db.transaction(async (tx) => {
    const plan = await loadPlan(tx, scope, input.id, { forUpdate: true });
    assertEditable(plan);
    const [row] = await tx
      .insert(improvementActions)
      .values(
        scope.values(improvementActions, {
          id: newId("act"),
          planId: plan.id,
          description: input.description,
          owner: input.owner ?? null,
          dueDate: input.dueDate ?? null,
          status: "TODO" as const,
          createdAt: now,
          updatedAt: now,
        }),
      )
      .returning();
    await refreshPlanCounters(tx, scope, plan.id, now);
    await writeAudit(tx, caller, { action: "improvementPlan.actionAdded", targetType: "improvement_plan", targetId: plan.id, metadata: { actionId: row!.id } });
    return toAction(row!);
  });
}

async function loadAction(tx: DbOrTx, scope: TenantScope, planId: string, actionId: string) {
  const [a] = await tx
    .select()
    .from(improvementActions)
    .where(scope.where(improvementActions, eq(improvementActions.planId, planId), eq(improvementActions.id, actionId)))
    .limit(1)
    .for("update");
  if (!a) throw notFound("Improvement action");
  return a;
}

/** PATCH /improvement-plans/{id}/actions/{actionId}: description, owner, dueDate, status (DONE sets completedAt, another status clears it). */
export async function updateAction(db: Db, caller: Caller, input: TUpdateActionInput, now: Date) {
  const scope = caller.scope;
  await checkOwners(db, scope, [{ field: "owner", userId: input.owner }]);
  return db.transaction(async (tx) => {
    const plan = await loadPlan(tx, scope, input.id, { forUpdate: true });
    assertEditable(plan);
    const cur = await loadAction(tx, scope, plan.id, input.actionId);
    const status = input.status ?? cur.status;
    const completedAt = status === "DONE" ? (cur.status === "DONE" ? cur.completedAt : now) : null;
    const [row] = await tx
      .update(improvementActions)
      .set({ description: input.description, owner: input.owner, dueDate: input.dueDate, status, completedAt, updatedAt: now })
      .where(scope.where(improvementActions, eq(improvementActions.id, cur.id)))
      .returning();
    await refreshPlanCounters(tx, scope, plan.id, now);
    await writeAudit(tx, caller, { action: "improvementPlan.actionUpdated", targetType: "improvement_plan", targetId: plan.id, metadata: { actionId: cur.id, from: cur.status, to: status } });
    return toAction(row!);
  });
}

/** POST /improvement-plans/{id}/actions/{actionId}/complete: DONE now; an action already DONE is 409. */
export async function completeAction(db: Db, caller: Caller, input: { id: string; actionId: string }, now: Date) {
  const scope = caller.scope;
  return db.transaction(async (tx) => {
    const plan = await loadPlan(tx, scope, input.id, { forUpdate: true });
    assertEditable(plan);
    const cur = await loadAction(tx, scope, plan.id, input.actionId);
    if (cur.status === "DONE") throw conflict("Action already DONE", "IMPROVEMENT_ACTION_ALREADY_DONE");
    const [row] = await tx
      .update(improvementActions)
      .set({ status: "DONE", completedAt: now, updatedAt: now })
      .where(scope.where(improvementActions, eq(improvementActions.id, cur.id)))
      .returning();
    await refreshPlanCounters(tx, scope, plan.id, now);
    await writeAudit(tx, caller, { action: "improvementPlan.actionCompleted", targetType: "improvement_plan", targetId: plan.id, metadata: { actionId: cur.id } });
    return toAction(row!);
  });
}

/** POST /improvement-plans/{id}/close: an IN_PROGRESS plan whose actions are all DONE becomes COMPLETED with its closure report. */
export async function closePlan(db: Db, caller: Caller, input: { id: string; report: string }, now: Date): Promise<TPlan> {
  const scope = caller.scope;
  const row = await db.transaction(async (tx) => {
    const cur = await loadPlan(tx, scope, input.id, { forUpdate: true });
    if (cur.status !== "IN_PROGRESS") throw conflict(`Only an IN_PROGRESS improvement plan can be closed (this one is ${cur.status})`, "IMPROVEMENT_PLAN_TRANSITION_INVALID");
    if (cur.actionsCompleted < cur.actionsCount) {
      throw conflict(`${cur.actionsCount - cur.actionsCompleted} action(s) not DONE yet`, "IMPROVEMENT_PLAN_ACTIONS_OPEN");
    }
    const [row] = await tx
      .update(improvementPlans)
      .set({ status: "COMPLETED", closureReport: input.report, closedAt: now, updatedAt: now })
      .where(scope.where(improvementPlans, eq(improvementPlans.id, cur.id)))
      .returning();
    await writeAudit(tx, caller, { action: "improvementPlan.closed", targetType: "improvement_plan", targetId: cur.id });
    return row!;
  });
  return planView(db, scope, row);
}
