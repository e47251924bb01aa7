import { z } from "zod";
import { envelope, listEnvelope, ZId, ZLimitPageInput, ZLimitPageMeta, ZQueryBool, ZTimestamp } from "./common";

/** Live sessions (spec: LiveSession resource, Live sessions endpoints, conventions §7 and §9). */
export const ZSessionStatus = z.enum(["SCHEDULED", "LIVE", "ENDED", "CANCELLED"]);
export type TSessionStatus = z.infer<typeof ZSessionStatus>;

const ZIsoDateTime = z.iso.datetime({ offset: true }).describe("ISO 8601 date-time");
const ZTitle = z.string().trim().min(1, "Required").max(200);
const ZDescription = z.string().max(5000);
const ZDuration = z.number().int().min(1).max(24 * 60).describe("Minutes (1 to 1440)");
const ZCapacity = z.number().int().min(1).max(10000);
const ZTrainerIds = z.array(z.string().min(1).max(64)).max(20).describe("User ids of teaching members (TRAINER, CREATOR or ADMIN)");

export const ZSessionSummary = z.object({
  id: z.string(),
  courseId: z.string(),
  title: z.string(),
  scheduledAt: ZTimestamp,
  durationMinutes: z.number().int(),
  maxParticipants: z.number().int().nullable(),
  registeredCount: z.number().int().describe("ACTIVE or COMPLETED enrollments of the course"),
  recordingEnabled: z.boolean(),
  status: ZSessionStatus,
  mediaRoomName: z.string(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TSessionSummary = z.infer<typeof ZSessionSummary>;

export const ZSessionTrainer = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
export const ZRecording = z.object({
  id: z.string(),
  url: z.string(),
  durationSeconds: z.number().int().nullable(),
  /** Bytes of the file, when the media server reported it (egress webhook). */
  sizeBytes: z.number().int().nullable(),
  createdAt: ZTimestamp,
});
export type TRecording = z.infer<typeof ZRecording>;

export const ZSessionDetail = ZSessionSummary.extend({
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
  scheduledAt: ZIsoDateTime.describe("Start, in the future"),
  durationMinutes: ZDuration,
  maxParticipants: ZCapacity.optional(),
  recordingEnabled: z.boolean().default(false),
  sendConvocation: z.boolean().default(false).describe("E-mail a convocation with an .ics invitation to each ACTIVE enrolled learner"),
  trainerIds: ZTrainerIds.default([]),
});
export type TCreateSessionInput = z.infer<typeof ZCreateSessionInput>;

export const ZUpdateSessionInput = z.strictObject({
  id: ZId("ses"),
  title: ZTitle.optional(),
  description: ZDescription.optional(),
  scheduledAt: ZIsoDateTime.optional(),
  durationMinutes: ZDuration.optional(),
  maxParticipants: ZCapacity.nullable().optional(),
  recordingEnabled: z.boolean().optional(),
  trainerIds: ZTrainerIds.optional(),
});
export type TUpdateSessionInput = z.infer<typeof ZUpdateSessionInput>;

export const ZSessionOutput = envelope(ZSessionDetail);
export const ZRecordingsOutput = envelope(z.array(ZRecording));

export const ZMediaToken = z.object({
  token: z.string().describe("LiveKit access token (HS256 JWT), valid 1 hour"),
  url: z.string().describe("LiveKit server URL"),
  roomName: z.string(),
  identity: z.string().describe("The caller's user id"),
  expiresAt: ZTimestamp,
  canModerate: z.boolean(),
});
export type TMediaToken = z.infer<typeof ZMediaToken>;
export const ZMediaTokenOutput = envelope(ZMediaToken);
