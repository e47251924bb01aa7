import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import type { TUpcomingSession } from "../../contracts/enrollments";
import type { Db } from "../../db";
import { courses, enrollments, liveSessions } from "../../db/schema";
import { clock } from "../../lib/clock";
import { participantEnrollments } from "../platform/who-may";
import type { Caller } from "../../auth/caller";

/**
 * GET /enrollments/me/upcoming-sessions: the live sessions of the caller's ACTIVE or COMPLETED
 * enrollments' courses that are LIVE now, or SCHEDULED and not over yet (a late start still
 * counts until its planned end), soonest first, at most `limit`.
 */
export async function listUpcomingSessions(db: Db, caller: Caller, q: { limit: number }, now: Date = clock.now()): Promise<TUpcomingSession[]> {
  // (the instant is bound as text: a raw Date parameter is not serialised by every driver)
  const plannedEnd = sql`${liveSessions.scheduledAt} + make_interval(mins => ${liveSessions.durationMinutes})`;
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
    })
    .from(enrollments)
    .innerJoin(liveSessions, and(eq(liveSessions.courseId, enrollments.courseId), eq(liveSessions.tenantId, enrollments.tenantId)))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(
      participantEnrollments(
        caller.scope,
        eq(enrollments.userId, caller.userId),
        or(eq(liveSessions.status, "LIVE"), and(eq(liveSessions.status, "SCHEDULED"), gt(plannedEnd, sql`${now.toISOString()}::timestamptz`))),
      ),
    )
    .orderBy(asc(liveSessions.scheduledAt), asc(liveSessions.id))
    .limit(q.limit);
  return rows.map((r) => ({
    ...r,
    status: r.status === "LIVE" ? "LIVE" : "SCHEDULED",
    scheduledAt: r.scheduledAt.toISOString(),
  }));
}
