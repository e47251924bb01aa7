import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { enrollments } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { conflict, forbidden } from "../../errors";
import type { Role } from "../../auth/permissions";
import type { LearningCaller } from "../courses/access";
import { loadSession, PARTICIPANT_STATUSES, type LoadedSession } from "../sessions/access";

/** The caller of attendance operations: who, where from (IP and user agent are recorded). */
export type AttendanceCaller = LearningCaller & {
  tenant: { id: string; slug: string };
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
};

/** Who signs a session: a participant learner (with the enrollment) or a trainer countersigning. */
export type Signer = { loaded: LoadedSession; enrollmentId: string | null; asTrainer: boolean };

/** Minutes around the planned time during which a SCHEDULED or ENDED session takes signatures. */
export const OPENS_BEFORE_MINUTES = 30;
export const CLOSES_AFTER_MINUTES = 120;

export const notOpen = () => conflict("Attendance is not open for this session", "ATTENDANCE_NOT_OPEN");

/** The session's trainers and the course's creator countersign; they are not learners of it. */
export function isSessionTrainer(loaded: LoadedSession, userId: string): boolean {
  return loaded.trainerIds.includes(userId) || loaded.course.creatorId === userId;
}

export async function participantEnrollment(db: DbOrTx, scope: TenantScope, courseId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(scope.where(enrollments, and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId), inArray(enrollments.status, [...PARTICIPANT_STATUSES]))))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Conventions §7: a learner signs with an ACTIVE or COMPLETED enrollment in the session's course;
 * the session's trainers (and the course's creator) countersign. Anyone else: 403. Another
 * tenant's session: 404.
 */
export async function resolveSigner(db: DbOrTx, caller: LearningCaller, sessionId: string): Promise<Signer> {
  const loaded = await loadSession(db, caller, sessionId, { hideFromOutsiders: false });
  if (isSessionTrainer(loaded, caller.userId)) return { loaded, enrollmentId: null, asTrainer: true };
  const enrollmentId = await participantEnrollment(db, caller.scope, loaded.session.courseId, caller.userId);
  if (!enrollmentId) throw forbidden("Only the session's enrolled learners (ACTIVE or COMPLETED enrollment) and its trainers can sign", "NOT_A_PARTICIPANT");
  return { loaded, enrollmentId, asTrainer: false };
}

/**
 * Signing is open while the session is LIVE, or when it is SCHEDULED or ENDED and now lies in
 * [scheduledAt − 30 min, end + 2 h] (learners arriving early, late signatures after the end).
 * CANCELLED never. 409 otherwise.
 */
export function assertOpen(loaded: LoadedSession, now: Date): void {
  const s = loaded.session;
  if (s.status === "CANCELLED") throw notOpen();
  if (s.status === "LIVE") return;
  const opens = s.scheduledAt.getTime() - OPENS_BEFORE_MINUTES * 60_000;
  const closes = s.scheduledAt.getTime() + (s.durationMinutes + CLOSES_AFTER_MINUTES) * 60_000;
  if (now.getTime() < opens || now.getTime() > closes) throw notOpen();
}

export const isLearnerRole = (role: Role) => role === "LEARNER";
