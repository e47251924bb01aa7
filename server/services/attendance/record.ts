import { eq } from "drizzle-orm";
import type { TEmargement } from "../../contracts/attendance";
import type { Db } from "../../db";
import { enrollments } from "../../db/schema";
import { forbidden, notFound, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { isBarredStatus, isParticipantStatus, isSessionStaff } from "../platform/who-may";
import { loadSession } from "../sessions/access";
import { barredEnrollmentError } from "../enrollments/barred";
import { appendRecord, hasSignature } from "./chain";
import { toRecord } from "./serialize";
import { prepareSignature } from "./signatures";
import { assertOpen } from "./signer";
import { assertSlotOpen, findSlot } from "./slots";
import type { Strokes } from "./types";
import type { Caller } from "../../auth/caller";

export type RecordInput = {
  enrollmentId: string;
  sessionId: string;
  method: "QR_CODE" | "PIN" | "CANVAS";
  signatureBase64?: string;
  strokes?: Strokes;
  slotId?: string;
};

/**
 * POST /qualiopi/emargement (RecordEmargementDto). The enrollment's learner records a drawn
 * signature (CANVAS, canvas rules apply); the session's moderators (ADMIN, the course's creator,
 * its trainers) record any method for a learner they checked in the room (for QR_CODE and PIN
 * the check happened on their device; a learner proves a PIN or QR code through
 * /emargement/sign/pin and qr-validate instead, so a learner's PIN/QR_CODE here is 403). IP and
 * user agent of the call are stored and sealed. 404 unknown enrollment, session or slot; 422 the
 * enrollment is not ACTIVE or COMPLETED (SUSPENDED and REVOKED with their own reason), belongs to another course, or the learner already
 * signed the session (or slot); 409 when the session does not take signatures.
 */
export async function recordAttendance(db: Db, caller: Caller, input: RecordInput, now: Date): Promise<TEmargement> {
  const [enrollment] = await db.select().from(enrollments).where(caller.scope.where(enrollments, eq(enrollments.id, input.enrollmentId))).limit(1);
  const own = enrollment?.userId === caller.userId;
  // hideFromOutsiders false: a caller outside the course learns nothing more than "Enrollment not found" below.
  const loaded = await loadSession(db, caller, input.sessionId, { hideFromOutsiders: false });
  const moderator = isSessionStaff(loaded, caller);
  if (!enrollment || (!own && !moderator)) throw notFound("Enrollment");
  if (own && !moderator && input.method !== "CANVAS") {
    throw forbidden("A learner signs by PIN with /emargement/sign/pin and by QR code with /qualiopi/emargement/qr-validate");
  }
  if (isBarredStatus(enrollment.status)) throw barredEnrollmentError(enrollment.status);
  if (!isParticipantStatus(enrollment.status)) throw unprocessable("Enrollment is not active", undefined, "ENROLLMENT_NOT_ACTIVE");
  if (enrollment.courseId !== loaded.session.courseId) throw unprocessable("Validation failed", { enrollmentId: ["Enrollment is not for this session's course"] });
  const slot = input.slotId ? await findSlot(db, caller, input.slotId) : null;
  if (slot && slot.sessionId !== loaded.session.id) throw notFound("Slot");
  if (slot) assertSlotOpen(slot, loaded, now);
  else assertOpen(loaded, now);
  if (await hasSignature(db, caller.scope, { sessionId: loaded.session.id, userId: enrollment.userId, slotId: slot?.id ?? null })) {
    throw unprocessable("Attendance already recorded for this enrollment and session", undefined, "ALREADY_SIGNED");
  }
  const id = newId("emg");
  const stored =
    input.method === "CANVAS" || input.signatureBase64 ? prepareSignature(input, id) : { signatureCiphertext: null, signatureDigest: null };
  const row = await db.transaction((tx) =>
    appendRecord(
      tx,
      caller.scope,
      {
        sessionId: loaded.session.id,
        userId: enrollment.userId,
        enrollmentId: enrollment.id,
        slotId: slot?.id ?? null,
        method: input.method,
        signedAt: now,
        ip: caller.ip,
        userAgent: caller.userAgent,
        ...stored,
      },
      { id },
    ),
  );
  return toRecord(row);
}
