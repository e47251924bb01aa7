import type { DbOrTx } from "../../db";
import { conflict, forbidden } from "../../errors";
import { barredEnrollment, teachesSession } from "../platform/who-may";
import { signingEnrollment } from "./participants";
import { barredEnrollmentError } from "../enrollments/barred";
import { loadSession, type LoadedSession } from "../sessions/access";
import { sessionWindow } from "../sessions/schedule";
import type { Caller } from "../../auth/caller";

/** Who signs a session: a participant learner (with the enrollment) or a trainer countersigning. */
export type Signer = { loaded: LoadedSession; enrollmentId: string | null; asTrainer: boolean };

/** Minutes around the planned time during which a SCHEDULED or ENDED session takes signatures. */
export const OPENS_BEFORE_MINUTES = 30;
export const CLOSES_AFTER_MINUTES = 120;

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

/**
 * Signing is open while the session is LIVE, or when it is SCHEDULED or ENDED and now lies in
 * [start − 30 min, end + 2 h] of its planned window (the schedule's first start and last end:
 * a session over several days stays open between them), for learners arriving early and late signatures.
 * CANCELLED never. 409 otherwise.
 */
export function assertOpen(loaded: LoadedSession, now: Date): void {
  const s = loaded.session;
  if (s.status === "CANCELLED") throw notOpen();
  if (s.status === "LIVE") return;
  const window = sessionWindow(s, loaded.timeZone);
  const opens = window.start.getTime() - OPENS_BEFORE_MINUTES * 60_000;
  const closes = window.end.getTime() + CLOSES_AFTER_MINUTES * 60_000;
  if (now.getTime() < opens || now.getTime() > closes) throw notOpen();
}
