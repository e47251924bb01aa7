import { asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import type {
  TComplaint,
  TComplaintSeverity,
  TComplaintStatus,
  TComplaintSummary,
  TEscalateInput,
  TListComplaintsInput,
  TResolveInput,
  TUpdateComplaintInput,
} from "../../contracts/complaints";
import type { Db, DbOrTx } from "../../db";
import { complaintComments, complaints, complaintStatusHistory, courses, improvementPlans, liveSessions, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { conflict, forbidden, notFound, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { tenantUrl } from "../../lib/urls";
import { notifyUsers } from "../notifications/notifications";
import { sendMail } from "../mail";
import { writeAudit } from "../platform/audit";
import { countOf, paginate, perPagePage } from "../platform/pagination";
import { addCorrectiveActions, openComplaintPlan } from "./complaint-plan";
import { assertActiveMember, membersWith } from "./members";

/**
 * The complaints register (spec: Complaint resource, states and endpoints; Qualiopi indicator 31).
 *
 * Lifecycle: NEW -(assignment)-> IN_REVIEW -(resolve)-> RESOLVED -(escalate-mediator)-> ESCALATED;
 * RESOLVED or ESCALATED -(manual, or COMPLAINT_AUTO_CLOSE_DAYS without reply)-> CLOSED (final).
 * Every change of status is a row of complaint_status_history, written in the change's transaction.
 */

export type ComplaintRow = typeof complaints.$inferSelect;

export const SLA_HOURS = 24;

/** Where the admins' e-mails send them: the quality register with the complaint open. */
export function complaintLink(tenantSlug: string | null, id: string): string {
  return tenantUrl(tenantSlug, `/quality?complaint=${encodeURIComponent(id)}`);
}
const HOUR = 3_600_000;
/** Statuses in which a complaint still waits for its answer (the SLA clock runs). */
export const OPEN_STATUSES = ["NEW", "IN_REVIEW"] as const satisfies readonly TComplaintStatus[];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function isSlaBreached(row: Pick<ComplaintRow, "severity" | "status" | "slaDueAt" | "resolvedAt">, now: Date): boolean {
  if (row.severity !== "CRITICAL" || !row.slaDueAt) return false;
  if (row.resolvedAt) return row.resolvedAt.getTime() > row.slaDueAt.getTime();
  return (OPEN_STATUSES as readonly string[]).includes(row.status) && now.getTime() > row.slaDueAt.getTime();
}

function toSummary(row: ComplaintRow, now: Date): TComplaintSummary {
  return {
    id: row.id,
    reference: row.reference,
    channel: row.channel,
    receivedAt: (row.receivedAt ?? row.createdAt).toISOString(),
    subject: row.subject,
    category: row.category,
    severity: row.severity,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    assignedTo: row.assignedTo,
    slaDueAt: iso(row.slaDueAt),
    slaBreached: isSlaBreached(row, now),
  };
}

async function loadComplaint(db: DbOrTx, scope: TenantScope, id: string, opts: { forUpdate?: boolean } = {}): Promise<ComplaintRow> {
  const q = db.select().from(complaints).where(scope.where(complaints, eq(complaints.id, id))).limit(1);
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound("Complaint");
  return row;
}

/** One status change: the row's status and the history line, in the caller's transaction. */
export async function recordStatus(tx: DbOrTx, scope: TenantScope, complaintId: string, from: TComplaintStatus | null, to: TComplaintStatus, by: string | null, at: Date, note: string | null = null) {
  await tx.insert(complaintStatusHistory).values(scope.values(complaintStatusHistory, { id: newId("csh"), complaintId, fromStatus: from, toStatus: to, changedBy: by, note, at }));
}

const transitionInvalid = (from: TComplaintStatus, to: TComplaintStatus, hint = "") =>
  conflict(`Cannot move a complaint from ${from} to ${to}${hint}`, "COMPLAINT_TRANSITION_INVALID");
const closed = () => conflict("Complaint is closed", "COMPLAINT_CLOSED");

/** The course and session a complaint names must be the tenant's; a session alone names its course. */
export async function checkRefs(db: DbOrTx, scope: TenantScope, input: { courseId?: string; sessionId?: string }) {
  let courseId = input.courseId ?? null;
  if (courseId) {
    const [c] = await db.select({ id: courses.id }).from(courses).where(scope.where(courses, eq(courses.id, courseId))).limit(1);
    if (!c) throw unprocessable("Validation failed", { courseId: ["Course not found"] });
  }
  if (input.sessionId) {
    const [s] = await db.select({ courseId: liveSessions.courseId }).from(liveSessions).where(scope.where(liveSessions, eq(liveSessions.id, input.sessionId))).limit(1);
    if (!s) throw unprocessable("Validation failed", { sessionId: ["Session not found"] });
    if (courseId && s.courseId !== courseId) throw unprocessable("Validation failed", { sessionId: ["The session is not one of the course's"] });
    courseId = s.courseId;
  }
  return { courseId, sessionId: input.sessionId ?? null };
}

/** GET /complaints (ADMIN, CREATOR): newest first, by status, severity and assignee. */
export async function listComplaints(db: Db, caller: Caller, q: TListComplaintsInput, now: Date) {
  const conds = [
    q.status ? eq(complaints.status, q.status) : undefined,
    q.severity ? eq(complaints.severity, q.severity) : undefined,
    q.assignedTo ? eq(complaints.assignedTo, q.assignedTo) : undefined,
  ];
  const where = caller.scope.where(complaints, ...conds);
  return paginate(perPagePage(q), {
    rows: (limit, offset) => db.select().from(complaints).where(where).orderBy(desc(complaints.createdAt), desc(complaints.id)).limit(limit).offset(offset),
    total: () => countOf(db.select({ n: count() }).from(complaints).where(where)),
    map: (rows) => rows.map((r) => toSummary(r, now)),
  });
}

/** Readers: the holders of complaints.comment (ADMIN, CREATOR) see everything; the complainant their own complaint without internal comments nor history; others 404. */
async function readable(db: DbOrTx, caller: Caller, id: string): Promise<{ row: ComplaintRow; internal: boolean }> {
  const row = await loadComplaint(db, caller.scope, id);
  if (caller.can("complaints.comment")) return { row, internal: true };
  if (row.complainantUserId && row.complainantUserId === caller.userId) return { row, internal: false };
  throw notFound("Complaint");
}

async function complaintView(db: DbOrTx, scope: TenantScope, row: ComplaintRow, internal: boolean, now: Date): Promise<TComplaint> {
  const base: TComplaint = {
    ...toSummary(row, now),
    description: row.description,
    courseId: row.courseId,
    sessionId: row.sessionId,
    attachments: row.attachments,
    complainant: { userId: row.complainantUserId, name: row.complainantName, email: row.complainantEmail, phone: row.complainantPhone, anonymous: isAnonymous(row) },
    improvementPlanId: row.improvementPlanId,
    improvementPlanTitle: await planTitle(db, scope, row.improvementPlanId),
    recordedBy: row.recordedBy,
    resolvedAt: iso(row.resolvedAt),
    resolution: row.resolution,
    correctiveActions: row.correctiveActions,
    escalatedAt: iso(row.escalatedAt),
    escalationReason: row.escalationReason,
    mediatorEmail: row.mediatorEmail,
    closedAt: iso(row.closedAt),
    closedReason: (row.closedReason as "MANUAL" | "AUTO" | null) ?? null,
    slaAlertedAt: iso(row.slaAlertedAt),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (!internal) return base;
  const comments = await db
    .select({ id: complaintComments.id, author: complaintComments.authorId, firstName: users.firstName, lastName: users.lastName, text: complaintComments.text, at: complaintComments.createdAt })
    .from(complaintComments)
    .innerJoin(users, eq(users.id, complaintComments.authorId))
    .where(scope.where(complaintComments, eq(complaintComments.complaintId, row.id)))
    .orderBy(asc(complaintComments.createdAt), asc(complaintComments.id));
  const history = await db
    .select()
    .from(complaintStatusHistory)
    .where(scope.where(complaintStatusHistory, eq(complaintStatusHistory.complaintId, row.id)))
    .orderBy(asc(complaintStatusHistory.seq));
  return {
    ...base,
    comments: comments.map((c) => ({ id: c.id, author: c.author, authorName: `${c.firstName} ${c.lastName}`.trim(), text: c.text, at: c.at.toISOString() })),
    history: history.map((h) => ({ from: h.fromStatus, to: h.toStatus, changedBy: h.changedBy, note: h.note, at: h.at.toISOString() })),
  };
}

export async function getComplaint(db: Db, caller: Caller, id: string, now: Date): Promise<TComplaint> {
  const { row, internal } = await readable(db, caller, id);
  return complaintView(db, caller.scope, row, internal, now);
}

async function planTitle(db: DbOrTx, scope: TenantScope, planId: string | null): Promise<string | null> {
  if (!planId) return null;
  const [p] = await db.select({ title: improvementPlans.title }).from(improvementPlans).where(scope.where(improvementPlans, eq(improvementPlans.id, planId))).limit(1);
  return p?.title ?? null;
}

/** Moves PATCH may make (the others have their operation: resolve, escalate-mediator). */
const PATCH_MOVES: Partial<Record<TComplaintStatus, TComplaintStatus[]>> = { NEW: ["IN_REVIEW"], RESOLVED: ["CLOSED"], ESCALATED: ["CLOSED"] };

/**
 * PATCH /complaints/{id} (ADMIN): assignedTo and/or status. Assigning a NEW complaint moves it to
 * IN_REVIEW; status IN_REVIEW without any assignee assigns the caller; status CLOSED closes a
 * RESOLVED or ESCALATED complaint (manual closure). A CLOSED complaint is final: 409.
 */
export async function updateComplaint(db: Db, caller: Caller, input: TUpdateComplaintInput, now: Date): Promise<TComplaint> {
  const scope = caller.scope;
  if (input.assignedTo) await assertActiveMember(db, scope, input.assignedTo, "assignedTo", "complaints.comment");
  const row = await db.transaction(async (tx) => {
    const cur = await loadComplaint(tx, scope, input.id, { forUpdate: true });
    if (cur.status === "CLOSED") throw closed();
    let assignee = input.assignedTo === undefined ? cur.assignedTo : input.assignedTo;
    let next: TComplaintStatus = cur.status;
    if (input.status !== undefined && input.status !== cur.status) {
      if (!PATCH_MOVES[cur.status]?.includes(input.status)) {
        const hint =
          input.status === "RESOLVED" ? ": use POST /complaints/{id}/resolve" : input.status === "ESCALATED" ? ": use POST /complaints/{id}/escalate-mediator" : "";
        throw transitionInvalid(cur.status, input.status, hint);
      }
      next = input.status;
    } else if (cur.status === "NEW" && input.assignedTo) {
      next = "IN_REVIEW";
    }
    if (next === "IN_REVIEW" && cur.status === "NEW" && !assignee) assignee = caller.userId;
    const closing = next === "CLOSED"; // a CLOSED complaint was refused above
    const severity = await applySeverity(tx, caller, cur, input.severity, now);
    const [row] = await tx
      .update(complaints)
      .set({
        ...severity,
        assignedTo: assignee,
        status: next,
        ...(next !== cur.status ? { statusChangedAt: now } : {}),
        ...(closing ? { closedAt: now, closedReason: "MANUAL" } : {}),
        updatedAt: now,
      })
      .where(scope.where(complaints, eq(complaints.id, cur.id)))
      .returning();
    if (next !== cur.status) await recordStatus(tx, scope, cur.id, cur.status, next, caller.userId, now, closing ? "Manual closure" : null);
    await writeAudit(tx, caller, {
      action: closing ? "complaint.closed" : "complaint.updated",
      targetType: "complaint",
      targetId: cur.id,
      metadata: { from: cur.status, to: next, assignedTo: assignee, ...(severity.severity ? { severityFrom: cur.severity, severity: severity.severity } : {}) },
    });
    return row!;
  });
  return complaintView(db, scope, row, true, now);
}

/**
 * Staff's severity: HIGH or CRITICAL opens a DRAFT plan when none is linked; CRITICAL runs the 24 h
 * SLA from reception (the admins' bells ring once, as at creation); leaving CRITICAL ends it.
 * Answers the columns to set (none when unchanged).
 */
async function applySeverity(tx: DbOrTx, caller: Caller, cur: ComplaintRow, severity: TComplaintSeverity | undefined, now: Date): Promise<Partial<ComplaintRow>> {
  if (!severity || severity === cur.severity) return {};
  const scope = caller.scope;
  const critical = severity === "CRITICAL";
  const set: Partial<ComplaintRow> = { severity };
  if ((severity === "HIGH" || critical) && !cur.improvementPlanId) set.improvementPlanId = await openComplaintPlan(tx, scope, { subject: cur.subject, severity }, now, "severity");
  set.slaDueAt = critical ? new Date((cur.receivedAt ?? cur.createdAt).getTime() + SLA_HOURS * HOUR) : null;
  set.slaAlertedAt = null;
  if (critical) {
    const admins = await membersWith(tx, scope, "complaints.manage");
    const vars = { subject: cur.subject, slaDueAt: set.slaDueAt!.toISOString() };
    await notifyUsers(tx, scope, admins.map((a) => a.userId), { kind: "complaint.critical", vars, link: `/quality?complaint=${cur.id}`, subjectId: cur.id }, now);
  }
  return set;
}

/** POST /complaints/{id}/comments (ADMIN, CREATOR): an internal note, never shown to the complainant. */
export async function addComment(db: Db, caller: Caller, input: { id: string; text: string }, now: Date) {
  const scope = caller.scope;
  return db.transaction(async (tx) => {
    await loadComplaint(tx, scope, input.id);
    const id = newId("cmt");
    await tx.insert(complaintComments).values(scope.values(complaintComments, { id, complaintId: input.id, authorId: caller.userId, text: input.text, createdAt: now }));
    await tx.update(complaints).set({ updatedAt: now }).where(scope.where(complaints, eq(complaints.id, input.id)));
    const [u] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, caller.userId)).limit(1);
    await writeAudit(tx, caller, { action: "complaint.commented", targetType: "complaint", targetId: input.id, metadata: { commentId: id } });
    return { id, author: caller.userId, authorName: `${u?.firstName ?? ""} ${u?.lastName ?? ""}`.trim(), text: input.text, at: now.toISOString() };
  });
}

/**
 * POST /complaints/{id}/resolve (ADMIN): IN_REVIEW -> RESOLVED, resolvedAt set, the complainant
 * e-mailed the resolution and corrective actions (when there is an e-mail: not for an anonymous contact). RESOLVED, ESCALATED or CLOSED: 409
 * COMPLAINT_ALREADY_RESOLVED; NEW (not taken in review yet): 409 COMPLAINT_TRANSITION_INVALID.
 */
export async function resolveComplaint(db: Db, caller: Caller, input: TResolveInput, now: Date) {
  const scope = caller.scope;
  return db.transaction(async (tx) => {
    const cur = await loadComplaint(tx, scope, input.id, { forUpdate: true });
    if (cur.status === "RESOLVED" || cur.status === "CLOSED" || cur.status === "ESCALATED") throw conflict("Complaint already resolved or closed", "COMPLAINT_ALREADY_RESOLVED");
    if (cur.status !== "IN_REVIEW") throw transitionInvalid(cur.status, "RESOLVED", ": assign it first (IN_REVIEW)");
    // The corrective actions become the plan's actions (Qualiopi indicator 32), so the plan shows them and counts them.
    const planId = input.correctiveActions.length ? await addCorrectiveActions(tx, scope, cur, input.correctiveActions, now) : cur.improvementPlanId;
    await tx
      .update(complaints)
      .set({ status: "RESOLVED", resolution: input.resolution, correctiveActions: input.correctiveActions, improvementPlanId: planId, resolvedAt: now, statusChangedAt: now, updatedAt: now })
      .where(scope.where(complaints, eq(complaints.id, cur.id)));
    await recordStatus(tx, scope, cur.id, cur.status, "RESOLVED", caller.userId, now);
    if (cur.complainantEmail) {
      await sendMail(tx, {
        scope,
        senderUserId: caller.userId,
        dedupeKey: `complaint-resolved:${cur.id}`,
        to: cur.complainantEmail,
        template: "complaint-resolved",
        locale: cur.complainantLocale,
        vars: {
          name: cur.complainantName ?? "",
          reference: cur.reference ?? "",
          subject: cur.subject,
          resolution: input.resolution,
          correctiveActions: input.correctiveActions.map((a) => `- ${a}`).join("\n"),
        },
      });
    }
    await writeAudit(tx, caller, { action: "complaint.resolved", targetType: "complaint", targetId: cur.id, metadata: { correctiveActions: input.correctiveActions.length, improvementPlanId: planId } });
    return { id: cur.id, status: "RESOLVED" as const, resolvedAt: now.toISOString(), improvementPlanId: planId };
  });
}

/**
 * POST /complaints/{id}/escalate-mediator: the ADMIN, or the signed-in complainant, refers a
 * RESOLVED complaint whose disagreement persists to the mediator: ESCALATED, and the complaint
 * file is e-mailed to mediatorEmail when given.
 */
export async function escalateComplaint(db: Db, caller: Caller, input: TEscalateInput, now: Date) {
  const scope = caller.scope;
  return db.transaction(async (tx) => {
    const cur = await loadComplaint(tx, scope, input.id, { forUpdate: true });
    const isComplainant = !!cur.complainantUserId && cur.complainantUserId === caller.userId;
    if (!caller.can("complaints.manage") && !isComplainant) {
      if (caller.can("complaints.comment")) throw forbidden("Forbidden: ADMIN or the complainant required", "PERMISSION_DENIED");
      throw notFound("Complaint");
    }
    if (cur.status === "CLOSED") throw closed();
    if (cur.status !== "RESOLVED") throw transitionInvalid(cur.status, "ESCALATED", cur.status === "ESCALATED" ? "" : ": only a RESOLVED complaint can be referred to the mediator");
    await tx
      .update(complaints)
      .set({ status: "ESCALATED", escalatedAt: now, escalationReason: input.reason, mediatorEmail: input.mediatorEmail ?? null, statusChangedAt: now, updatedAt: now })
      .where(scope.where(complaints, eq(complaints.id, cur.id)));
    await recordStatus(tx, scope, cur.id, cur.status, "ESCALATED", caller.userId, now, input.reason);
    if (input.mediatorEmail) {
      await sendMail(tx, {
        scope,
        dedupeKey: `complaint-mediation:${cur.id}`,
        to: input.mediatorEmail,
        template: "complaint-mediation",
        locale: "fr",
        vars: {
          reference: cur.reference ?? "",
          subject: cur.subject,
          description: cur.description,
          resolution: cur.resolution ?? "",
          reason: input.reason,
          complainant: complainantLabel({ name: cur.complainantName, email: cur.complainantEmail }, "fr"),
        },
      });
    }
    await writeAudit(tx, caller, { action: "complaint.escalated", targetType: "complaint", targetId: cur.id, metadata: { mediatorNotified: !!input.mediatorEmail } });
    return { id: cur.id, status: "ESCALATED" as const, escalatedAt: now.toISOString(), mediatorNotified: !!input.mediatorEmail };
  });
}

/** Ids of the complaints linked to plans (GET /improvement-plans/{id}). */
export async function complaintsOfPlans(db: DbOrTx, scope: TenantScope, planIds: string[]) {
  if (!planIds.length) return [];
  return db
    .select({ id: complaints.id, planId: complaints.improvementPlanId, subject: complaints.subject, severity: complaints.severity, status: complaints.status, createdAt: complaints.createdAt })
    .from(complaints)
    .where(scope.where(complaints, inArray(complaints.improvementPlanId, planIds)))
    .orderBy(asc(complaints.createdAt), asc(complaints.id));
}

/** A public contact who gave neither name nor e-mail. */
function isAnonymous(row: { complainantUserId: string | null; complainantName: string | null; complainantEmail: string | null }): boolean {
  return !row.complainantUserId && !row.complainantName && !row.complainantEmail;
}

/** How an e-mail names the complainant: "Name <email>", either part alone, or Anonyme / Anonymous. */
export function complainantLabel(c: { name: string | null; email: string | null }, locale: string): string {
  if (!c.name && !c.email) return locale.startsWith("en") ? "Anonymous" : "Anonyme";
  return [c.name, c.email ? `<${c.email}>` : null].filter(Boolean).join(" ");
}
