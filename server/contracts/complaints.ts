import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, listEnvelope, ZEmail, ZId, ZPerPageInput, ZPerPageMeta, ZTimestamp } from "./common";

/** Complaints register (spec: Complaint resource and states; Qualiopi indicator 31). Isomorphic: zod only. */
export const COMPLAINT_CATEGORIES = ["COURSE_QUALITY", "ADMIN", "BILLING", "OTHER"] as const;
export const COMPLAINT_SEVERITIES = ["LOW", "MEDIUM", "HIGH", "CRITICAL"] as const;
export const COMPLAINT_STATUSES = ["NEW", "IN_REVIEW", "RESOLVED", "ESCALATED", "CLOSED"] as const;
/** WEB: the contact form or a signed-in complainant; the others: received by staff, who record it. */
export const COMPLAINT_CHANNELS = ["WEB", "PHONE", "EMAIL", "LETTER", "IN_PERSON"] as const;
/** The severity a complaint starts with when staff have not chosen one (the complainant never does). */
export const DEFAULT_COMPLAINT_SEVERITY = "MEDIUM" as const;
const ZComplaintCategory = z.enum(COMPLAINT_CATEGORIES);
export const ZComplaintSeverity = z.enum(COMPLAINT_SEVERITIES);
export const ZComplaintStatus = z.enum(COMPLAINT_STATUSES);
const ZComplaintChannel = z.enum(COMPLAINT_CHANNELS);
export type TComplaintStatus = z.infer<typeof ZComplaintStatus>;
export type TComplaintSeverity = z.infer<typeof ZComplaintSeverity>;

const ZText = (max: number) => z.string().trim().min(1, "Required").max(max);

export const ZCreateComplaintInput = z.strictObject({
  subject: ZText(200).describe("Short title (at most 200 characters)"),
  description: ZText(5000).describe("What happened (at most 5000 characters)"),
  category: ZComplaintCategory.describe("COURSE_QUALITY, ADMIN, BILLING or OTHER"),
  severity: ZComplaintSeverity.optional().describe(
    "LOW, MEDIUM, HIGH or CRITICAL, chosen by staff: honoured only from a caller holding complaints.manage (ADMIN); from the complainant it is ignored and the complaint starts MEDIUM (staff change it with PATCH)",
  ),
  channel: ZComplaintChannel.optional().describe(
    "ADMIN recording a complaint received elsewhere: PHONE, EMAIL, LETTER, IN_PERSON (or WEB). Given, the complainant is name/email/phone or complainantUserId, not the caller. Anyone else: 403",
  ),
  receivedAt: z
    .union([z.iso.datetime({ offset: true }).max(MAX.dateTime), z.iso.date().max(MAX.date)])
    .optional()
    .describe("ADMIN recording: when it was received, not in the future: an ISO 8601 date-time, or a day (YYYY-MM-DD, tenant time zone: today is now, an earlier day its 00:00); default now"),
  complainantUserId: ZId("usr").optional().describe("ADMIN recording: the complainant is this member of the tenant (a learner...); their name, e-mail and language are used"),
  phone: z.string().trim().min(3).max(40).optional().describe("The complainant's phone number, optional"),
  courseId: ZId("crs").optional().describe("The course concerned (crs_), of this tenant"),
  sessionId: ZId("ses").optional().describe("The live session concerned (ses_), of this tenant"),
  attachments: z.array(z.string().trim().min(1).max(500)).max(10).default([]).describe("Storage paths of uploaded files (at most 10)"),
  name: z.string().trim().min(1).max(200).optional().describe("Public contact form or ADMIN recording: the complainant's name, optional (without name and e-mail the complaint is anonymous); ignored when a signed-in complainant files"),
  email: ZEmail.optional().describe("Public contact form or ADMIN recording: where the acknowledgement and the resolution are e-mailed, optional (without it no e-mail goes to the complainant); a signed-in complainant's account e-mail is used instead"),
});
export type TCreateComplaintInput = z.infer<typeof ZCreateComplaintInput>;

const ZReference = z.string().nullable().describe("RECL-{year}-{0042}: per tenant and year, gapless and unique; null for complaints filed before references existed");

const ZComplaintCreated = z.object({
  id: z.string().describe("cpl_..."),
  reference: z.string().describe("RECL-{year}-{0042}: per tenant and year (of reception in the tenant's zone), gapless and unique"),
  severity: ZComplaintSeverity.describe("As set (staff) or the default MEDIUM"),
  answerDueAt: ZTimestamp.describe("The answer promised in the acknowledgement: receivedAt + 24 h for CRITICAL, else + COMPLAINT_ANSWER_DAYS (15) days"),
  acknowledged: z.boolean().describe("An acknowledgement with the reference and the answer delay was e-mailed to the complainant (template complaint-acknowledged; false without an e-mail)"),
  status: ZComplaintStatus,
  createdAt: ZTimestamp,
  notifiedAdmins: z.array(z.string()).describe("User ids (usr_) of the tenant's ADMINs e-mailed about the complaint"),
  improvementPlanId: z.string().nullable().describe("The DRAFT improvement plan opened for a HIGH or CRITICAL complaint"),
  slaDueAt: ZTimestamp.nullable().describe("CRITICAL: createdAt + 24 h"),
});

const ZComplaintSummary = z.object({
  id: z.string(),
  reference: ZReference,
  channel: ZComplaintChannel.describe("How it was received: WEB (form), PHONE, EMAIL, LETTER, IN_PERSON"),
  receivedAt: ZTimestamp.describe("When the organisation received it (createdAt unless staff recorded another date)"),
  subject: z.string(),
  category: ZComplaintCategory,
  severity: ZComplaintSeverity,
  status: ZComplaintStatus,
  createdAt: ZTimestamp,
  assignedTo: z.string().nullable(),
  slaDueAt: ZTimestamp.nullable().describe("CRITICAL only: when the 24 h handling SLA ends"),
  slaBreached: z.boolean().describe("CRITICAL: still NEW or IN_REVIEW after slaDueAt, or resolved after it"),
});
export type TComplaintSummary = z.infer<typeof ZComplaintSummary>;

const ZComplaintComment = z.object({
  id: z.string().describe("cmt_..."),
  author: z.string().describe("User id of the author"),
  authorName: z.string(),
  text: z.string(),
  at: ZTimestamp,
});

const ZComplaintHistoryEntry = z.object({
  from: ZComplaintStatus.nullable().describe("null on the creation row"),
  to: ZComplaintStatus,
  changedBy: z.string().nullable().describe("User id; null when the platform changed it (automatic closure, public creation)"),
  note: z.string().nullable(),
  at: ZTimestamp,
});

const ZComplaint = ZComplaintSummary.extend({
  description: z.string(),
  courseId: z.string().nullable(),
  sessionId: z.string().nullable(),
  attachments: z.array(z.string()),
  complainant: z
    .object({
      userId: z.string().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable().describe("null: no e-mail goes to the complainant"),
      phone: z.string().nullable(),
      anonymous: z.boolean().describe("A public contact who gave neither name nor e-mail"),
    })
    .describe("Who filed it: the signed-in account, or what the public contact form gave"),
  improvementPlanId: z.string().nullable(),
  improvementPlanTitle: z.string().nullable().describe("The linked plan's title (what the screens show)"),
  recordedBy: z.string().nullable().describe("User id of the ADMIN who recorded a complaint received by phone, e-mail, letter or in person"),
  resolvedAt: ZTimestamp.nullable(),
  resolution: z.string().nullable(),
  correctiveActions: z.array(z.string()),
  escalatedAt: ZTimestamp.nullable(),
  escalationReason: z.string().nullable(),
  mediatorEmail: z.string().nullable(),
  closedAt: ZTimestamp.nullable(),
  closedReason: z.enum(["MANUAL", "AUTO"]).nullable(),
  slaAlertedAt: ZTimestamp.nullable(),
  updatedAt: ZTimestamp,
  comments: z.array(ZComplaintComment).optional().describe("Internal comments, oldest first: ADMIN and CREATOR only, never shown to the complainant"),
  history: z.array(ZComplaintHistoryEntry).optional().describe("Every status change, oldest first (ADMIN and CREATOR only)"),
});
export type TComplaint = z.infer<typeof ZComplaint>;

export const ZListComplaintsInput = ZPerPageInput.extend({
  status: ZComplaintStatus.optional(),
  severity: ZComplaintSeverity.optional(),
  assignedTo: ZId("usr").optional().describe("User id of the assignee"),
});
export type TListComplaintsInput = z.infer<typeof ZListComplaintsInput>;

export const ZComplaintIdInput = z.strictObject({ id: ZId("cpl") });

export const ZUpdateComplaintInput = z.strictObject({
  id: ZId("cpl"),
  status: ZComplaintStatus.optional().describe("IN_REVIEW (from NEW) or CLOSED (from RESOLVED or ESCALATED); other moves have their own operation"),
  assignedTo: ZId("usr").nullable().optional().describe("An ACTIVE ADMIN or CREATOR of the tenant; null unassigns"),
  severity: ZComplaintSeverity.optional().describe("Staff's assessment, while NEW or IN_REVIEW: HIGH or CRITICAL opens a DRAFT improvement plan when none is linked; CRITICAL starts the 24 h SLA from reception"),
});
export type TUpdateComplaintInput = z.infer<typeof ZUpdateComplaintInput>;

export const ZCommentInput = z.strictObject({ id: ZId("cpl"), text: ZText(5000).describe("Internal note (at most 5000 characters)") });

export const ZResolveInput = z.strictObject({
  id: ZId("cpl"),
  resolution: ZText(5000).describe("The answer given to the complainant (e-mailed to them)"),
  correctiveActions: z
    .array(ZText(500))
    .max(50)
    .default([])
    .describe("Corrective actions taken (at most 50): each becomes a TODO action of the linked improvement plan (a DRAFT plan is opened when none is linked, or the linked one is completed or archived)"),
});
export type TResolveInput = z.infer<typeof ZResolveInput>;

export const ZEscalateInput = z.strictObject({
  id: ZId("cpl"),
  reason: ZText(5000).describe("Why the disagreement persists"),
  mediatorEmail: ZEmail.optional().describe("The mediator's e-mail: the complaint file is sent there"),
});
export type TEscalateInput = z.infer<typeof ZEscalateInput>;

export const ZStatsInput = z.object({
  from: z.iso.date().max(MAX.date).optional().describe("First day (YYYY-MM-DD, UTC) of the period; default: 365 days before `to`"),
  to: z.iso.date().max(MAX.date).optional().describe("Last day (YYYY-MM-DD, UTC), included; default: today"),
});

const ZCounts = <T extends readonly [string, ...string[]]>(values: T) => z.object(Object.fromEntries(values.map((v) => [v, z.number().int()])) as { [K in T[number]]: z.ZodNumber });

const ZComplaintStats = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int().describe("Complaints received in the period"),
  byStatus: ZCounts(COMPLAINT_STATUSES),
  byCategory: ZCounts(COMPLAINT_CATEGORIES),
  bySeverity: ZCounts(COMPLAINT_SEVERITIES),
  resolved: z.number().int().describe("Of those, resolved (RESOLVED, ESCALATED or CLOSED after a resolution)"),
  averageResolutionHours: z.number().nullable().describe("Mean createdAt -> resolvedAt, hours (1 decimal); null when none resolved"),
  medianResolutionHours: z.number().nullable(),
  averageFirstReviewHours: z.number().nullable().describe("Mean time from reception to the first move to IN_REVIEW"),
  escalated: z.number().int().describe("Sent to the mediator"),
  critical: z.object({ total: z.number().int(), slaMet: z.number().int(), slaBreached: z.number().int(), open: z.number().int() }),
  withImprovementPlan: z.number().int(),
});

export const ZComplaintOutput = envelope(ZComplaint);
export const ZComplaintCreatedOutput = envelope(ZComplaintCreated);
export const ZListComplaintsOutput = listEnvelope(ZComplaintSummary, ZPerPageMeta);
export const ZCommentOutput = envelope(ZComplaintComment);
export const ZResolveOutput = envelope(
  z.object({ id: z.string(), status: ZComplaintStatus, resolvedAt: ZTimestamp, improvementPlanId: z.string().nullable().describe("The plan that received the corrective actions (null when there were none and no plan is linked)") }),
);
export const ZEscalateOutput = envelope(z.object({ id: z.string(), status: ZComplaintStatus, escalatedAt: ZTimestamp, mediatorNotified: z.boolean() }));
export const ZComplaintStatsOutput = envelope(ZComplaintStats);
