import { sessionWindow, type ScheduleDay } from "../sessions/schedule";

/** Minutes around the planned time during which a SCHEDULED or ENDED session takes signatures. */
export const OPENS_BEFORE_MINUTES = 30;
export const CLOSES_AFTER_MINUTES = 120;

export type WindowedSession = { status: string; scheduledAt: Date; durationMinutes: number; schedule: ScheduleDay[] | null };

/**
 * THE signing window of a session: [first start − 30 min, last end + 2 h] of its planned schedule
 * (a session over several days stays open between them), for learners arriving early and late
 * signatures. The sign endpoints (signer.ts assertOpen, slots.ts assertSlotOpen), the open-now list
 * and every session resource the signing screens read (signingWindowFields) use this function.
 */
export function signingWindow(s: WindowedSession, timeZone: string): { endsAt: Date; opensAt: Date; closesAt: Date } {
  const w = sessionWindow(s, timeZone);
  return { endsAt: w.end, opensAt: new Date(w.start.getTime() - OPENS_BEFORE_MINUTES * 60_000), closesAt: new Date(w.end.getTime() + CLOSES_AFTER_MINUTES * 60_000) };
}

/** Open while LIVE; never when CANCELLED; otherwise within the window (both edges included). */
export function isSigningOpen(s: WindowedSession, timeZone: string, now: Date): boolean {
  if (s.status === "CANCELLED") return false;
  if (s.status === "LIVE") return true;
  const w = signingWindow(s, timeZone);
  return now.getTime() >= w.opensAt.getTime() && now.getTime() <= w.closesAt.getTime();
}

/** The fields of contracts/signing-window.ts for one session at `now` (a CANCELLED session has no window). */
export function signingWindowOf(s: WindowedSession, timeZone: string, now: Date) {
  const w = signingWindow(s, timeZone);
  const cancelled = s.status === "CANCELLED";
  return {
    endsAt: w.endsAt.toISOString(),
    signingOpensAt: cancelled ? null : w.opensAt.toISOString(),
    signingClosesAt: cancelled ? null : w.closesAt.toISOString(),
    signingOpen: isSigningOpen(s, timeZone, now),
  };
}
