import { z } from "zod";

/**
 * The LiveKit webhook event (protobuf `livekit.WebhookEvent` in its JSON form, as LiveKit's
 * server posts it), reduced to what the platform reads. Unknown members are dropped (LiveKit adds
 * fields over time; its own receivers discard unknown fields too). protojson writes int64 values
 * as decimal strings; a number is accepted as well.
 */
const ZInt64 = z.union([z.string().regex(/^-?\d{1,19}$/), z.number().int()]).transform((v) => Number(v));

/** `livekit.FileInfo`: times and duration in nanoseconds, size in bytes. */
const ZLivekitFileInfo = z.object({
  filename: z.string().max(2048).optional(),
  startedAt: ZInt64.optional(),
  endedAt: ZInt64.optional(),
  duration: ZInt64.optional(),
  size: ZInt64.optional(),
  location: z.string().max(4096).optional(),
});
export type TLivekitFileInfo = z.infer<typeof ZLivekitFileInfo>;

/** `livekit.EgressInfo` (status is the enum's name, e.g. EGRESS_COMPLETE). */
export const ZLivekitEgressInfo = z.object({
  egressId: z.string().min(1).max(200),
  roomId: z.string().max(200).optional(),
  roomName: z.string().max(200).optional(),
  status: z.string().max(64).optional(),
  startedAt: ZInt64.optional(),
  endedAt: ZInt64.optional(),
  fileResults: z.array(ZLivekitFileInfo).max(100).optional(),
  /** Deprecated single-file result, still filled by older egress versions. */
  file: ZLivekitFileInfo.optional(),
  error: z.string().max(4096).optional(),
});
export type TLivekitEgressInfo = z.infer<typeof ZLivekitEgressInfo>;

export const ZLivekitWebhookEvent = z.object({
  event: z.string().max(64),
  /** Unique event id (EV_…). */
  id: z.string().max(200).optional(),
  /** Seconds since the epoch. */
  createdAt: ZInt64.optional(),
  egressInfo: z.unknown().optional(),
});

/** What the platform did with an event (the webhook's 200 answer). */
const ZLivekitWebhookAction = z.enum(["RECORDED", "ALREADY_RECORDED", "IGNORED"]);
export const ZLivekitWebhookResult = z.object({
  event: z.string(),
  action: ZLivekitWebhookAction,
  /** Why an event was IGNORED: UNHANDLED_EVENT, EGRESS_NOT_COMPLETE, NO_FILE, UNKNOWN_ROOM. */
  reason: z.string().nullable(),
  recordingId: z.string().nullable(),
});
export type TLivekitWebhookResult = z.infer<typeof ZLivekitWebhookResult>;
