import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, listEnvelope, ZId, ZLimitPageInput, ZLimitPageMeta, ZQueryBool, ZTimestamp } from "./common";
import { signingWindowFields } from "./signing-window";

/** Live sessions (spec: LiveSession resource, Live sessions endpoints, conventions §7 and §9). */
export const ZSessionStatus = z.enum(["SCHEDULED", "LIVE", "ENDED", "CANCELLED"]);
export type TSessionStatus = z.infer<typeof ZSessionStatus>;

const ZIsoDateTime = z.iso.datetime({ offset: true }).max(MAX.dateTime).describe("ISO 8601 date-time");
const ZTitle = z.string().trim().min(1, "Required").max(200);
const ZDescription = z.string().max(5000);
const ZDuration = z.number().int().min(1).max(24 * 60).describe("Minutes (1 to 1440)");
const ZCapacity = z.number().int().min(1).max(10000);
const ZTrainerIds = z.array(z.string().min(1).max(64)).max(20).describe("User ids of teaching members (TRAINER, CREATOR or ADMIN)");

/** PRESENTIAL: in a room (a place); REMOTE: the video room; HYBRID: both. */
export const ZDeliveryMode = z.enum(["PRESENTIAL", "REMOTE", "HYBRID"]);
export type TDeliveryMode = z.infer<typeof ZDeliveryMode>;
/** Modes that have a video room (token, "join"). */
export const VIDEO_MODES: readonly TDeliveryMode[] = ["REMOTE", "HYBRID"];
/** Modes that take place somewhere (a place is required). */
export const PLACE_MODES: readonly TDeliveryMode[] = ["PRESENTIAL", "HYBRID"];

/** Who a session expects (its signers, convened and reminded learners); see ZSessionRegistration's description. */
const ZSessionRegistration = z
  .enum(["AUTO", "LIST"])
  .describe(
    "Who the session expects (signers, convocations, reminders). AUTO (default): every ACTIVE or COMPLETED enrollee of the course, up to maxParticipants, " +
      "including those enrolled after the session was planned (registered participants keep their seat first). LIST: its registered participants only. " +
      "A SUSPENDED or REVOKED enrollee is never registered, convened or reminded.",
  );

const ZSessionPlace = z.strictObject({
  name: z.string().trim().min(1, "Required").max(200, "At most 200 characters").describe("Venue, e.g. Acme Formation"),
  address: z.string().trim().min(1, "Required").max(500, "At most 500 characters").describe("Postal address"),
  room: z.string().trim().max(200, "At most 200 characters").nullable().optional().describe("Room, e.g. Salle Lavoisier"),
});

/** Limits of a schedule (decided): at most 31 days, at most 6 time ranges a day. */
export const MAX_SCHEDULE_DAYS = 31;
export const MAX_RANGES_PER_DAY = 6;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** Is "YYYY-MM-DD" a real calendar date? */
function isCalendarDate(date: string): boolean {
  if (!YMD.test(date)) return false;
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const ZTimeRange = z.strictObject({
  start: z.string().max(MAX.code).regex(HHMM, "Time as HH:MM").describe("Local start time (tenant time zone), HH:MM"),
  end: z.string().max(MAX.code).regex(HHMM, "Time as HH:MM").describe("Local end time, HH:MM, after start"),
});
const ZScheduleDay = z.strictObject({
  date: z.string().max(MAX.date).regex(YMD, "Date as YYYY-MM-DD").describe("Local date (tenant time zone)"),
  ranges: z.array(ZTimeRange).min(1, "Required").max(MAX_RANGES_PER_DAY, "At most 6 time ranges a day"),
});
export type TScheduleDay = z.infer<typeof ZScheduleDay>;

/**
 * The rules of a schedule beyond its shape, as field errors keyed by path ("schedule.0.ranges.1.end"):
 * real dates, each range's start before its end, ranges of a day in order and not overlapping,
 * days in order and distinct. Shared by the contract and the session form.
 */
function scheduleProblems(days: TScheduleDay[], prefix = "schedule"): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (path: string, message: string) => (out[path] ??= []).push(message);
  days.forEach((day, i) => {
    if (!isCalendarDate(day.date)) add(`${prefix}.${i}.date`, "Not a calendar date");
    const prev = days[i - 1];
    if (prev && day.date <= prev.date) add(`${prefix}.${i}.date`, "Days must be in order and distinct");
    day.ranges.forEach((r, j) => {
      if (r.end <= r.start) add(`${prefix}.${i}.ranges.${j}.end`, "Must be after the start");
      const before = day.ranges[j - 1];
      if (before && r.start < before.end) add(`${prefix}.${i}.ranges.${j}.start`, "Ranges must be in order and not overlap");
    });
  });
  return out;
}

const ZSchedule = z
  .array(ZScheduleDay)
  .min(1, "Required")
  .max(MAX_SCHEDULE_DAYS, "At most 31 days")
  .superRefine((days, ctx) => {
    for (const [path, messages] of Object.entries(scheduleProblems(days, ""))) {
      for (const message of messages) ctx.addIssue({ code: "custom", path: path.split(".").filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message });
    }
  })
  .describe(
    "Days (local dates, ascending, distinct; at most 31) each with time ranges (HH:MM in the tenant's time zone, start < end, ascending, not overlapping; at most 6 a day). " +
      "scheduledAt becomes the first range's start and durationMinutes the sum of the ranges; one attendance slot per range.",
  );

export const ZSessionSummary = z.object({
  id: z.string(),
  courseId: z.string(),
  title: z.string(),
  scheduledAt: ZTimestamp,
  durationMinutes: z.number().int(),
  maxParticipants: z.number().int().nullable(),
  registration: ZSessionRegistration,
  registeredCount: z.number().int().describe("Learners the session expects (GET /sessions/{id}/participants): AUTO, the course's ACTIVE or COMPLETED enrollees up to maxParticipants; LIST, its registered participants"),
  seatsLeft: z.number().int().nullable().describe("maxParticipants minus registeredCount (never below 0); null without maxParticipants"),
  recordingEnabled: z.boolean(),
  status: ZSessionStatus,
  mediaRoomName: z.string(),
  deliveryMode: ZDeliveryMode,
  place: z.object({ name: z.string(), address: z.string(), room: z.string().nullable() }).nullable().describe("null for a REMOTE session"),
  schedule: z
    .array(z.object({ date: z.string(), ranges: z.array(z.object({ start: z.string(), end: z.string() })) }))
    .describe("Days and time ranges in timeZone; a session created without a schedule answers its single derived day (a range ending at midnight reads 24:00)"),
  timeZone: z.string().describe("The tenant's IANA time zone, in which schedule is written"),
  ...signingWindowFields,
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TSessionSummary = z.infer<typeof ZSessionSummary>;

const ZSessionTrainer = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
const ZRecording = z.object({
  id: z.string(),
  url: z.string(),
  durationSeconds: z.number().int().nullable(),
  /** Bytes of the file, when the media server reported it (egress webhook). */
  sizeBytes: z.number().int().nullable(),
  createdAt: ZTimestamp,
});
export type TRecording = z.infer<typeof ZRecording>;

const ZSessionDetail = ZSessionSummary.extend({
  description: z.string(),
  trainers: z.array(ZSessionTrainer),
  recordings: z.array(ZRecording),
  startedAt: ZTimestamp.nullable(),
  endedAt: ZTimestamp.nullable(),
  cancelledAt: ZTimestamp.nullable(),
  attendancePin: z.string().optional().describe("Six digits; shown only to ADMIN, the course's creator and the session's trainers"),
});
export type TSessionDetail = z.infer<typeof ZSessionDetail>;

export const ZListSessionsInput = ZLimitPageInput.extend({
  courseId: z.string().max(64).optional(),
  enrollmentId: z.string().max(64).optional().describe("Only the sessions that expect this enrollment (registration AUTO: it is ACTIVE or COMPLETED in the session's course; LIST: it is registered)"),
  status: ZSessionStatus.optional(),
  fromDate: ZIsoDateTime.optional().describe("Sessions starting at or after this instant"),
  toDate: ZIsoDateTime.optional().describe("Sessions starting at or before this instant"),
  mine: ZQueryBool.optional().describe("true: only the sessions the caller runs (a trainer of the session or the course's creator)"),
});
export const ZListSessionsOutput = listEnvelope(ZSessionSummary, ZLimitPageMeta);

export const ZSessionIdInput = z.strictObject({ id: ZId("ses") });

export const ZCreateSessionInput = z.strictObject({
  courseId: z.string().min(1).max(64),
  title: ZTitle,
  description: ZDescription.default(""),
  scheduledAt: ZIsoDateTime.optional().describe("Start, in the future; required without schedule, else absent or equal to the first range's start"),
  durationMinutes: ZDuration.optional().describe("Required without schedule, else absent or equal to the sum of the ranges"),
  maxParticipants: ZCapacity.optional(),
  registration: ZSessionRegistration.optional().describe(
    "AUTO or LIST (see the session's registration). Omitted: AUTO, unless participantUserIds is given (then LIST: the session expects exactly those learners)",
  ),
  recordingEnabled: z.boolean().default(false),
  sendConvocation: z.boolean().default(false).describe("E-mail a convocation with an .ics invitation (and the convocation PDF) to each registered learner"),
  trainerIds: ZTrainerIds.default([]),
  deliveryMode: ZDeliveryMode.default("REMOTE").describe("Omitted: REMOTE (what existing clients meant); the UI form proposes PRESENTIAL"),
  place: ZSessionPlace.nullable().optional().describe("Required for PRESENTIAL and HYBRID (422 errors.place); refused for REMOTE (422)"),
  schedule: ZSchedule.optional(),
  participantUserIds: z
    .array(z.string().min(1).max(64))
    .max(200)
    .optional()
    .describe("Learners to register (ACTIVE or COMPLETED enrollees of the course). Omitted: every such enrollee; [] registers nobody. Given without registration: the session is LIST"),
});
export type TCreateSessionInput = z.infer<typeof ZCreateSessionInput>;

export const ZUpdateSessionInput = z.strictObject({
  id: ZId("ses"),
  title: ZTitle.optional(),
  description: ZDescription.optional(),
  scheduledAt: ZIsoDateTime.optional(),
  durationMinutes: ZDuration.optional(),
  maxParticipants: ZCapacity.nullable().optional(),
  registration: ZSessionRegistration.optional().describe(
    "AUTO or LIST. Switching AUTO to LIST registers the learners the session expects at that moment, so nobody expected is dropped; LIST to AUTO adds the course's other enrollees",
  ),
  recordingEnabled: z.boolean().optional(),
  trainerIds: ZTrainerIds.optional(),
  deliveryMode: ZDeliveryMode.optional(),
  place: ZSessionPlace.nullable().optional().describe("Required when the (new) mode is PRESENTIAL or HYBRID and the session has none; switching to REMOTE clears it"),
  schedule: ZSchedule.nullable().optional().describe("Replaces the schedule (null drops it: scheduledAt/durationMinutes then describe one range)"),
});
export type TUpdateSessionInput = z.infer<typeof ZUpdateSessionInput>;

export const ZSessionOutput = envelope(ZSessionDetail);
export const ZRecordingsOutput = envelope(z.array(ZRecording));

const ZMediaToken = z.object({
  token: z.string().describe("LiveKit access token (HS256 JWT), valid 1 hour"),
  url: z.string().describe("LiveKit server URL"),
  roomName: z.string(),
  identity: z.string().describe("The caller's user id"),
  expiresAt: ZTimestamp,
  canModerate: z.boolean(),
});
export type TMediaToken = z.infer<typeof ZMediaToken>;
export const ZMediaTokenOutput = envelope(ZMediaToken);

/** A learner registered to a session. */
const ZSessionParticipant = z.object({
  userId: z.string(),
  enrollmentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  registeredAt: ZTimestamp.nullable().describe("null: expected through AUTO registration, without an explicit registration"),
  registeredBy: z.string().nullable(),
});
export type TSessionParticipant = z.infer<typeof ZSessionParticipant>;
export const ZParticipantsOutput = envelope(
  z.object({
    sessionId: z.string(),
    registration: ZSessionRegistration,
    maxParticipants: z.number().int().nullable(),
    registeredCount: z.number().int().describe("Learners the session expects (the length of participants)"),
    seatsLeft: z.number().int().nullable(),
    participants: z.array(ZSessionParticipant).describe("The learners the session expects (AUTO: registered ones and the course's other participant enrollees, up to capacity)"),
    candidates: z
      .array(z.object({ userId: z.string(), enrollmentId: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }))
      .describe("Learners of the course (ACTIVE or COMPLETED enrollment) the session does not expect yet: whom POST may register"),
  }),
);
export const ZRegisterParticipantsInput = z.strictObject({
  id: ZId("ses"),
  userIds: z.array(z.string().min(1).max(64)).min(1, "Required").max(200).describe("1 to 200 user ids of learners with an ACTIVE or COMPLETED enrollment in the course"),
});
export const ZUnregisterParticipantInput = z.strictObject({ id: ZId("ses"), userId: z.string().min(1).max(64) });

/**
 * THE formatter of a place, for every screen, e-mail, .ics LOCATION and document:
 * "Acme Formation — Salle Lavoisier, 12 rue des Arts, 75003 Paris" (the room only when set).
 */
export function formatPlace(place: { name: string; address: string; room?: string | null } | null | undefined): string {
  if (!place) return "";
  const head = [place.name, place.room].map((p) => p?.trim()).filter(Boolean).join(" — ");
  return [head, place.address.trim()].filter(Boolean).join(", ");
}
