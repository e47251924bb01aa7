import { and, asc, desc, eq, inArray, lte, ne, or, sql } from "drizzle-orm";
import type { TOpenForSigning } from "../../contracts/attendance-signing";
import type { DbOrTx } from "../../db";
import { attendanceSlots, emargements, liveSessions } from "../../db/schema";
import { SIGNATURE_METHODS } from "./chain";
import { registeredSessionIds } from "../sessions/registrations";
import { currentSlot } from "./reminders";
import { plannedEndSql } from "../sessions/planned-end-sql";
import { sessionSchedule } from "../sessions/schedule";
import { CLOSES_AFTER_MINUTES, isSigningOpen, OPENS_BEFORE_MINUTES, signingWindowOf } from "./signing-window";
import type { Caller } from "../../auth/caller";

/** At most this many sessions are answered: a learner is expected at a handful of sessions at once. */
const MAX_CANDIDATES = 50;

/**
 * GET /emargement/me/open: the sessions the caller is expected at (services/attendance/participants.ts
 * expectedLearners) whose signing is open now (signing-window.ts: LIVE, or SCHEDULED/ENDED within
 * 30 minutes before the first start to 2 hours after the last end; never CANCELLED), with the slot to sign now and the
 * caller's signature of it. Sessions in progress first, then by start.
 */
export async function openForSigning(db: DbOrTx, caller: Caller, now: Date): Promise<TOpenForSigning[]> {
  const t = now.getTime();
  const candidates = await db
    .select()
    .from(liveSessions)
    .where(
      caller.scope.where(
        liveSessions,
        ne(liveSessions.status, "CANCELLED"),
        // the sessions the caller is registered to (the expected learners of participants.ts)
        inArray(liveSessions.id, registeredSessionIds(db, caller.scope, caller.userId)),
        or(
          eq(liveSessions.status, "LIVE"),
          and(
            lte(liveSessions.scheduledAt, new Date(t + OPENS_BEFORE_MINUTES * 60_000)),
            // the planned end of the schedule (a session over several days: its last day), as signing-window.ts;
            // a Date inside raw sql is not encoded by postgres-js: the instant goes as ISO text
            sql`${plannedEndSql(caller.tenant.timeZone)} + make_interval(mins => ${CLOSES_AFTER_MINUTES}) >= ${now.toISOString()}::timestamptz`,
          ),
        ),
      ),
    )
    .orderBy(desc(liveSessions.scheduledAt))
    .limit(MAX_CANDIDATES);
  // the SQL mirrors the rule; the rule itself decides
  const mine = candidates.filter((s) => isSigningOpen(s, caller.tenant.timeZone, now));
  if (!mine.length) return [];
  const ids = mine.map((s) => s.id);
  const slots = await db
    .select()
    .from(attendanceSlots)
    .where(caller.scope.where(attendanceSlots, inArray(attendanceSlots.sessionId, ids)))
    .orderBy(asc(attendanceSlots.startsAt), asc(attendanceSlots.position));
  const signatures = await db
    .select({ id: emargements.id, sessionId: emargements.sessionId, slotId: emargements.slotId, method: emargements.method, signedAt: emargements.signedAt })
    .from(emargements)
    .where(caller.scope.where(emargements, inArray(emargements.sessionId, ids), eq(emargements.userId, caller.userId), inArray(emargements.method, [...SIGNATURE_METHODS])))
    .orderBy(asc(emargements.signedAt));
  const out = mine.map((s) => {
    const own = slots.filter((x) => x.sessionId === s.id);
    const slot = currentSlot(own, now);
    const sig = signatures.find((r) => r.sessionId === s.id && r.slotId === (slot ? slot.id : null));
    return {
      session: { id: s.id, title: s.title, status: s.status, scheduledAt: s.scheduledAt.toISOString(), durationMinutes: s.durationMinutes,
        ...signingWindowOf(s, caller.tenant.timeZone, now),
        deliveryMode: s.deliveryMode,
        place: s.place ? { name: s.place.name, address: s.place.address, room: s.place.room ?? null } : null,
        schedule: sessionSchedule(s, caller.tenant.timeZone),
      },
      slot: slot
        ? { id: slot.id, label: slot.label, startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString(), inProgress: slot.endsAt.getTime() > t }
        : null,
      nextSlotStartsAt: slot === null ? own[0]!.startsAt.toISOString() : null,
      signature: slot === null ? null : sig ? { id: sig.id, method: sig.method, signedAt: sig.signedAt.toISOString() } : null,
    };
  });
  const inProgress = (o: (typeof out)[number]) => (o.slot ? o.slot.inProgress : Date.parse(o.session.scheduledAt) <= t);
  return out.sort((a, b) => Number(inProgress(b)) - Number(inProgress(a)) || Date.parse(a.session.scheduledAt) - Date.parse(b.session.scheduledAt));
}
