import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import { sameTenant } from "../../db/tenant-scope";
import type { TUpcomingSession } from "../../contracts/enrollments";
import type { Db } from "../../db";
import { courses, enrollments, liveSessions, sessionParticipants } from "../../db/schema";
import { clock } from "../../lib/clock";
import { participantEnrollments } from "../platform/who-may";
import { sessionSchedule } from "../sessions/schedule";
import { plannedEndSql } from "../sessions/planned-end-sql";
import { signingWindowOf } from "../attendance/signing-window";
import type { Caller } from "../../auth/caller";

/**
 * GET /enrollments/me/upcoming-sessions: the live sessions that expect the caller (through an
 * ACTIVE or COMPLETED enrollment: the AUTO sessions of their courses and those they are registered to) that are LIVE now, or SCHEDULED and not over yet (a late start still
 * counts until its planned end), soonest first, at most `limit`.
 */
export async function listUpcomingSessions(db: Db, caller: Caller, q: { limit: number }, now: Date = clock.now()): Promise<TUpcomingSession[]> {
  // (the instant is bound as text: a raw Date parameter is not serialised by every driver)
  const plannedEnd = plannedEndSql(caller.tenant.timeZone);
  const rows = await db
    .select({
      sessionId: liveSessions.id,
      enrollmentId: enrollments.id,
      courseId: liveSessions.courseId,
      courseTitle: courses.title,
      title: liveSessions.title,
      scheduledAt: liveSessions.scheduledAt,
      durationMinutes: liveSessions.durationMinutes,
      status: liveSessions.status,
      deliveryMode: liveSessions.deliveryMode,
      place: liveSessions.place,
      schedule: liveSessions.schedule,
    })
    // Driven by the caller's participant enrollments (index enrollments_tenant_user_idx): the cost
    // follows the learner's own courses. A session counts when it is AUTO (it expects every
    // enrollee; sessions/registrations.ts) or the learner is registered to it.
    .from(enrollments)
    .innerJoin(liveSessions, sameTenant(liveSessions, enrollments, liveSessions.courseId, enrollments.courseId))
    .innerJoin(courses, sameTenant(courses, liveSessions, courses.id, liveSessions.courseId))
    .where(
      participantEnrollments(
        caller.scope,
        eq(enrollments.userId, caller.userId),
        or(
          eq(liveSessions.registration, "AUTO"),
          sql`exists (select 1 from ${sessionParticipants} where ${sameTenant(sessionParticipants, liveSessions, sessionParticipants.sessionId, liveSessions.id, eq(sessionParticipants.userId, caller.userId))})`,
        ),
        or(eq(liveSessions.status, "LIVE"), and(eq(liveSessions.status, "SCHEDULED"), gt(plannedEnd, sql`${now.toISOString()}::timestamptz`))),
      ),
    )
    .orderBy(asc(liveSessions.scheduledAt), asc(liveSessions.id))
    .limit(q.limit);
  return rows.map((r) => ({
    ...r,
    status: r.status === "LIVE" ? "LIVE" : "SCHEDULED",
    scheduledAt: r.scheduledAt.toISOString(),
    schedule: sessionSchedule(r, caller.tenant.timeZone),
    ...signingWindowOf(r, caller.tenant.timeZone, now),
  }));
}
