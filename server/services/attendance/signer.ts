import type { DbOrTx } from "../../db";
import { conflict, forbidden } from "../../errors";
import { barredEnrollment, teachesSession } from "../platform/who-may";
import { signingEnrollment } from "./participants";
import { barredEnrollmentError } from "../enrollments/barred";
import { loadSession, type LoadedSession } from "../sessions/access";
import { isSigningOpen } from "./signing-window";
import type { Caller } from "../../auth/caller";

/** Who signs a session: a participant learner (with the enrollment) or a trainer countersigning. */
export type Signer = { loaded: LoadedSession; enrollmentId: string | null; asTrainer: boolean };

export const notOpen = () => conflict("Attendance is not open for this session", "ATTENDANCE_NOT_OPEN");

/**
 * Conventions §7: a learner signs with an ACTIVE or COMPLETED enrollment in the session's course
 * and a registration to the session (participants.ts signingEnrollment);
 * the session's trainers (and the course's creator) countersign. Anyone else: 403. Another
 * tenant's session: 404. A learner whose enrollment is SUSPENDED or REVOKED: 422
 * ENROLLMENT_SUSPENDED / ENROLLMENT_REVOKED, whatever the method. `notParticipant` replaces that 403 where an operation answers otherwise
 * (the Qualiopi qr-validate: 422).
 */
export async function resolveSigner(db: DbOrTx, caller: Caller, sessionId: string, opts: { notParticipant?: () => Error } = {}): Promise<Signer> {
  const loaded = await loadSession(db, caller, sessionId, { hideFromOutsiders: false });
  if (teachesSession(loaded, caller.userId)) return { loaded, enrollmentId: null, asTrainer: true };
  const enrollmentId = await signingEnrollment(db, caller.scope, loaded.session, caller.userId);
  if (!enrollmentId) {
    const barred = await barredEnrollment(db, caller.scope, loaded.session.courseId, caller.userId);
    if (barred) throw barredEnrollmentError(barred);
  }
  if (!enrollmentId && opts.notParticipant) throw opts.notParticipant();
  if (!enrollmentId) throw forbidden("Only the learners the session expects (an ACTIVE or COMPLETED enrollment in its course) and its trainers can sign", "NOT_A_PARTICIPANT");
  return { loaded, enrollmentId, asTrainer: false };
}

/** 409 ATTENDANCE_NOT_OPEN outside the session's signing window (signing-window.ts, the one rule). */
export function assertOpen(loaded: LoadedSession, now: Date): void {
  if (!isSigningOpen(loaded.session, loaded.timeZone, now)) throw notOpen();
}
