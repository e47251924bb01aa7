import {
  ZCommentInput,
  ZCommentOutput,
  ZComplaintCreatedOutput,
  ZComplaintIdInput,
  ZComplaintOutput,
  ZComplaintStatsOutput,
  ZCreateComplaintInput,
  ZEscalateInput,
  ZEscalateOutput,
  ZListComplaintsInput,
  ZListComplaintsOutput,
  ZResolveInput,
  ZResolveOutput,
  ZStatsInput,
  ZUpdateComplaintInput,
} from "../../contracts/complaints";
import { one } from "../../contracts/envelope";
import { complaintStats } from "../../services/quality/complaint-stats";
import { createComplaint } from "../../services/quality/complaint-create";
import { addComment, escalateComplaint, getComplaint, listComplaints, resolveComplaint, updateComplaint } from "../../services/quality/complaints";
import { can, publicTenantProcedure, router, tenantProcedure } from "../trpc";

const tags = ["Complaints"];
const notFound = { 404: "Complaint not found (or another tenant's)" };
const admin = { 401: "Unauthorized", 403: "Not ADMIN (complaints.manage)" };
const reviewers = { 401: "Unauthorized", 403: "Not ADMIN or CREATOR (complaints.comment)" };

const LIFECYCLE =
  "Lifecycle (Qualiopi indicator 31): NEW -(PATCH assignedTo, or status IN_REVIEW)-> IN_REVIEW -(POST /resolve)-> RESOLVED -(POST /escalate-mediator)-> ESCALATED; " +
  "RESOLVED or ESCALATED -(PATCH status CLOSED, or automatically after COMPLAINT_AUTO_CLOSE_DAYS (30) days without a further status change, job complaints.autoclose)-> CLOSED, final. " +
  "Every status change is recorded in the complaint's history (GET /complaints/{id}).";

export const complaintsRouter = router({
  stats: can("complaints.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/complaints/stats",
        tags,
        summary: "Complaint statistics (audit)",
        description:
          "ADMIN. The complaints received in the period (createdAt from `from` 00:00 UTC to the end of `to`; default the 365 days up to today): total, counts by status, " +
          "category and severity, resolved count, mean and median hours from reception to resolution, mean hours to the first review, escalations to the mediator, " +
          "CRITICAL complaints and their 24 h SLA (met: resolved in time; breached: resolved late, or still NEW or IN_REVIEW past slaDueAt; open), and how many led to an improvement plan.",
        errorResponses: { 400: "Invalid date", ...admin },
      },
    })
    .input(ZStatsInput)
    .output(ZComplaintStatsOutput)
    .query(async ({ ctx, input }) => one(await complaintStats(ctx.db, ctx.caller, input, ctx.clock.now()))),

  list: can("complaints.comment")
    .meta({
      openapi: {
        method: "GET",
        path: "/complaints",
        tags,
        summary: "Complaints register",
        description:
          "ADMIN or CREATOR. Newest first; filters status, severity, assignedTo (a user id). perPage defaults to 20 (max 100). slaDueAt and slaBreached show the 24 h SLA of CRITICAL complaints. " +
          LIFECYCLE,
        errorResponses: { 400: "Invalid query", ...reviewers },
      },
    })
    .input(ZListComplaintsInput)
    .output(ZListComplaintsOutput)
    .query(({ ctx, input }) => listComplaints(ctx.db, ctx.caller, input, ctx.clock.now())),

  create: publicTenantProcedure
    .meta({
      status: 201,
      validationStatus: 422,
      openapi: {
        method: "POST",
        path: "/complaints",
        tags,
        protect: false,
        summary: "File a complaint (the public contact form), or record one received by phone, e-mail, letter or in person",
        description:
          "No sign-in required: the tenant comes from X-Tenant-ID or the sub-domain; abuse is limited by the rate limit of every request (RATE_LIMIT_PER_HOUR per client address, 429). " +
          "Signed in (any role, even without a membership), the complainant is the account and its e-mail receives the acknowledgement and the resolution; without a sign-in, `name`, `email` and `phone` are optional: without name and e-mail the complaint is anonymous (complainant.anonymous, shown as Anonyme), and without `email` no e-mail ever goes to the complainant. " +
          "Staff recording (ADMIN, complaints.manage): `channel` (PHONE, EMAIL, LETTER, IN_PERSON or WEB), `receivedAt` (not in the future, 422) and the complainant typed (`name`, `email`, `phone`) or named (`complainantUserId`, an active member of the tenant, 422 otherwise); recordedBy is the caller. " +
          "Any of channel, receivedAt or complainantUserId from anyone else: 403 (401 without a sign-in). " +
          "The severity is staff's assessment: honoured from an ADMIN, ignored from anyone else (the complaint starts MEDIUM; staff change it with PATCH). " +
          "The reference RECL-{year}-{0042} is taken from the tenant's series of the reception year (tenant time zone): gapless, unique, in the creating transaction. " +
          "courseId and sessionId must be the tenant's (422); a session alone also sets its course. In one transaction: the complaint (NEW) and its first history line; " +
          "every ACTIVE ADMIN is e-mailed (template complaint-received; their user ids are notifiedAdmins); the complainant, when an e-mail is known, gets an acknowledgement with the reference and the answer delay " +
          "(template complaint-acknowledged, in their language: 24 h for CRITICAL, else COMPLAINT_ANSWER_DAYS (15) days from reception; answerDueAt); HIGH and CRITICAL open a DRAFT improvement plan " +
          "(trigger COMPLAINT, indicators 31 and 32) linked to it (improvementPlanId); CRITICAL marks the mail [CRITIQUE] and starts a 24 h SLA from reception (slaDueAt): the job complaints.sla " +
          "e-mails the ADMINs once, COMPLAINT_SLA_ALERT_MINUTES (120) before the deadline, if it is still NEW or IN_REVIEW.",
        errorResponses: {
          400: "Unknown field",
          401: "Staff fields without a sign-in",
          403: "Staff fields (channel, receivedAt, complainantUserId) without complaints.manage",
          404: "Tenant not found",
          422: "Invalid field (errors map): category, severity, channel, missing subject/description, unknown course or session, receivedAt in the future, complainantUserId not a member",
          429: "Rate limit",
        },
      },
    })
    .input(ZCreateComplaintInput)
    .output(ZComplaintCreatedOutput)
    .mutation(async ({ ctx, input }) => one(await createComplaint(ctx.db, ctx.caller, input, ctx.clock.now()))),

  get: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/complaints/{id}",
        tags,
        summary: "Complaint detail",
        description:
          "ADMIN or CREATOR: every field, the internal comments (oldest first) and the status history. The signed-in complainant may read their own complaint without the comments and " +
          "the history (the comments are internal). Anyone else: 404. " +
          LIFECYCLE,
        errorResponses: { 401: "Unauthorized", 403: "Not a member", ...notFound },
      },
    })
    .input(ZComplaintIdInput)
    .output(ZComplaintOutput)
    .query(async ({ ctx, input }) => one(await getComplaint(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

  update: can("complaints.manage")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/complaints/{id}",
        tags,
        summary: "Assign a complaint, set its severity, or change its status",
        description:
          "ADMIN. assignedTo: an ACTIVE ADMIN or CREATOR of the tenant (422 otherwise), null unassigns; assigning a NEW complaint moves it to IN_REVIEW. " +
          "status: IN_REVIEW from NEW (assigns the caller when nobody is assigned) or CLOSED from RESOLVED or ESCALATED (manual closure, closedReason MANUAL). " +
          "severity: staff's assessment (any status but CLOSED); HIGH or CRITICAL opens a DRAFT improvement plan when none is linked; CRITICAL starts the 24 h SLA from reception (the admins' bells ring), another severity ends it. " +
          "Any other move is 409 COMPLAINT_TRANSITION_INVALID (RESOLVED and ESCALATED have their own operations); a CLOSED complaint is final: 409 COMPLAINT_CLOSED. " +
          "Answers the complaint as GET does.",
        errorResponses: { 400: "Invalid status, malformed id or unknown field", ...admin, ...notFound, 409: "Invalid move, or complaint closed", 422: "Assignee not an active ADMIN or CREATOR (errors.assignedTo)" },
      },
    })
    .input(ZUpdateComplaintInput)
    .output(ZComplaintOutput)
    .mutation(async ({ ctx, input }) => one(await updateComplaint(ctx.db, ctx.caller, input, ctx.clock.now()))),

  comment: can("complaints.comment")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/complaints/{id}/comments",
        tags,
        summary: "Add an internal comment",
        description: "ADMIN or CREATOR. Internal note: listed by GET /complaints/{id} for ADMIN and CREATOR only, never shown or e-mailed to the complainant. Allowed in every status.",
        errorResponses: { 400: "Missing text or unknown field", ...reviewers, ...notFound },
      },
    })
    .input(ZCommentInput)
    .output(ZCommentOutput)
    .mutation(async ({ ctx, input }) => one(await addComment(ctx.db, ctx.caller, input, ctx.clock.now()))),

  resolve: can("complaints.manage")
    .meta({
      openapi: {
        method: "POST",
        path: "/complaints/{id}/resolve",
        tags,
        summary: "Resolve a complaint",
        description:
          "ADMIN. IN_REVIEW -> RESOLVED: resolution and correctiveActions stored, resolvedAt set, the complainant e-mailed the answer (template complaint-resolved, with the reference). " +
          "Each corrective action becomes a TODO action of the linked improvement plan (its actionsCount follows); without a plan that can take actions (none, COMPLETED or ARCHIVED) a DRAFT plan (trigger COMPLAINT) is opened and linked (improvementPlanId). " +
          "Already RESOLVED, ESCALATED or CLOSED: 409 COMPLAINT_ALREADY_RESOLVED. NEW (not assigned yet): 409 COMPLAINT_TRANSITION_INVALID.",
        errorResponses: { 400: "Missing resolution or unknown field", ...admin, ...notFound, 409: "Already resolved or closed; or not IN_REVIEW" },
      },
    })
    .input(ZResolveInput)
    .output(ZResolveOutput)
    .mutation(async ({ ctx, input }) => one(await resolveComplaint(ctx.db, ctx.caller, input, ctx.clock.now()))),

  escalate: tenantProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/complaints/{id}/escalate-mediator",
        tags,
        summary: "Refer a complaint to the mediator",
        description:
          "ADMIN, or the signed-in complainant (their own complaint), when the disagreement persists after the answer: RESOLVED -> ESCALATED, with reason (required) and escalatedAt. " +
          "When mediatorEmail is given the complaint file (subject, description, answer, reason) is e-mailed there (template complaint-mediation; mediatorNotified true). " +
          "Another status: 409 COMPLAINT_TRANSITION_INVALID (CLOSED: COMPLAINT_CLOSED). A CREATOR: 403; anyone else: 404.",
        errorResponses: { 400: "Missing reason or unknown field", 401: "Unauthorized", 403: "CREATOR", ...notFound, 409: "Not RESOLVED" },
      },
    })
    .input(ZEscalateInput)
    .output(ZEscalateOutput)
    .mutation(async ({ ctx, input }) => one(await escalateComplaint(ctx.db, ctx.caller, input, ctx.clock.now()))),
});
