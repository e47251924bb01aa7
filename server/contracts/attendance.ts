import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, ZId, ZTimestamp } from "./common";
import { signingWindowFields } from "./signing-window";

/** Digital attendance (spec: Emargement resource, Attendance tables; conventions §7 and §12). */
const ZEmargementMethod = z.enum(["QR", "QR_CODE", "PIN", "CANVAS", "AUTO", "OVERRIDE"]);
export type TEmargementMethod = z.infer<typeof ZEmargementMethod>;

// ---- statuses (server/services/attendance/status.ts computes them) ------------------------------
const ZAttendanceStatus = z.enum(["PRESENT", "ABSENT", "EXCUSED_ABSENCE", "LATE", "LEFT_EARLY", "NOT_YET"]);
export type TAttendanceStatus = z.infer<typeof ZAttendanceStatus>;
/** What a correction may set: every status but NOT_YET. */
export const ZSettableStatus = z.enum(["PRESENT", "ABSENT", "EXCUSED_ABSENCE", "LATE", "LEFT_EARLY"]);
export type TSettableStatus = z.infer<typeof ZSettableStatus>;

const ZIsoDateTime = z.iso.datetime({ offset: true }).max(MAX.dateTime).describe("ISO 8601 date-time");

const ZLocation = z
  .strictObject({
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    accuracy: z.number().min(0).max(1_000_000).optional().describe("Metres"),
  })
  .describe("Where the device was when signing (optional; stored with the record)");

/** A PNG data URL of the drawn signature; 3 MB is far above any real signature. */
const ZSignatureBase64 = z.string().min(1, "Required").max(3_000_000).describe("data:image/png;base64,... of a transparent PNG");
const ZStrokes = z
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
const ZPin = z.string().max(MAX.code).regex(/^\d{6}$/, "Six digits").describe("The session's six-digit PIN");

const ZRecordUser = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });

const ZEmargement = z.object({
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
  status: ZSettableStatus.nullable().describe("OVERRIDE: the status it sets (null on other methods, and on a correction that gives minutes only: attendanceMinutes)"),
  lateMinutes: z.number().int().nullable().describe("OVERRIDE with LATE: minutes late"),
  leftEarlyMinutes: z.number().int().nullable().describe("OVERRIDE with LEFT_EARLY: minutes left early"),
  correctsId: z.string().nullable().describe("OVERRIDE: the record it supersedes for that person and slot (which stays, shown as corrected); null when there was none"),
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

const ZMinutes = z.number().int().min(0).max(31 * 24 * 60);

export const ZOverrideInput = z
  .strictObject({
    sessionId: ZId("ses"),
    userId: ZId("usr"),
    /** Checked by the service: missing or shorter than 20 characters is 422 with errors.reason (spec). */
    reason: z.string().max(2000).optional().describe("At least 20 characters (422 errors.reason otherwise)"),
    attendanceMinutes: ZMinutes.optional().describe(
      "Minutes attended (at most the slot's length, or the session's duration). Required without `status`: then the correction stores no status and says how long the person attended: " +
        "for the whole session the minutes fill the slots in order (a slot given minutes reads PRESENT with them, the slots beyond them ABSENT; say EXCUSED_ABSENCE with a status " +
        "for a slot), for one slot at most its length. With `status` it may be left out (the minutes the status implies are stored); when given it must equal them (422)",
    ),
    status: ZSettableStatus.optional().describe("The status this correction sets (any but NOT_YET)"),
    slotId: ZId("slt").optional().describe("The slot corrected; absent: the whole session (a session-wide LATE concerns the first slot, LEFT_EARLY the last)"),
    lateMinutes: ZMinutes.optional().describe("Required with status LATE (at least 1), refused otherwise"),
    leftEarlyMinutes: ZMinutes.optional().describe("Required with status LEFT_EARLY (at least 1), refused otherwise"),
  });
export type TOverrideInput = z.infer<typeof ZOverrideInput>;
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

const ZPersonRef = z.object({ userId: z.string(), firstName: z.string(), lastName: z.string() });
export const ZStatusTotals = z
  .object({ PRESENT: z.number().int(), ABSENT: z.number().int(), EXCUSED_ABSENCE: z.number().int(), LATE: z.number().int(), LEFT_EARLY: z.number().int(), NOT_YET: z.number().int() })
  .describe("Count per status");
const ZCorrection = z.object({
  id: z.string().describe("The OVERRIDE record (emg_)"),
  slotId: z.string().nullable().describe("null: the whole session"),
  at: ZTimestamp.describe("When the correction was made"),
  by: ZPersonRef.nullable().describe("The ADMIN who made it"),
  reason: z.string().nullable(),
  status: ZSettableStatus.describe("The status it sets for the slot it is listed under"),
  lateMinutes: z.number().int().nullable(),
  leftEarlyMinutes: z.number().int().nullable(),
  correctsId: z.string().nullable(),
  corrected: z
    .object({ id: z.string(), method: ZEmargementMethod, signedAt: ZTimestamp, status: ZSettableStatus.nullable() })
    .nullable()
    .describe("The record it corrected (it stays in the chain)"),
});
export type TCorrection = z.infer<typeof ZCorrection>;
export const ZSlotStatus = z.object({
  slotId: z.string().nullable().describe("null: the session has no slots, this one covers it all"),
  position: z.number().int(),
  label: z.string(),
  startsAt: ZTimestamp,
  endsAt: ZTimestamp,
  status: ZAttendanceStatus,
  minutes: z.number().int().describe("Minutes attended in the slot"),
  lateMinutes: z.number().int().nullable(),
  leftEarlyMinutes: z.number().int().nullable(),
  justification: z.string().nullable().describe("EXCUSED_ABSENCE: the correction's reason"),
  signedAt: ZTimestamp.nullable().describe("When the person signed (or first connected) for the slot; never a correction's time"),
  method: ZEmargementMethod.nullable().describe("How they signed (the signature's or AUTO's method)"),
  recordId: z.string().nullable().describe("The record that gives the status"),
  corrections: z.array(ZCorrection).describe("Corrections applying to the slot, oldest first; the latest decides"),
});
export type TSlotStatus = z.infer<typeof ZSlotStatus>;

const ZRosterLearner = z.object({
  userId: z.string(),
  enrollmentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: ZAttendanceStatus.describe("Overall status over the slots (see the description)"),
  justification: z.string().nullable().describe("EXCUSED_ABSENCE: the correction's reason"),
  present: z.boolean().describe("Derived: status PRESENT, LATE or LEFT_EARLY"),
  signedAt: ZTimestamp.nullable().describe("First signature (or connection) over the slots; never a correction's time"),
  method: ZEmargementMethod.nullable().describe("Its method; OVERRIDE when only a correction makes them present"),
  attendanceMinutes: z.number().int().nullable().describe("Minutes attended over the slots; null while every slot is NOT_YET"),
  slots: z.array(ZSlotStatus),
  corrections: z.array(ZCorrection).describe("Every correction of the learner, oldest first"),
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
  ...signingWindowFields,
});
export const ZSessionAttendanceOutput = envelope(
  z.object({
    session: ZAttendanceSessionRef.extend({ courseId: z.string(), courseTitle: z.string() }),
    summary: z.object({
      expected: z.number().int(),
      present: z.number().int().describe("Learners PRESENT, LATE or LEFT_EARLY"),
      absent: z.number().int().describe("Learners ABSENT or EXCUSED_ABSENCE (never NOT_YET)"),
      byStatus: ZStatusTotals.describe("Learners per overall status"),
      attendanceMinutes: z.number().int().describe("Minutes attended by all the learners"),
    }),
    slots: z
      .array(z.object({ id: z.string().nullable(), position: z.number().int(), label: z.string(), startsAt: ZTimestamp, endsAt: ZTimestamp, byStatus: ZStatusTotals }))
      .describe("The slots (one implicit slot, id null, without slots) with learners per slot status"),
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
const ZSlotSignature = z.object({
  id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  method: ZEmargementMethod,
  signedAt: ZTimestamp,
  role: z.enum(["LEARNER", "TRAINER"]),
});
const ZSlot = z.object({
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

/** The status rules (server/services/attendance/status.ts), for the OpenAPI descriptions. */
export const ATTENDANCE_STATUS_RULES =
  "a status per slot computed once (server/services/attendance/status.ts) — slots: the session's attendance slots, or one implicit slot (slotId null) covering the session. " +
  "Per person and slot: (1) the latest OVERRIDE for the slot or the whole session decides (its status; a session-wide LATE concerns the first slot and LEFT_EARLY the last; " +
  "an OVERRIDE without status carries the minutes attended: session-wide they fill the slots in order, a slot given minutes is PRESENT with them, one given none ABSENT); (2) else a signature (QR, QR_CODE, PIN, CANVAS) for the " +
  "slot, or a session-level one made during it (before the first slot: the first; after the last: the last) gives PRESENT; (3) else AUTO connection segments overlapping the " +
  "slot give PRESENT, LATE (first connection more than 10 minutes after the start) or LEFT_EARLY (last disconnection more than 10 minutes before the end, once the slot has " +
  "ended) with the minutes; (4) else ABSENT once the slot has ended, NOT_YET before (a future session is never absent). Minutes: a minutes-only OVERRIDE's share, else PRESENT = the slot's length, LATE/LEFT_EARLY = " +
  "the length minus the minutes late/left early, otherwise 0. signedAt is the time of the signature (or first connection), never a correction's. Overall status: NOT_YET " +
  "while every slot is; else all PRESENT -> PRESENT; nothing attended -> EXCUSED_ABSENCE when every slot is excused, else ABSENT; partial attendance -> LATE when a slot is " +
  "LATE or the first was missed, else LEFT_EARLY.";
