import { z } from "zod";
import {
  ZActionIdInput,
  ZActionOutput,
  ZAddActionInput,
  ZClosePlanInput,
  ZCreatePlanInput,
  ZListPlansInput,
  ZListPlansOutput,
  ZPlanCreatedOutput,
  ZPlanIdInput,
  ZPlanIdOutput,
  ZPlanOutput,
  ZPlanStatsInput,
  ZPlanStatsOutput,
  ZUpdateActionInput,
  ZUpdatePlanInput,
} from "../../contracts/improvement-plans";
import { one } from "../../contracts/envelope";
import { planStats } from "../../services/quality/plan-stats";
import { addAction, closePlan, completeAction, createPlan, deletePlan, getPlan, listPlans, updateAction, updatePlan } from "../../services/quality/plans";
import { ofModeProcedure, router } from "../trpc";

const tags = ["Improvement plans"];
const guard = () => ofModeProcedure("improvementPlans.manage");
const roles = { 401: "Unauthorized", 403: "Not ADMIN (improvementPlans.manage), or OF mode off (OF_MODE_DISABLED)" };
const notFound = { 404: "Improvement plan not found (deleted, or another tenant's)" };
const OF = "ADMIN; OF mode only (403 OF_MODE_DISABLED when the tenant turned it off; the data stays).";

const MOVES =
  "Status moves: DRAFT -> IN_PROGRESS or ARCHIVED; IN_PROGRESS -> ARCHIVED (COMPLETED only through POST /improvement-plans/{id}/close, with the closure report); " +
  "COMPLETED -> IN_PROGRESS (reopened: closureReport and closedAt cleared) or ARCHIVED; ARCHIVED is final. Any other move (e.g. ARCHIVED -> DRAFT) is 409 " +
  "IMPROVEMENT_PLAN_TRANSITION_INVALID. A COMPLETED or ARCHIVED plan is otherwise read-only: 409 IMPROVEMENT_PLAN_NOT_EDITABLE.";

export const improvementPlansRouter = router({
  stats: guard()
    .meta({
      openapi: {
        method: "GET",
        path: "/improvement-plans/stats",
        tags,
        summary: "Improvement-plan statistics (audit)",
        description:
          `${OF} Plans created in the period (from 00:00 UTC of \`from\` to the end of \`to\`; default the 365 days up to today; deleted plans left out): total, by status and trigger, ` +
          "their actions (total, DONE, overdue: not DONE with a dueDate before today), the mean days from creation to closure of COMPLETED plans, the complaints linked, " +
          "and the number of plans per Qualiopi indicator addressed.",
        errorResponses: { 400: "Invalid date", ...roles },
      },
    })
    .input(ZPlanStatsInput)
    .output(ZPlanStatsOutput)
    .query(async ({ ctx, input }) => one(await planStats(ctx.db, ctx.caller, input, ctx.clock.now()))),

  list: guard()
    .meta({
      openapi: {
        method: "GET",
        path: "/improvement-plans",
        tags,
        summary: "List improvement plans",
        description: `${OF} Newest first, deleted plans left out; filters status and trigger; perPage default 20, max 100. Each plan with its counters actionsCount and actionsCompleted.`,
        errorResponses: { 400: "Invalid query", ...roles },
      },
    })
    .input(ZListPlansInput)
    .output(ZListPlansOutput)
    .query(({ ctx, input }) => listPlans(ctx.db, ctx.caller, input)),

  create: guard()
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/improvement-plans",
        tags,
        summary: "Create an improvement plan",
        description:
          `${OF} Status DRAFT; actions start TODO, in the order given. owner and each action's owner must be ACTIVE members (422 errors.owner / errors.actions.N.owner). ` +
          "linkedComplaintIds: the tenant's complaints, each linked to one plan at most (its improvementPlanId is set; unknown or already linked: 422 errors.linkedComplaintIds). " +
          "indicators: Qualiopi indicators 1..32 the plan addresses. HIGH and CRITICAL complaints open a DRAFT plan of their own (trigger COMPLAINT) when they are filed.",
        errorResponses: { 400: "Missing field, bad trigger, bad indicator or unknown field (errors map)", ...roles, 422: "Owner not a member; complaint unknown or already linked" },
      },
    })
    .input(ZCreatePlanInput)
    .output(ZPlanCreatedOutput)
    .mutation(async ({ ctx, input }) => one(await createPlan(ctx.db, ctx.caller, input, ctx.clock.now()))),

  get: guard()
    .meta({
      openapi: {
        method: "GET",
        path: "/improvement-plans/{id}",
        tags,
        summary: "Improvement plan detail",
        description: `${OF} The plan with its actions (oldest first), its linked complaints (ids and summaries) and, once COMPLETED, its closure report.`,
        errorResponses: { ...roles, ...notFound },
      },
    })
    .input(ZPlanIdInput)
    .output(ZPlanOutput)
    .query(async ({ ctx, input }) => one(await getPlan(ctx.db, ctx.caller, input.id))),

  update: guard()
    .meta({
      openapi: {
        method: "PATCH",
        path: "/improvement-plans/{id}",
        tags,
        summary: "Edit an improvement plan or move its status",
        description: `${OF} Partial: title, description, owner (null clears), targetDate (null clears), indicators, status. Actions are managed by their own operations. ${MOVES}`,
        errorResponses: { 400: "Invalid field or unknown field", ...roles, ...notFound, 409: "Invalid status move, or plan read-only", 422: "Owner not a member" },
      },
    })
    .input(ZUpdatePlanInput)
    .output(ZPlanIdOutput)
    .mutation(async ({ ctx, input }) => one(await updatePlan(ctx.db, ctx.caller, input, ctx.clock.now()))),

  delete: guard()
    .meta({
      status: 204,
      openapi: {
        method: "DELETE",
        path: "/improvement-plans/{id}",
        tags,
        summary: "Delete a DRAFT improvement plan",
        description: `${OF} Soft delete of a DRAFT plan: it disappears from the API (404 afterwards) and its complaints are unlinked; IN_PROGRESS, COMPLETED, ARCHIVED: 409 IMPROVEMENT_PLAN_NOT_DELETABLE.`,
        successDescription: "No content",
        errorResponses: { ...roles, ...notFound, 409: "Not DRAFT" },
      },
    })
    .input(ZPlanIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deletePlan(ctx.db, ctx.caller, input.id, ctx.clock.now());
    }),

  addAction: guard()
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/improvement-plans/{id}/actions",
        tags,
        summary: "Add an action",
        description: `${OF} The new action is TODO; the plan's actionsCount grows. A COMPLETED or ARCHIVED plan: 409 IMPROVEMENT_PLAN_NOT_EDITABLE.`,
        errorResponses: { 400: "Missing description or unknown field", ...roles, ...notFound, 409: "Plan read-only", 422: "Owner not a member" },
      },
    })
    .input(ZAddActionInput)
    .output(ZActionOutput)
    .mutation(async ({ ctx, input }) => one(await addAction(ctx.db, ctx.caller, input, ctx.clock.now()))),

  updateAction: guard()
    .meta({
      openapi: {
        method: "PATCH",
        path: "/improvement-plans/{id}/actions/{actionId}",
        tags,
        summary: "Edit an action",
        description: `${OF} Partial: description, owner, dueDate (null clears), status TODO, IN_PROGRESS or DONE (DONE sets completedAt, the others clear it; the plan's actionsCompleted follows). A COMPLETED or ARCHIVED plan: 409.`,
        errorResponses: { 400: "Invalid field or unknown field", ...roles, 404: "Plan or action not found", 409: "Plan read-only", 422: "Owner not a member" },
      },
    })
    .input(ZUpdateActionInput)
    .output(ZActionOutput)
    .mutation(async ({ ctx, input }) => one(await updateAction(ctx.db, ctx.caller, input, ctx.clock.now()))),

  completeAction: guard()
    .meta({
      openapi: {
        method: "POST",
        path: "/improvement-plans/{id}/actions/{actionId}/complete",
        tags,
        summary: "Complete an action",
        description: `${OF} The action becomes DONE with completedAt now. Already DONE: 409 IMPROVEMENT_ACTION_ALREADY_DONE. A COMPLETED or ARCHIVED plan: 409 IMPROVEMENT_PLAN_NOT_EDITABLE.`,
        errorResponses: { ...roles, 404: "Plan or action not found", 409: "Already DONE, or plan read-only" },
      },
    })
    .input(ZActionIdInput)
    .output(ZActionOutput)
    .mutation(async ({ ctx, input }) => one(await completeAction(ctx.db, ctx.caller, input, ctx.clock.now()))),

  close: guard()
    .meta({
      openapi: {
        method: "POST",
        path: "/improvement-plans/{id}/close",
        tags,
        summary: "Close a plan with its report",
        description:
          `${OF} IN_PROGRESS -> COMPLETED with closureReport (body report, required) and closedAt. Every action must be DONE first (409 IMPROVEMENT_PLAN_ACTIONS_OPEN); ` +
          "another status: 409 IMPROVEMENT_PLAN_TRANSITION_INVALID. Answers the plan as GET does.",
        errorResponses: { 400: "Missing report or unknown field", ...roles, ...notFound, 409: "Not IN_PROGRESS, or actions not DONE" },
      },
    })
    .input(ZClosePlanInput)
    .output(ZPlanOutput)
    .mutation(async ({ ctx, input }) => one(await closePlan(ctx.db, ctx.caller, input, ctx.clock.now()))),
});
