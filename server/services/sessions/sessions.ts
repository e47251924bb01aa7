import { randomInt } from "node:crypto";
import { and, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { PLACE_MODES, type TCreateSessionInput, type TDeliveryMode, type TSessionDetail, type TSessionStatus, type TUpdateSessionInput } from "../../contracts/sessions";
import type { Db, DbOrTx } from "../../db";
import { courses, enrollments, liveSessions, memberships, sessionParticipants, sessionStatusEnum, sessionTrainers, type SessionPlace } from "../../db/schema";
import { conflict, forbidden, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { getCourse } from "../courses/access";
import { funderEnrollments, isCourseOwner, isCourseTrainer, TEACHING_ROLES } from "../platform/who-may";
import { loadSession, assertModerator, type LoadedSession, type SessionRow } from "./access";
import { addParticipants } from "./participants";
import { expectedCounts, expectedRows, funderSessions, oneEnrollment, registeredCounts, registeredSessionIds, sessionsExpecting } from "./registrations";
import { scheduleMinutes, scheduleRanges, slotsFromSchedule, type ScheduleDay } from "./schedule";
import { enqueueSessionNotices } from "./notices";
import { writeAudit } from "../platform/audit";
import { countOf, limitPage, maintainedTotal, paginate, totalKeys } from "../platform/pagination";
import { toDetail, toSummary } from "./serialize";
import { replaceSlots } from "../attendance/slots";
import type { Caller } from "../../auth/caller";

/** A move of the start by more than this sends an update notice (spec Limits). */
const NOTICE_THRESHOLD_MS = 60 * 60 * 1000;

export async function listSessions(
  db: Db,
  caller: Caller,
  q: { page: number; limit: number; courseId?: string; enrollmentId?: string; status?: TSessionStatus; fromDate?: string; toDate?: string; mine?: boolean },
  now: Date,
) {
  const conds: (SQL | undefined)[] = [
    q.courseId ? eq(liveSessions.courseId, q.courseId) : undefined,
    // The sessions that expect this enrollment (the one registrations rule), within what the caller sees
    // (a FUNDER names one of their funded enrollments, a LEARNER one of their own, else finds nothing).
    q.enrollmentId ? sessionsExpecting(caller.scope, oneEnrollment(caller.scope, q.enrollmentId, enrollmentsNamable(caller))) : undefined,
    q.status ? eq(liveSessions.status, q.status) : undefined,
    q.fromDate ? gte(liveSessions.scheduledAt, new Date(q.fromDate)) : undefined,
    q.toDate ? lte(liveSessions.scheduledAt, new Date(q.toDate)) : undefined,
    // A FUNDER sees the sessions that expect one of their funded enrollments, a LEARNER those that expect them.
    caller.can("sessions.readTenant")
      ? undefined
      : caller.can("funders.perimeter")
        ? funderSessions(caller)
        : inArray(liveSessions.id, registeredSessionIds(db, caller.scope, caller.userId)),
    q.mine ? runBy(caller) : undefined,
  ];
  const where = caller.scope.where(liveSessions, ...conds);
  // Walks live_sessions_tenant_sched_idx (tenant, scheduled_at, id) in order. Without a filter
  // (or with status alone) and for a caller who sees every session, the maintained counters.
  const counted = !q.courseId && !q.enrollmentId && !q.fromDate && !q.toDate && !q.mine && caller.can("sessions.readTenant");
  return paginate(limitPage(q), {
    rows: (limit, offset) =>
      db
        .select()
        .from(liveSessions)
        .where(where)
        .orderBy(desc(liveSessions.scheduledAt), desc(liveSessions.id))
        .limit(limit)
        .offset(offset),
    total: () =>
      counted
        ? maintainedTotal(db, caller.scope, totalKeys("live_sessions", q.status ? [q.status] : sessionStatusEnum.enumValues))
        : countOf(db.select({ n: count() }).from(liveSessions).where(where)),
    map: async (rows) => {
      const counts = await expectedCounts(db, caller.scope, rows);
      return rows.map((r) => toSummary(r, counts.get(r.id) ?? 0, caller.tenant.timeZone, now));
    },
  });
}

/** Which enrollments the caller may name in `enrollmentId` (undefined: any of the tenant's). */
function enrollmentsNamable(caller: Caller): SQL | undefined {
  if (caller.can("sessions.readTenant")) return undefined;
  return caller.can("funders.perimeter") ? funderEnrollments(caller) : eq(enrollments.userId, caller.userId);
}

/** Sessions the caller runs: a trainer of the session, or the creator of its course. */
function runBy(caller: Caller): SQL {
  const trained = sql`(select ${sessionTrainers.sessionId} from ${sessionTrainers} where ${caller.scope.where(sessionTrainers, eq(sessionTrainers.userId, caller.userId))})`;
  const created = sql`(select ${courses.id} from ${courses} where ${caller.scope.where(courses, eq(courses.creatorId, caller.userId))})`;
  return or(inArray(liveSessions.id, trained), inArray(liveSessions.courseId, created))!;
}

export async function getSessionDetail(db: Db, caller: Caller, id: string, now: Date): Promise<TSessionDetail> {
  return toDetail(db, caller, await loadSession(db, caller, id), now);
}

function assertFuture(scheduledAt: string, now: Date): Date {
  const at = new Date(scheduledAt);
  if (at.getTime() <= now.getTime()) throw unprocessable("Validation failed", { scheduledAt: ["Must be in the future"] });
  return at;
}

type Timing = { scheduledAt: Date; durationMinutes: number; schedule: ScheduleDay[] | null };

/**
 * scheduledAt and durationMinutes from a schedule (the first range's start in the tenant's zone,
 * the sum of the ranges); the same body may repeat them only if they agree (422 otherwise). The
 * first range must start in the future (422 errors["schedule.0.ranges.0.start"]).
 */
function timingOfSchedule(schedule: ScheduleDay[], given: { scheduledAt?: string; durationMinutes?: number }, timeZone: string, now: Date): Timing {
  const scheduledAt = scheduleRanges(schedule, timeZone)[0]!.startsAt;
  const durationMinutes = scheduleMinutes(schedule);
  const fields: Record<string, string[]> = {};
  if (scheduledAt.getTime() <= now.getTime()) fields["schedule.0.ranges.0.start"] = ["Must be in the future"];
  if (given.scheduledAt !== undefined && new Date(given.scheduledAt).getTime() !== scheduledAt.getTime()) fields.scheduledAt = ["Must equal the schedule's first start"];
  if (given.durationMinutes !== undefined && given.durationMinutes !== durationMinutes) fields.durationMinutes = ["Must equal the sum of the schedule's ranges"];
  if (Object.keys(fields).length) throw unprocessable("Validation failed", fields);
  return { scheduledAt, durationMinutes, schedule };
}

/** Place rules: required for PRESENTIAL and HYBRID, refused for REMOTE (422 errors.place). */
function checkPlace(mode: TDeliveryMode, place: SessionPlace | null): SessionPlace | null {
  if (PLACE_MODES.includes(mode) && !place) throw unprocessable("Validation failed", { place: ["Required for a PRESENTIAL or HYBRID session"] });
  if (!PLACE_MODES.includes(mode) && place) throw unprocessable("Validation failed", { place: ["A REMOTE session has no place"] });
  return place ? { name: place.name, address: place.address, room: place.room ?? null } : null;
}

/**
 * A session's attendance slots follow its schedule: one per range. Replaced only while no slot
 * carries a signature (409 SLOTS_ALREADY_SIGNED), the rule of slots/generate.
 */
async function replaceScheduleSlots(tx: DbOrTx, caller: Caller, session: SessionRow, schedule: ScheduleDay[] | null): Promise<void> {
  const planned = schedule ? slotsFromSchedule(schedule, caller.tenant.timeZone) : [];
  await replaceSlots(tx, caller.scope, session.id, planned, "Slots already carry signatures: the schedule cannot change");
}

/** A field the body must carry when it has no schedule (422 errors.{field} "Required"). */
function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw unprocessable("Validation failed", { [field]: ["Required"] });
  return value;
}

/** trainerIds must be ACTIVE teaching members (TRAINER, CREATOR, ADMIN) of the tenant: 422 otherwise. */
async function checkTrainers(db: DbOrTx, caller: Caller, trainerIds: string[]): Promise<string[]> {
  const ids = [...new Set(trainerIds)];
  if (!ids.length) return ids;
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(caller.scope.where(memberships, inArray(memberships.userId, ids), eq(memberships.status, "ACTIVE"), inArray(memberships.role, [...TEACHING_ROLES])));
  const found = new Set(rows.map((r) => r.userId));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw unprocessable("Validation failed", { trainerIds: missing.map((id) => `${id} is not a teaching member of this organisation`) });
  return ids;
}

async function replaceTrainers(tx: DbOrTx, caller: Caller, sessionId: string, ids: string[]): Promise<void> {
  await tx.delete(sessionTrainers).where(caller.scope.where(sessionTrainers, eq(sessionTrainers.sessionId, sessionId)));
  if (ids.length) await tx.insert(sessionTrainers).values(caller.scope.valuesMany(sessionTrainers, ids.map((userId) => ({ sessionId, userId }))));
}

const newPin = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/**
 * POST /sessions. The caller must be allowed to teach the course: ADMIN, the course's creator
 * or one of its assigned trainers (403 otherwise). A caller who is not ADMIN nor the course's
 * creator is always one of the session's trainers.
 */
export async function createSession(db: Db, caller: Caller, input: TCreateSessionInput, now: Date): Promise<TSessionDetail> {
  const loaded = await db.transaction(async (tx) => {
    const course = await getCourse(tx, caller.scope, input.courseId);
    const owner = isCourseOwner(course, caller);
    if (!owner && !(await isCourseTrainer(tx, caller, course.id, caller.userId))) {
      throw forbidden("Forbidden: you are not allowed to teach this course", "COURSE_NOT_OWNED");
    }
    const timing = input.schedule
      ? timingOfSchedule(input.schedule, input, caller.tenant.timeZone, now)
      : { scheduledAt: assertFuture(required(input.scheduledAt, "scheduledAt"), now), durationMinutes: required(input.durationMinutes, "durationMinutes"), schedule: null };
    const scheduledAt = timing.scheduledAt;
    const place = checkPlace(input.deliveryMode, input.place ?? null);
    if (course.status === "ARCHIVED") throw unprocessable("Validation failed", { courseId: ["The course is archived"] });
    const trainerIds = await checkTrainers(tx, caller, owner ? input.trainerIds : [...input.trainerIds, caller.userId]);
    const id = newId("ses");
    const [session] = await tx
      .insert(liveSessions)
      .values(
        caller.scope.values(liveSessions, {
          id,
          courseId: course.id,
          title: input.title,
          description: input.description,
          scheduledAt,
          durationMinutes: timing.durationMinutes,
          schedule: timing.schedule,
          deliveryMode: input.deliveryMode,
          place,
          maxParticipants: input.maxParticipants ?? null,
          // The spec's body (no participantUserIds) expects every enrollee; an explicit list is a LIST session.
          registration: input.registration ?? (input.participantUserIds === undefined ? "AUTO" : "LIST"),
          recordingEnabled: input.recordingEnabled,
          mediaRoomName: `room-${id.slice(4)}`,
          attendancePin: newPin(),
          createdBy: caller.userId,
          createdAt: now,
          updatedAt: now,
        }),
      )
      .returning();
    if (!session) throw new Error("session insert returned nothing");
    await replaceTrainers(tx, caller, id, trainerIds);
    if (timing.schedule) await replaceScheduleSlots(tx, caller, session, timing.schedule);
    // AUTO without a list expects the course's enrollees up to capacity by itself; a list is registered (409 beyond capacity).
    if (session.registration === "LIST" || input.participantUserIds !== undefined) await addParticipants(tx, caller, session, input.participantUserIds, now);
    await writeAudit(tx, caller, { action: "session.created", targetType: "session", targetId: id, metadata: { title: input.title, courseId: course.id, scheduledAt: scheduledAt.toISOString() } });
    if (input.sendConvocation) await enqueueSessionNotices(tx, caller.scope, { kind: "convocation", session });
    return { session, course: { id: course.id, title: course.title, creatorId: course.creatorId }, trainerIds, timeZone: caller.tenant.timeZone };
  });
  return toDetail(db, caller, loaded, now);
}

/** AUTO -> LIST: the learners the session expects now become its registrations (no mail: they were already expected). */
async function keepExpected(tx: DbOrTx, caller: Caller, session: SessionRow, now: Date): Promise<void> {
  const auto = (await expectedRows(tx, caller.scope, session)).filter((r) => r.registeredAt === null);
  if (!auto.length) return;
  await tx
    .insert(sessionParticipants)
    .values(caller.scope.valuesMany(sessionParticipants, auto.map((r) => ({ sessionId: session.id, userId: r.userId, enrollmentId: r.enrollmentId, registeredBy: caller.userId, registeredAt: now }))))
    .onConflictDoNothing();
}

/** PATCH /sessions/{id}: SCHEDULED sessions only (409); a start moved by more than 1 hour notifies. */
export async function updateSession(db: Db, caller: Caller, input: TUpdateSessionInput, now: Date): Promise<TSessionDetail> {
  const { loaded } = await db.transaction(async (tx) => {
    const current = await loadSession(tx, caller, input.id, { forUpdate: true });
    assertModerator(current, caller);
    if (current.session.status !== "SCHEDULED") throw conflict(`Only a SCHEDULED session can be edited (this one is ${current.session.status})`, "SESSION_NOT_EDITABLE");
    const cur = current.session;
    const zone = caller.tenant.timeZone;
    // A new schedule sets the times; null drops it (scheduledAt/durationMinutes, given or kept, then describe one range).
    const timing: Partial<Timing> =
      input.schedule === undefined
        ? { scheduledAt: input.scheduledAt === undefined ? undefined : assertFuture(input.scheduledAt, now), durationMinutes: input.durationMinutes }
        : input.schedule === null
          ? { scheduledAt: input.scheduledAt === undefined ? undefined : assertFuture(input.scheduledAt, now), durationMinutes: input.durationMinutes, schedule: null }
          : timingOfSchedule(input.schedule, input, zone, now);
    if (input.schedule === undefined && cur.schedule && (input.scheduledAt !== undefined || input.durationMinutes !== undefined)) {
      throw unprocessable("Validation failed", { schedule: ["Required"] });
    }
    const scheduledAt = timing.scheduledAt;
    const moved = scheduledAt !== undefined && Math.abs(scheduledAt.getTime() - cur.scheduledAt.getTime()) > NOTICE_THRESHOLD_MS;
    const mode = input.deliveryMode ?? cur.deliveryMode;
    const placeGiven = input.place !== undefined;
    const place = checkPlace(mode, placeGiven ? input.place! : PLACE_MODES.includes(mode) ? cur.place : input.deliveryMode ? null : cur.place);
    if (input.maxParticipants != null) {
      const registered = (await registeredCounts(tx, caller.scope, [cur.id])).get(cur.id) ?? 0;
      if (input.maxParticipants < registered) {
        throw conflict(`maxParticipants cannot be lower than the ${registered} learner(s) already registered`, "CAPACITY_BELOW_REGISTERED", { registered });
      }
    }
    const trainerIds = input.trainerIds === undefined ? current.trainerIds : await checkTrainers(tx, caller, input.trainerIds);
    if (input.registration === "LIST" && cur.registration === "AUTO") await keepExpected(tx, caller, cur, now);
    const [session] = await tx
      .update(liveSessions)
      .set({
        title: input.title,
        description: input.description,
        scheduledAt,
        durationMinutes: timing.durationMinutes,
        schedule: timing.schedule,
        deliveryMode: input.deliveryMode,
        place: placeGiven || input.deliveryMode ? place : undefined,
        maxParticipants: input.maxParticipants,
        registration: input.registration,
        recordingEnabled: input.recordingEnabled,
        icsSequence: moved ? current.session.icsSequence + 1 : undefined,
        updatedAt: now,
      })
      .where(caller.scope.where(liveSessions, eq(liveSessions.id, input.id)))
      .returning();
    if (!session) throw new Error("session update returned nothing");
    if (input.trainerIds !== undefined) await replaceTrainers(tx, caller, input.id, trainerIds);
    if (input.schedule !== undefined && JSON.stringify(input.schedule) !== JSON.stringify(cur.schedule)) await replaceScheduleSlots(tx, caller, session, input.schedule);
    const loaded: LoadedSession = { ...current, session, trainerIds };
    if (moved) await enqueueSessionNotices(tx, caller.scope, { kind: "update", session });
    return { loaded };
  });
  return toDetail(db, caller, loaded, now);
}

/** DELETE /sessions/{id}: SCHEDULED -> CANCELLED with cancellation notices; LIVE or ENDED -> 409. */
export async function cancelSession(db: Db, caller: Caller, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await loadSession(tx, caller, id, { forUpdate: true });
    assertModerator(current, caller);
    const status = current.session.status;
    if (status === "LIVE" || status === "ENDED") throw conflict("Cannot cancel a LIVE or ENDED session", "SESSION_TRANSITION_INVALID");
    if (status === "CANCELLED") throw conflict("Session is already cancelled", "SESSION_ALREADY_CANCELLED");
    const [session] = await tx
      .update(liveSessions)
      .set({ status: "CANCELLED", cancelledAt: now, updatedAt: now, icsSequence: current.session.icsSequence + 1 })
      .where(caller.scope.where(liveSessions, and(eq(liveSessions.id, id), eq(liveSessions.status, "SCHEDULED"))))
      .returning();
    if (!session) throw conflict("Cannot cancel a LIVE or ENDED session", "SESSION_TRANSITION_INVALID");
    await writeAudit(tx, caller, { action: "session.cancelled", targetType: "session", targetId: id, metadata: { title: session.title } });
    await enqueueSessionNotices(tx, caller.scope, { kind: "cancellation", session });
  });
}
