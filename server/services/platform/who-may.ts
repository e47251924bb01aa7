import { and, eq, inArray, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courseTrainers, documents, enrollments, funders, invoices, PARTICIPANT_STATUSES } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { Caller, PublicCaller } from "../../auth/caller";
import { rolesWith } from "../../auth/permissions";

/**
 * The object-level "who may" rules, each written once. Role-wide rules are permissions
 * (auth/permissions.ts, asked through `caller.can(...)`); the rules here add the caller's
 * relation to one object: a participant of a course, its owner, a trainer of it, the staff of
 * a live session. Services ask these functions and never compare role names.
 */

/** Enrollment states that make a learner a participant of its course (defined beside the enum in the schema). */
export { PARTICIPANT_STATUSES };

export function isParticipantStatus(status: string): boolean {
  return (PARTICIPANT_STATUSES as readonly string[]).includes(status);
}

/** The participant rule as a where-clause on `enrollments`, inside the scope and ANDed with `conds` (lists, joins). */
export function participantEnrollments(scope: TenantScope, ...conds: (SQL | undefined)[]): SQL {
  return scope.where(enrollments, inArray(enrollments.status, [...PARTICIPANT_STATUSES]), ...conds);
}

/** The user's participant enrollment (ACTIVE or COMPLETED) in the course, or null. */
export async function participantEnrollment(db: DbOrTx, scope: TenantScope, courseId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(participantEnrollments(scope, eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Enrollment states that keep the learner on the course's books but bar them from taking part
 * (no progress, no quiz attempt, no attendance record of any method): SUSPENDED until an ADMIN
 * reactivates it, REVOKED for good. Such a learner is not a participant; they keep reading their
 * own enrollment (GET /enrollments/me, /enrollments/{id}) and are shown why the course is closed.
 */
export const BARRED_STATUSES = ["SUSPENDED", "REVOKED"] as const;
export type BarredStatus = (typeof BARRED_STATUSES)[number];

export function isBarredStatus(status: string): status is BarredStatus {
  return (BARRED_STATUSES as readonly string[]).includes(status);
}

/** The user's SUSPENDED or REVOKED enrollment status in the course, or null (none, or a participant or cancelled one). */
export async function barredEnrollment(db: DbOrTx, scope: TenantScope, courseId: string, userId: string): Promise<BarredStatus | null> {
  const [row] = await db
    .select({ status: enrollments.status })
    .from(enrollments)
    .where(scope.where(enrollments, eq(enrollments.courseId, courseId), eq(enrollments.userId, userId), inArray(enrollments.status, [...BARRED_STATUSES])))
    .limit(1);
  return (row?.status as BarredStatus | undefined) ?? null;
}

/** Is the caller an enrolled participant (ACTIVE or COMPLETED) of the course? An anonymous caller never is. */
export async function isParticipant(db: DbOrTx, caller: Pick<PublicCaller, "scope" | "userId">, courseId: string): Promise<boolean> {
  if (!caller.userId) return false;
  return (await participantEnrollment(db, caller.scope, courseId, caller.userId)) !== null;
}

/** The ids of the courses the caller takes part in, as a sub-query for `inArray(column, ...)`. */
export function participantCourseIds(caller: Pick<Caller, "scope" | "userId">): SQL {
  return sql`(select ${enrollments.courseId} from ${enrollments} where ${participantEnrollments(caller.scope, eq(enrollments.userId, caller.userId))})`;
}

/** Owner of a course: its creator, or whoever owns every course of the tenant (`courses.ownAll`: ADMIN). */
export function isCourseOwner(course: { creatorId: string }, caller: Pick<PublicCaller, "userId" | "can">): boolean {
  return caller.can("courses.ownAll") || (caller.userId !== null && course.creatorId === caller.userId);
}

/** Is `userId` (by default the caller) one of the course's assigned trainers (course_trainers)? */
export async function isCourseTrainer(db: DbOrTx, caller: Pick<Caller, "scope" | "userId">, courseId: string, userId: string = caller.userId): Promise<boolean> {
  const [row] = await db
    .select({ id: courseTrainers.id })
    .from(courseTrainers)
    .where(caller.scope.where(courseTrainers, and(eq(courseTrainers.courseId, courseId), eq(courseTrainers.userId, userId))))
    .limit(1);
  return Boolean(row);
}

/** A live session with what the rules need: its course's creator and its trainers. */
export type SessionStaffRef = { course: { creatorId: string }; trainerIds: string[] };

/** Teaches the session: the course's creator or one of the session's trainers (they countersign; they are not its learners). */
export function teachesSession(loaded: SessionStaffRef, userId: string): boolean {
  return loaded.trainerIds.includes(userId) || loaded.course.creatorId === userId;
}

/** The session's staff run it (conventions §7, §9): the course's owner (creator or ADMIN) and the session's trainers. */
export function isSessionStaff(loaded: SessionStaffRef, caller: Pick<PublicCaller, "userId" | "can">): boolean {
  return isCourseOwner(loaded.course, caller) || (caller.userId !== null && teachesSession(loaded, caller.userId));
}

/** Roles whose members may be assigned to teach a course or a session (the `courses.teach` permission). */
export const TEACHING_ROLES = rolesWith("courses.teach");

/**
 * THE FUNDER'S PERIMETER, written once (`funders.perimeter`: FUNDER). A FUNDER member belongs to
 * one of the tenant's funders (memberships.funderId, on the caller as `funderId`) and reads what
 * that funder finances, nothing else of the tenant:
 * - the enrollments whose `funderId` is theirs (list, detail);
 * - the sessions that expect one of those enrollments under the one registrations rule
 *   (sessions/registrations.ts funderSessions: AUTO, the enrollment is ACTIVE or COMPLETED in the
 *   session's course; LIST, a registration row) — list, detail, the full signed sheet;
 * - the attestations of those learners in those sessions (registrations.ts fundsLearnerAt), and
 *   every document tied to one of those enrollments
 *   (certificate, convention, attestation...: `documents.enrollmentId`);
 * - the issued invoices addressed to the funder's billing client (funders.billingClientId).
 * Each part is a where-clause (or a sub-query for `inArray`) that services AND into their own
 * queries, so what lies outside is simply not found (404). A FUNDER without a funder has an empty
 * perimeter. Other roles never get here: services ask `caller.can("funders.perimeter")` first.
 */
export type FunderCaller = Pick<Caller, "scope" | "funderId">;

/** The funded enrollments, as a where-clause on `enrollments` (false without a funder). */
export function funderEnrollments(caller: FunderCaller): SQL {
  return caller.funderId ? caller.scope.where(enrollments, eq(enrollments.funderId, caller.funderId)) : sql`false`;
}

/** The ids of the funded enrollments, as a sub-query for `inArray(column, ...)`. */
export function funderEnrollmentIds(caller: FunderCaller): SQL {
  return sql`(select ${enrollments.id} from ${enrollments} where ${funderEnrollments(caller)})`;
}

/** The invoices addressed to the funder's billing client, drafts excluded, as a where-clause on `invoices`. */
export function funderInvoices(caller: FunderCaller): SQL {
  if (!caller.funderId) return sql`false`;
  const client = sql`(select ${funders.billingClientId} from ${funders} where ${caller.scope.where(funders, eq(funders.id, caller.funderId))})`;
  return and(inArray(invoices.clientId, client), ne(invoices.status, "DRAFT"))!;
}

/**
 * Which generated documents the caller reads (GET /documents, /documents/{id}, the file), as a
 * where-clause on `documents` (undefined: every document of the tenant):
 * - `documents.readAll` (ADMIN): every document;
 * - a FUNDER (`funders.perimeter`) the documents of the enrollments their funder finances;
 * - those who generate documents (`documents.generate`: a CREATOR) the documents that concern
 *   them and those they generated (their courses' training agreements);
 * - anyone else (LEARNER, TRAINER, FINANCIER) the documents that concern them.
 */
export function readableDocuments(caller: Pick<Caller, "userId" | "can" | "scope" | "funderId">): SQL | undefined {
  if (caller.can("documents.readAll")) return undefined;
  if (caller.can("funders.perimeter")) return and(isNotNull(documents.enrollmentId), inArray(documents.enrollmentId, funderEnrollmentIds(caller)));
  if (caller.can("documents.generate")) return or(eq(documents.userId, caller.userId), eq(documents.generatedBy, caller.userId));
  return eq(documents.userId, caller.userId);
}
