import {
  ZAutoInput,
  ZEmargementListOutput,
  ZEmargementOutput,
  ZOverrideInput,
  ZSessionRecordsInput,
  ZSignCanvasInput,
  ZSignPinInput,
  ZSignQrInput,
  ZSignSessionInput,
} from "../../contracts/attendance";
import { one } from "../../contracts/envelope";
import { DomainError } from "../../errors";
import { recordAutoAttendance } from "../../services/attendance/auto";
import { overrideAttendance } from "../../services/attendance/override";
import { sessionRecords } from "../../services/attendance/queries";
import { signSession, signWithCanvas, signWithPin, signWithQr } from "../../services/attendance/sign";
import { ofModeProcedure, publicTenantProcedure, router } from "../trpc";

const tags = ["Attendance"];
const WHO_SIGNS =
  "The caller signs for themself: a LEARNER with an ACTIVE or COMPLETED enrollment in its course whom the session expects (registration AUTO, the default: every such enrollee up to maxParticipants, including those enrolled later; LIST: its registered participants), or one of the session's trainers / the course's creator " +
  "(a countersignature, enrollmentId null); anyone else 403. Signing is open while the session is LIVE, or SCHEDULED/ENDED from 30 minutes before its start to 2 hours " +
  "after its planned end (409 otherwise, and always for a CANCELLED session). One signature per person and session (QR, PIN and CANVAS together): 422 Attendance already signed. " +
  "The record is sealed in the tenant's hash chain and emargement.signed is emitted in the same transaction.";
const SLOT =
  " Optional slotId signs one of the session's attendance slots instead of the session as a whole (the slot rules: open from its start, 400 SLOT_NOT_STARTED before; " +
  "404 Slot not found when it is not a slot of this session; one signature per person and slot).";
const common = { 400: "Invalid body or unknown field", 401: "Unauthorized", 403: "Not a participant of the session, or OF mode off", 404: "Session not found", 409: "Attendance not open", 422: "Already signed" };

/** Attendance, method endpoints (spec table "Attendance (emargement), method endpoints"). */
export const attendanceRouter = router({
  signQr: ofModeProcedure()
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/emargement/sign/qr",
        tags,
        summary: "Sign by QR code",
        description:
          `qrToken from POST /qualiopi/emargement/qr-generate/{sessionId}: the JWT, or its 22-character short id (the last segment of signUrl, /q/{id}); both name the same ` +
          `server-side token (valid QR_TOKEN_TTL_SECONDS, default 5 minutes, bound to its session and tenant, single use: the first signature consumes it). ` +
          `Optional location {lat, lng, accuracy} is stored and sealed. ${WHO_SIGNS}${SLOT}`,
        errorResponses: { ...common, 410: "QR token expired", 422: "Invalid QR token, QR token already used, or already signed" },
      },
    })
    .input(ZSignQrInput)
    .output(ZEmargementOutput)
    .mutation(async ({ ctx, input }) => one(await signWithQr(ctx.db, ctx.caller, input, ctx.clock.now()))),

  signPin: ofModeProcedure()
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/emargement/sign/pin",
        tags,
        summary: "Sign with the session PIN",
        description:
          "pin: the session's six digits (valid for the whole session). Every attempt is counted per user and session in the database before the PIN is compared: " +
          `after PIN_MAX_ATTEMPTS (5) attempts within PIN_LOCK_SECONDS (15 minutes), further attempts answer 429 with Retry-After for 15 minutes, without being evaluated. ${WHO_SIGNS}${SLOT}`,
        errorResponses: { ...common, 401: "Invalid PIN (or Unauthorized)", 429: "Too many PIN attempts: wait 15 minutes" },
      },
    })
    .input(ZSignPinInput)
    .output(ZEmargementOutput)
    .mutation(async ({ ctx, input }) => one(await signWithPin(ctx.db, ctx.caller, input, ctx.clock.now()))),

  signCanvas: ofModeProcedure()
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/emargement/sign/canvas",
        tags,
        summary: "Sign by drawing",
        description:
          "signatureBase64: data URL of a transparent PNG; strokes (arrays of {x, y}) are counted when given, else the PNG's non-transparent pixels: fewer than 30 is 422 " +
          "Signature too short or empty (errors.signatureBase64). The PNG is stored encrypted (AES-256-GCM, ENCRYPTION_KEY); its SHA-256 digest is sealed; signatureUrl is an " +
          `authenticated download for the signer, ADMIN and the session's trainers. ${WHO_SIGNS}${SLOT}`,
        errorResponses: { ...common, 422: "Signature too short or empty, or already signed" },
      },
    })
    .input(ZSignCanvasInput)
    .output(ZEmargementOutput)
    .mutation(async ({ ctx, input }) => one(await signWithCanvas(ctx.db, ctx.caller, input, ctx.clock.now()))),

  auto: publicTenantProcedure
    .meta({
      status: 201,
      authenticatedBy: "signature",
      openapi: {
        method: "POST",
        path: "/emargement/auto",
        tags,
        protect: false,
        summary: "Presence reported by the media server",
        description:
          "No bearer token: hmacSignature authenticates the call (sha256= + hex HMAC-SHA256 with MEDIA_HMAC_SECRET over sessionId|userId|joinedAt|leftAt|connectionDurationSeconds|mediaParticipantSid, " +
          "compared in constant time, checked before anything else). Each call is one connection segment; attendanceMinutes and attendanceRate cover all the participant's segments " +
          "(merged, clipped to the planned session) against the session duration. The same segment delivered again answers the record already written. " +
          "userId must be a learner the session expects (with an ACTIVE or COMPLETED enrollment) or a trainer of the session (422 errors.userId).",
        errorResponses: { 400: "Invalid body or unknown field", 401: "Invalid HMAC signature", 403: "OF mode off", 404: "Session not found", 409: "Session cancelled", 422: "Not a participant" },
      },
    })
    .input(ZAutoInput)
    .output(ZEmargementOutput)
    .mutation(async ({ ctx, input }) => {
      if (!ctx.tenantRecord.ofMode) throw new DomainError("FORBIDDEN", "This feature is disabled for this organisation (OF mode is off)", { reason: "OF_MODE_DISABLED" });
      return one(await recordAutoAttendance(ctx.db, ctx.scope, input, ctx.clock.now()));
    }),

  override: ofModeProcedure("attendance.override")
    .meta({
      status: 201,
      validationStatus: 422,
      openapi: {
        method: "POST",
        path: "/emargement/override",
        tags,
        summary: "Correct attendance (ADMIN)",
        description:
          "Records are never changed: a correction is a new OVERRIDE record with overrideBy, reason (at least 20 characters, 422 errors.reason); an audit-log entry is written in " +
          "the same transaction and its id returned as auditLogId. Beyond the spec's body: `status` (PRESENT, ABSENT, EXCUSED_ABSENCE, LATE, LEFT_EARLY; never NOT_YET) with " +
          "`lateMinutes` (required with LATE) or `leftEarlyMinutes` (required with LEFT_EARLY), and `slotId` (one of the session's slots, 404 otherwise; absent: the whole session). " +
          "Without `status` the spec's meaning stays: attendanceMinutes is required, > 0 sets PRESENT and 0 ABSENT (that status is stored). With `status`, attendanceMinutes may be " +
          "left out and the minutes the status implies are stored (PRESENT: the slot's or session's length; LATE/LEFT_EARLY: that length less the minutes; absences: 0); when given " +
          "it must equal them (422 errors.attendanceMinutes). attendanceMinutes never exceeds the session's duration. `correctsId` is the record that gave the person's status for " +
          "that slot (for the whole session: the first slot's) before the correction; that record stays and is shown as corrected. The new fields are sealed with the record. " +
          "The latest correction for a slot or the whole session decides its status (see GET /qualiopi/emargement/{sessionId}). " +
          "userId must be a learner the session expects (with an ACTIVE or COMPLETED enrollment) or a trainer of the session (422 errors.userId).",
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "Forbidden: ADMIN required", 404: "Session or slot not found", 409: "Session cancelled", 422: "Invalid field (errors map): status NOT_YET, lateMinutes/leftEarlyMinutes missing or out of place, attendanceMinutes inconsistent, reason missing or shorter than 20 characters..." },
      },
    })
    .input(ZOverrideInput)
    .output(ZEmargementOutput)
    .mutation(async ({ ctx, input }) => one(await overrideAttendance(ctx.db, ctx.caller, input, ctx.clock.now()))),

  sessionRecords: ofModeProcedure()
    .meta({
      openapi: {
        method: "GET",
        path: "/emargement/{sessionId}",
        tags,
        summary: "A session's attendance records",
        description: "By signature time. ADMIN, the course's creator and the session's trainers get every record with the person's name; anyone else gets only their own records.",
        errorResponses: { 401: "Unauthorized", 403: "Not a member or OF mode off", 404: "Session not found" },
      },
    })
    .input(ZSessionRecordsInput)
    .output(ZEmargementListOutput)
    .query(async ({ ctx, input }) => one(await sessionRecords(ctx.db, ctx.caller, input.sessionId))),

  sign: ofModeProcedure()
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/emargement/{sessionId}/sign",
        tags,
        summary: "Sign a session (method in the body)",
        description:
          "method PIN (with pin), CANVAS (with signatureBase64 and optional strokes) or QR (with qrToken, which must be bound to this session: 422 otherwise): the same rules and " +
          "answers as /emargement/sign/pin, /sign/canvas and /sign/qr (qrToken: the JWT or its short id). A field required by the method and missing: 400 with errors." + SLOT,
        errorResponses: { ...common, 401: "Invalid PIN (or Unauthorized)", 410: "QR token expired", 422: "Invalid or used QR token, short signature, already signed", 429: "Too many PIN attempts" },
      },
    })
    .input(ZSignSessionInput)
    .output(ZEmargementOutput)
    .mutation(async ({ ctx, input }) => one(await signSession(ctx.db, ctx.caller, input, ctx.clock.now()))),
});
