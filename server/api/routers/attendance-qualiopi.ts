import { SIGNING_WINDOW_NOTE } from "../../contracts/signing-window";
import {
  ZEmargementListOutput,
  ZEmargementOutput,
  ZEnrollmentHistoryInput,
  ZGenerateSlotsInput,
  ZQrGenerateInput,
  ZQrGenerateOutput,
  ZQrValidateInput,
  ZRecordIdInput,
  ZRecordInput,
  ZSealCertificateOutput,
  ZSessionAttendanceOutput,
  ZSessionRecordsInput,
  ZSignSlotInput,
  ZSlotsInput,
  ZSlotsOutput,
  ZVerifyOutput,
} from "../../contracts/attendance";
import { issueQrToken } from "../../services/attendance/qr";
import { enrollmentHistory, sealCertificate, sessionAttendance, verifySession } from "../../services/attendance/queries";
import { recordAttendance } from "../../services/attendance/record";
import { QR_VALIDATE, signWithQr } from "../../services/attendance/sign";
import { listSlots, regenerateSlots, signSlot } from "../../services/attendance/slots";
import { assertModerator, loadSession } from "../../services/sessions/access";
import { ATTENDANCE_STATUS_RULES as STATUS_RULES } from "../../contracts/attendance";
import { one } from "../../contracts/envelope";
import { ofModeProcedure, router } from "../trpc";

const tags = ["Attendance (Qualiopi)"];
const MODERATORS = "ADMIN, the course's creator and the session's trainers";

/**
 * Attendance, Qualiopi-module endpoints. Static paths first (qr-validate, enrollment/..., slots/...),
 * then the /qualiopi/emargement/{id}... ones (see server/api/root.ts on path order).
 */
export const qualiopiAttendanceRouter = router({
  record: ofModeProcedure()
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/qualiopi/emargement",
        tags,
        summary: "Record an attendance signature",
        description:
          "RecordEmargementDto {enrollmentId, sessionId, method QR_CODE|PIN|CANVAS, signatureBase64?, strokes?, slotId?}. The enrollment's learner records a drawn signature (CANVAS; " +
          `canvas rules: 30 points); ${MODERATORS} may record any method for a learner they checked in the room. A learner's own PIN or QR_CODE goes through /emargement/sign/pin or ` +
          "/qualiopi/emargement/qr-validate (403 here). The caller's IP address and user agent are stored and sealed. 422 when the enrollment is not ACTIVE or COMPLETED, belongs to " +
          "another course, or the learner already signed this session (or slot); 400 before the slot starts; 409 when the session does not take signatures.",
        errorResponses: { 400: "Invalid body, unknown field or slot not started", 401: "Unauthorized", 403: "Not allowed", 404: "Enrollment, session or slot not found", 409: "Attendance not open", 422: "Duplicate or enrollment not active" },
      },
    })
    .input(ZRecordInput)
    .output(ZEmargementOutput)
    .mutation(async ({ ctx, input }) => one(await recordAttendance(ctx.db, ctx.caller, input, ctx.clock.now()))),

  qrGenerate: ofModeProcedure("attendance.read")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/qualiopi/emargement/qr-generate/{sessionId}",
        tags,
        summary: "Generate a QR attendance token",
        description:
          `For ${MODERATORS} (a TRAINER runs the live screen). qrToken: a single-use HS256 JWT bound to the session and tenant, valid QR_TOKEN_TTL_SECONDS (5 minutes). ` +
          "signUrl is the short URL the QR code encodes, https://{tenant host}/q/{id}, where id is the token's 22-character random id (16 random bytes, base64url) " +
          "standing for the same server-side token: every operation taking a qrToken accepts that id too. /q/{id} opens the learner page that signs with it " +
          "(signing in first when needed). The live screen asks for a new one before expiresAt and after each use.",
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "Not a moderator of the session", 404: "Session not found" },
      },
    })
    .input(ZQrGenerateInput)
    .output(ZQrGenerateOutput)
    .mutation(async ({ ctx, input }) => {
      const caller = ctx.caller;
      const loaded = await loadSession(ctx.db, caller, input.sessionId);
      assertModerator(loaded, caller);
      return one(await issueQrToken(ctx.db, ctx.scope, ctx.tenant.slug, loaded.session.id, ctx.clock.now()));
    }),

  qrValidate: ofModeProcedure("attendance.sign")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/qualiopi/emargement/qr-validate",
        tags,
        summary: "Validate a QR code (LEARNER)",
        description:
          "ValidateQrDto {qrToken, location?, slotId?}: qrToken is the JWT or its 22-character short id (signUrl's /q/{id}); records method QR_CODE for the learner's ACTIVE or " +
          "COMPLETED enrollment in the session's course, for the session or for the slot slotId of that session. The token is single use. " +
          "400 when it is invalid, expired or already used; 422 when the learner has no such enrollment or already signed.",
        errorResponses: { 400: "Invalid, expired or used QR token", 401: "Unauthorized", 403: "LEARNER required", 409: "Attendance not open", 422: "Duplicate or enrollment not found" },
      },
    })
    .input(ZQrValidateInput)
    .output(ZEmargementOutput)
    .mutation(async ({ ctx, input }) => one(await signWithQr(ctx.db, ctx.caller, input, ctx.clock.now(), QR_VALIDATE))),

  enrollmentHistory: ofModeProcedure("attendance.history")
    .meta({
      openapi: {
        method: "GET",
        path: "/qualiopi/emargement/enrollment/{enrollmentId}",
        tags,
        summary: "Attendance history of an enrollment",
        description: "Records ordered by signature time. A LEARNER reads their own enrollments, a CREATOR those of their courses, ADMIN all (404 otherwise).",
        errorResponses: { 401: "Unauthorized", 403: "LEARNER, ADMIN or CREATOR required", 404: "Enrollment not found" },
      },
    })
    .input(ZEnrollmentHistoryInput)
    .output(ZEmargementListOutput)
    .query(async ({ ctx, input }) => one(await enrollmentHistory(ctx.db, ctx.caller, input.enrollmentId))),

  generateSlots: ofModeProcedure("attendance.manage")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/qualiopi/emargement/slots/generate",
        tags,
        summary: "Generate attendance slots",
        description:
          "GenerateSlotsDto {sessionId, frequency HOURLY|HALF_DAY|FULL_SESSION}; ADMIN, or a CREATOR who created the course (or trains the session). Times in Europe/Paris; half-days split at 13:00. " +
          "Existing slots are deleted and recreated in one transaction, except when a slot already carries signatures: sealed records point at it, so 409.",
        errorResponses: { 400: "Invalid body", 401: "Unauthorized", 403: "ADMIN or CREATOR of the course required", 404: "Session not found", 409: "Slots already signed, or session cancelled" },
      },
    })
    .input(ZGenerateSlotsInput)
    .output(ZSlotsOutput)
    .mutation(async ({ ctx, input }) => one(await regenerateSlots(ctx.db, ctx.caller, input))),

  slots: ofModeProcedure()
    .meta({
      openapi: {
        method: "GET",
        path: "/qualiopi/emargement/slots/{sessionId}",
        tags,
        summary: "Slots of a session with signatures",
        description: `Ordered by start. ${MODERATORS} see every signature; a participant learner sees the slots with their own signatures.`,
        errorResponses: { 401: "Unauthorized", 403: "Not a member or OF mode off", 404: "Session not found" },
      },
    })
    .input(ZSlotsInput)
    .output(ZSlotsOutput)
    .query(async ({ ctx, input }) => one(await listSlots(ctx.db, ctx.caller, input.sessionId))),

  signSlot: ofModeProcedure()
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/qualiopi/emargement/slots/{slotId}/sign",
        tags,
        summary: "Sign a slot",
        description:
          "SignSlotDto {signatureBase64, strokes?}: a drawn signature (canvas rules, 30 points) recorded as CANVAS with the slot. Enrolled learners sign; the session's trainers " +
          "countersign their slots (the sheet shows trainer signatures per slot); anyone else 403. 400 before the slot starts; 422 when already signed.",
        errorResponses: { 400: "Slot has not started yet", 401: "Unauthorized", 403: "Not a participant", 404: "Slot not found", 409: "Attendance closed", 422: "Slot already signed or signature too short" },
      },
    })
    .input(ZSignSlotInput)
    .output(ZEmargementOutput)
    .mutation(async ({ ctx, input }) => one(await signSlot(ctx.db, ctx.caller, input, ctx.clock.now()))),

  sessionAttendance: ofModeProcedure("attendance.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/qualiopi/emargement/{sessionId}",
        tags,
        summary: "Attendance of a session",
        description:
          `For ${MODERATORS}. Every expected learner (expectedLearners: registration AUTO, the course's ACTIVE or COMPLETED enrollees up to capacity; LIST, its registered participants) with ${STATUS_RULES} ` +
          "The trainers with their countersignature; every record of the session (by signature time) with the person's name. " +
          SIGNING_WINDOW_NOTE,
        errorResponses: { 401: "Unauthorized", 403: "Not a moderator of the session", 404: "Session not found" },
      },
    })
    .input(ZSessionRecordsInput)
    .output(ZSessionAttendanceOutput)
    .query(async ({ ctx, input }) => one(await sessionAttendance(ctx.db, ctx.caller, input.sessionId, ctx.clock.now()))),

  sealCertificate: ofModeProcedure()
    .meta({
      openapi: {
        method: "GET",
        path: "/qualiopi/emargement/{id}/seal-certificate",
        tags,
        summary: "Seal certificate of a record",
        description:
          "The record's link in the tenant's hash chain: sealedAt (records are sealed when written), sealedHash, previousHash, chainPosition, and certificateUrl (the session's " +
          "attendance page with the chain verification). The signer, ADMIN and the session's trainers may read it (403 otherwise).",
        errorResponses: { 401: "Unauthorized", 403: "Not the signer, an ADMIN or a trainer of the session", 404: "Record not found" },
      },
    })
    .input(ZRecordIdInput)
    .output(ZSealCertificateOutput)
    .query(async ({ ctx, input }) => one(await sealCertificate(ctx.db, ctx.caller, input.id))),

  verify: ofModeProcedure("attendance.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/qualiopi/emargement/{sessionId}/verify",
        tags,
        summary: "Verify a session's sealed records",
        description:
          `For ${MODERATORS}. Recomputes the seal of each of the session's records and checks its links in the tenant's chain (predecessor hash, successor or chain head); ` +
          "brokenAt is the first record, in chain order, whose link fails (an edited record itself; after a removal, the record that followed it). " +
          "Chain design: every attendance record of a tenant, whatever its session, is appended to ONE hash chain: sealedHash = \"sha256:\" + SHA-256 of the canonical JSON of the record's sealed fields " +
          "together with the previous record's sealedHash (null for the first), chainPosition counts from 1. Appends are serialized by a row lock on the tenant's chain head, held only for the short " +
          "transaction that writes the record, so signatures of several sessions signing at the same time wait on each other for that instant (npm run bench measures " +
          "PIN signing on one session and on ten sessions at once). One chain per tenant is kept on purpose: a removed or edited record anywhere in the tenant's history " +
          "breaks the link of the next record, even in another session, and a session's verification needs only its own records and their chain neighbours.",
        errorResponses: { 401: "Unauthorized", 403: "Not a moderator of the session", 404: "Session not found" },
      },
    })
    .input(ZSessionRecordsInput)
    .output(ZVerifyOutput)
    .query(async ({ ctx, input }) => one(await verifySession(ctx.db, ctx.caller, input.sessionId))),
});
