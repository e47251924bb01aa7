import { and, eq } from "drizzle-orm";
import type { TRecording, TSessionDetail, TSessionSummary } from "../../contracts/sessions";
import type { DbOrTx } from "../../db";
import { sessionRecordings, sessionTrainers, users } from "../../db/schema";
import { isSessionStaff } from "../platform/who-may";
import { expectedCounts, seatsLeft } from "./registrations";
import { sessionSchedule } from "./schedule";
import { signingWindowOf } from "../attendance/signing-window";
import type { LoadedSession, SessionRow } from "./access";
import type { Caller } from "../../auth/caller";

export function toSummary(s: SessionRow, registeredCount: number, timeZone: string, now: Date): TSessionSummary {
  return {
    id: s.id,
    courseId: s.courseId,
    title: s.title,
    scheduledAt: s.scheduledAt.toISOString(),
    durationMinutes: s.durationMinutes,
    maxParticipants: s.maxParticipants,
    registration: s.registration,
    registeredCount,
    seatsLeft: seatsLeft(s.maxParticipants, registeredCount),
    recordingEnabled: s.recordingEnabled,
    status: s.status,
    mediaRoomName: s.mediaRoomName,
    deliveryMode: s.deliveryMode,
    place: s.place ? { name: s.place.name, address: s.place.address, room: s.place.room ?? null } : null,
    schedule: sessionSchedule(s, timeZone),
    timeZone,
    ...signingWindowOf(s, timeZone, now),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export async function listRecordings(db: DbOrTx, caller: Caller, sessionId: string): Promise<TRecording[]> {
  const rows = await db
    .select()
    .from(sessionRecordings)
    .where(caller.scope.where(sessionRecordings, eq(sessionRecordings.sessionId, sessionId)))
    .orderBy(sessionRecordings.createdAt);
  return rows.map((r) => ({ id: r.id, url: r.url, durationSeconds: r.durationSeconds, sizeBytes: r.sizeBytes, createdAt: r.createdAt.toISOString() }));
}

/** Detail view; the attendance PIN only for the session's moderators (conventions §7). */
export async function toDetail(db: DbOrTx, caller: Caller, loaded: LoadedSession, now: Date): Promise<TSessionDetail> {
  const s = loaded.session;
  const [counts, trainers, recordings] = await Promise.all([
    expectedCounts(db, caller.scope, [s]),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(sessionTrainers)
      .innerJoin(users, eq(users.id, sessionTrainers.userId))
      .where(caller.scope.where(sessionTrainers, and(eq(sessionTrainers.sessionId, s.id))))
      .orderBy(users.lastName, users.firstName),
    listRecordings(db, caller, s.id),
  ]);
  return {
    ...toSummary(s, counts.get(s.id) ?? 0, caller.tenant.timeZone, now),
    description: s.description,
    trainers,
    recordings,
    startedAt: s.startedAt?.toISOString() ?? null,
    endedAt: s.endedAt?.toISOString() ?? null,
    cancelledAt: s.cancelledAt?.toISOString() ?? null,
    ...(isSessionStaff(loaded, caller) ? { attendancePin: s.attendancePin } : {}),
  };
}
