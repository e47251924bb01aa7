import { z } from "zod";
import { envelope, ZId, ZTimestamp } from "./common";

/** Digital attendance (spec: Emargement resource, Attendance tables; conventions §7 and §12). */
export const ZEmargementMethod = z.enum(["QR", "QR_CODE", "PIN", "CANVAS", "AUTO", "OVERRIDE"]);
export type TEmargementMethod = z.infer<typeof ZEmargementMethod>;

const ZIsoDateTime = z.iso.datetime({ offset: true }).describe("ISO 8601 date-time");

export const ZLocation = z
  .strictObject({
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    accuracy: z.number().min(0).max(1_000_000).optional().describe("Metres"),
  })
  .describe("Where the device was when signing (optional; stored with the record)");

/** A PNG data URL of the drawn signature; 3 MB is far above any real signature. */
export const ZSignatureBase64 = z.string().min(1, "Required").max(3_000_000).describe("data:image/png;base64,... of a transparent PNG");
export const ZStrokes = z
  .array(z.array(z.object({ x: z.number(), y: z.number() })).max(5000))
  .max(500)
  .describe("The drawn strokes, arrays of {x, y}; fewer than 30 points in total is refused");

export const ZQrToken = z
  .string()
  .min(1, "Required")
  .max(2048)
  .describe("The QR token: the JWT of qr-generate, or its 22-character short id (the last segment of signUrl, /q/{id})");
/** Optional on the signing operations: the slot signed (a slot of that session, started); without it the session as a whole is signed. */
const ZSlotRef = ZId("slt")
  .optional()
  .describe("The attendance slot signed (one of the session's slots, started: 400 SLOT_NOT_STARTED before; 404 when not a slot of the session). Without it, the session as a whole");
export const ZPin = z.string().regex(/^\d{6}$/, "Six digits").describe("The session's six-digit PIN");

export const ZRecordUser = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });

export const ZEmargement = z.object({
  id: z.string().describe("emg_..."),
  sessionId: z.string(),
  userId: z.string(),
  enrollmentId: z.string().nullable().describe("null for a trainer's countersignature and for AUTO/OVERRIDE of non-learners"),
  slotId: z.string().nullable(),
  method: ZEmargementMethod,
  signedAt: ZTimestamp,
  sealedHash: z.string().describe("sha256: + hex, link of the tenant's hash chain"),
  signatureUrl: z.string().nullable().describe("CANVAS: authenticated PNG download"),
  attendanceMinutes: z.number().int().nullable(),
  attendanceRate: z.number().nullable().describe("0..1"),
  overrideBy: z.string().nullable(),
  reason: z.string().nullable(),
  auditLogId: z.string().nullable(),
  location: z.object({ lat: z.number(), lng: z.number(), accuracy: z.number().nullable().optional() }).nullable(),
  user: ZRecordUser.optional(),
});
export type TEmargement = z.infer<typeof ZEmargement>;
export const ZEmargementOutput = envelope(ZEmargement);
export const ZEmargementListOutput = envelope(z.array(ZEmargement));

// ---- method endpoints -------------------------------------------------------------------------
export const ZSignQrInput = z.strictObject({ qrToken: ZQrToken, location: ZLocation.optional(), slotId: ZSlotRef });
export const ZSignPinInput = z.strictObject({ sessionId: ZId("ses"), pin: ZPin, slotId: ZSlotRef });
export const ZSignCanvasInput = z.strictObject({
  sessionId: ZId("ses"),
  slotId: ZSlotRef,
  signatureBase64: ZSignatureBase64,
  strokes: ZStrokes.optional(),
  location: ZLocation.optional(),
});
export const ZAutoInput = z.strictObject({
  sessionId: ZId("ses"),
  userId: ZId("usr"),
  joinedAt: ZIsoDateTime,
  leftAt: ZIsoDateTime,
  connectionDurationSeconds: z.number().int().min(0).max(31 * 24 * 3600),
  mediaParticipantSid: z.string().min(1).max(200),
  hmacSignature: z.string().min(1).max(200).describe("sha256= + lower-case hex HMAC-SHA256 (conventions §7)"),
});
export const ZOverrideInput = z.strictObject({
  sessionId: ZId("ses"),
  userId: ZId("usr"),
  /** Checked by the service: missing or shorter than 20 characters is 422 with errors.reason (spec). */
  reason: z.string().max(2000).optional().describe("At least 20 characters (422 errors.reason otherwise)"),
  attendanceMinutes: z.number().int().min(0).max(31 * 24 * 60),
});
export const ZSessionRecordsInput = z.strictObject({ sessionId: ZId("ses") });
export const ZSignSessionInput = z.strictObject({
  sessionId: ZId("ses"),
  method: z.enum(["QR", "PIN", "CANVAS"]),
  qrToken: ZQrToken.optional(),
  pin: ZPin.optional(),
  signatureBase64: ZSignatureBase64.optional(),
  strokes: ZStrokes.optional(),
  location: ZLocation.optional(),
  slotId: ZSlotRef,
});

// ---- Qualiopi-module endpoints ----------------------------------------------------------------
export const ZRecordInput = z.strictObject({
  enrollmentId: ZId("enr"),
  sessionId: ZId("ses"),
  method: z.enum(["QR_CODE", "PIN", "CANVAS"]),
  signatureBase64: ZSignatureBase64.optional(),
  strokes: ZStrokes.optional(),
  slotId: ZId("slt").optional(),
});
export const ZQrGenerateInput = z.strictObject({ sessionId: ZId("ses") });
export const ZQrGenerateOutput = envelope(
  z.object({ qrToken: z.string(), expiresAt: ZTimestamp, signUrl: z
      .string()
      .describe("Short URL https://{tenant host}/q/{id} drawn as the QR code: id is the token's 22-character short id, accepted wherever qrToken is; it opens the learner's signing page"),
  }),
);
export const ZQrValidateInput = ZSignQrInput;
export const ZEnrollmentHistoryInput = z.strictObject({ enrollmentId: ZId("enr") });

const ZRosterLearner = z.object({
  userId: z.string(),
  enrollmentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  present: z.boolean(),
  signedAt: ZTimestamp.nullable(),
  method: ZEmargementMethod.nullable(),
  attendanceMinutes: z.number().int().nullable(),
  records: z.array(ZEmargement),
});
const ZRosterTrainer = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  signedAt: ZTimestamp.nullable(),
  method: ZEmargementMethod.nullable(),
});
/** A session as the attendance answers name it. */
export const ZAttendanceSessionRef = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(["SCHEDULED", "LIVE", "ENDED", "CANCELLED"]),
  scheduledAt: ZTimestamp,
  durationMinutes: z.number().int(),
});
export const ZSessionAttendanceOutput = envelope(
  z.object({
    session: ZAttendanceSessionRef.extend({ courseId: z.string(), courseTitle: z.string() }),
    summary: z.object({ expected: z.number().int(), present: z.number().int(), absent: z.number().int() }),
    learners: z.array(ZRosterLearner),
    trainers: z.array(ZRosterTrainer),
    records: z.array(ZEmargement),
  }),
);

export const ZSlotFrequency = z.enum(["HOURLY", "HALF_DAY", "FULL_SESSION"]);
export const ZGenerateSlotsInput = z.strictObject({ sessionId: ZId("ses"), frequency: ZSlotFrequency });
export const ZOwnSignature = z
  .object({ id: z.string().describe("emg_..."), method: ZEmargementMethod, signedAt: ZTimestamp })
  .describe("The caller's own signature (QR, QR_CODE, PIN or CANVAS)");
export const ZSlotSignature = z.object({
  id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  method: ZEmargementMethod,
  signedAt: ZTimestamp,
  role: z.enum(["LEARNER", "TRAINER"]),
});
export const ZSlot = z.object({
  id: z.string().describe("slt_..."),
  sessionId: z.string(),
  startsAt: ZTimestamp,
  endsAt: ZTimestamp,
  label: z.string(),
  position: z.number().int(),
  signatures: z.array(ZSlotSignature),
  mySignature: ZOwnSignature.nullable()
    .describe("The caller's own signature of this slot (any method), null when they have not signed it"),
});
export const ZSlotsOutput = envelope(z.array(ZSlot));
export const ZSlotsInput = z.strictObject({ sessionId: ZId("ses") });
export const ZSignSlotInput = z.strictObject({ slotId: ZId("slt"), signatureBase64: ZSignatureBase64, strokes: ZStrokes.optional() });
export const ZRecordIdInput = z.strictObject({ id: ZId("emg") });
export const ZSealCertificateOutput = envelope(
  z.object({
    id: z.string(),
    sessionId: z.string(),
    sealedAt: ZTimestamp.nullable(),
    sealedHash: z.string().nullable(),
    previousHash: z.string().nullable(),
    chainPosition: z.number().int().nullable(),
    algorithm: z.string(),
    certificateUrl: z.string().nullable(),
  }),
);
export const ZVerifyOutput = envelope(
  z.object({
    valid: z.boolean(),
    checked: z.number().int().describe("Records whose link was recomputed"),
    brokenAt: z.string().nullable().describe("Id of the first record whose link does not hold"),
  }),
);
export const ZSignatureImageOutput = envelope(z.object({ id: z.string(), contentType: z.literal("image/png"), base64: z.string() }));
