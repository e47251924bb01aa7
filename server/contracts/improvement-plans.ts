import { z } from "zod";
import { envelope, listEnvelope, ZId, ZPerPageInput, ZPerPageMeta, ZTimestamp } from "./common";
import { ZComplaintSeverity, ZComplaintStatus } from "./complaints";
import { ZIsoDate } from "./courses";

/** Continuous-improvement plans (spec: ImprovementPlan resource and states; Qualiopi indicator 32). Isomorphic: zod only. */
export const PLAN_TRIGGERS = ["COMPLAINT", "AUDIT", "FEEDBACK", "PROACTIVE"] as const;
export const PLAN_STATUSES = ["DRAFT", "IN_PROGRESS", "COMPLETED", "ARCHIVED"] as const;
const ACTION_STATUSES = ["TODO", "IN_PROGRESS", "DONE"] as const;
const ZPlanTrigger = z.enum(PLAN_TRIGGERS);
const ZPlanStatus = z.enum(PLAN_STATUSES);
const ZActionStatus = z.enum(ACTION_STATUSES);
export type TPlanStatus = z.infer<typeof ZPlanStatus>;

const ZText = (max: number) => z.string().trim().min(1, "Required").max(max);
const ZIndicators = z
  .array(z.number().int().min(1, "Indicators are 1 to 32").max(32, "Indicators are 1 to 32"))
  .max(32)
  .transform((v) => [...new Set(v)].sort((a, b) => a - b))
  .describe("Qualiopi indicators (1..32) the plan addresses; duplicates merged, stored sorted");

const ZActionInput = z.strictObject({
  description: ZText(2000).describe("What is to be done"),
  owner: ZId("usr").optional().describe("Member in charge (an ACTIVE member of the tenant)"),
  dueDate: ZIsoDate.optional(),
});

const ZAction = z.object({
  id: z.string().describe("act_..."),
  description: z.string(),
  status: ZActionStatus,
  owner: z.string().nullable(),
  dueDate: z.string().nullable().describe("YYYY-MM-DD"),
  completedAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
});

const ZPlanSummary = z.object({
  id: z.string().describe("imp_..."),
  title: z.string(),
  description: z.string(),
  trigger: ZPlanTrigger,
  status: ZPlanStatus,
  owner: z.string().nullable(),
  targetDate: z.string().nullable().describe("YYYY-MM-DD"),
  indicators: z.array(z.number().int()),
  actionsCount: z.number().int(),
  actionsCompleted: z.number().int(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});

const ZLinkedComplaint = z.object({ id: z.string(), subject: z.string(), severity: ZComplaintSeverity, status: ZComplaintStatus, createdAt: ZTimestamp });

const ZPlan = ZPlanSummary.extend({
  linkedComplaintIds: z.array(z.string()),
  linkedComplaints: z.array(ZLinkedComplaint),
  actions: z.array(ZAction).describe("Oldest first"),
  closureReport: z.string().nullable(),
  closedAt: ZTimestamp.nullable(),
  createdBy: z.string().nullable().describe("null when the platform opened it for a HIGH or CRITICAL complaint"),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZListPlansInput = ZPerPageInput.extend({ status: ZPlanStatus.optional(), trigger: ZPlanTrigger.optional() });
export const ZPlanIdInput = z.strictObject({ id: ZId("imp") });

export const ZCreatePlanInput = z.strictObject({
  title: ZText(200),
  description: z.string().trim().max(5000).default(""),
  trigger: ZPlanTrigger.describe("COMPLAINT, AUDIT, FEEDBACK or PROACTIVE"),
  linkedComplaintIds: z.array(ZId("cpl")).max(100).default([]).describe("Complaints this plan answers (each may be linked to one plan only)"),
  targetDate: ZIsoDate.optional(),
  owner: ZId("usr").optional(),
  indicators: ZIndicators.default([]),
  actions: z.array(ZActionInput).max(100).default([]),
});
export type TCreatePlanInput = z.infer<typeof ZCreatePlanInput>;

export const ZUpdatePlanInput = z.strictObject({
  id: ZId("imp"),
  title: ZText(200).optional(),
  description: z.string().trim().max(5000).optional(),
  owner: ZId("usr").nullable().optional(),
  targetDate: ZIsoDate.nullable().optional(),
  indicators: ZIndicators.optional(),
  status: ZPlanStatus.optional(),
});
export type TUpdatePlanInput = z.infer<typeof ZUpdatePlanInput>;

export const ZAddActionInput = ZActionInput.extend({ id: ZId("imp") });
export const ZUpdateActionInput = z.strictObject({
  id: ZId("imp"),
  actionId: ZId("act"),
  description: ZText(2000).optional(),
  owner: ZId("usr").nullable().optional(),
  dueDate: ZIsoDate.nullable().optional(),
  status: ZActionStatus.optional(),
});
export type TUpdateActionInput = z.infer<typeof ZUpdateActionInput>;
export const ZActionIdInput = z.strictObject({ id: ZId("imp"), actionId: ZId("act") });
export const ZClosePlanInput = z.strictObject({ id: ZId("imp"), report: ZText(10000).describe("Closure report: results and effectiveness of the actions") });

export const ZPlanStatsInput = z.object({
  from: ZIsoDate.optional().describe("First day (YYYY-MM-DD, UTC) of the period (plans created from then); default: 365 days before `to`"),
  to: ZIsoDate.optional().describe("Last day, included; default: today"),
});

const counts = <T extends readonly [string, ...string[]]>(values: T) => z.object(Object.fromEntries(values.map((v) => [v, z.number().int()])) as { [K in T[number]]: z.ZodNumber });

const ZPlanStats = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  byStatus: counts(PLAN_STATUSES),
  byTrigger: counts(PLAN_TRIGGERS),
  actions: z.object({ total: z.number().int(), done: z.number().int(), overdue: z.number().int().describe("Not DONE and dueDate before today") }),
  averageClosureDays: z.number().nullable().describe("Mean createdAt -> closedAt of the COMPLETED plans, days (1 decimal)"),
  linkedComplaints: z.number().int(),
  byIndicator: z.record(z.string(), z.number().int()).describe("Plans per Qualiopi indicator addressed ('31': 4)"),
});

export const ZPlanOutput = envelope(ZPlan);
export const ZPlanCreatedOutput = envelope(z.object({ id: z.string(), status: ZPlanStatus, actionsCount: z.number().int() }));
export const ZListPlansOutput = listEnvelope(ZPlanSummary, ZPerPageMeta);
export const ZPlanIdOutput = envelope(z.object({ id: z.string(), status: ZPlanStatus }));
export const ZActionOutput = envelope(ZAction);
export const ZPlanStatsOutput = envelope(ZPlanStats);
