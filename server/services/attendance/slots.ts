import { asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { TEmargement } from "../../contracts/attendance";
import type { Db, DbOrTx } from "../../db";
import { attendanceSlots, emargements } from "../../db/schema";
import { badRequest, conflict, notFound, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { isSessionStaff, teachesSession } from "../platform/who-may";
import { assertModerator, loadSession, type LoadedSession } from "../sessions/access";
import { appendRecord, hasSignature, SIGNATURE_METHODS } from "./chain";
import { AFTERNOON_STARTS_AT_HOUR, generateSlots as planSlots, type SlotFrequency } from "./lib/slots";
import { sessionWindow, slotsFromSchedule } from "../sessions/schedule";
import { toRecord, usersById } from "./serialize";
import { prepareSignature } from "./signatures";
import { notOpen, resolveSigner } from "./signer";
import { signingWindow } from "./signing-window";
import type { Strokes } from "./types";
import type { Caller } from "../../auth/caller";
import type { TenantScope } from "../../db/tenant-scope";

type SlotRow = typeof attendanceSlots.$inferSelect;

async function slotsWithSignatures(db: DbOrTx, caller: Caller, loaded: LoadedSession) {
  const slots = await db
    .select()
    .from(attendanceSlots)
    .where(caller.scope.where(attendanceSlots, eq(attendanceSlots.sessionId, loaded.session.id)))
    .orderBy(asc(attendanceSlots.startsAt), asc(attendanceSlots.position));
  const everyone = isSessionStaff(loaded, caller);
  const signed = slots.length
    ? await db
        .select()
        .from(emargements)
        .where(
          caller.scope.where(
            emargements,
            inArray(
              emargements.slotId,
              slots.map((s) => s.id),
            ),
            inArray(emargements.method, [...SIGNATURE_METHODS]),
            everyone ? undefined : eq(emargements.userId, caller.userId),
          ),
        )
        .orderBy(asc(emargements.signedAt))
    : [];
  const names = await usersById(db, signed.map((r) => r.userId));
  return slots.map((s) => {
    const mine = signed.find((r) => r.slotId === s.id && r.userId === caller.userId);
    return {
      id: s.id,
      sessionId: s.sessionId,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
      label: s.label,
      position: s.position,
      signatures: signed
        .filter((r) => r.slotId === s.id)
        .map((r) => ({
          id: r.id,
          userId: r.userId,
          firstName: names.get(r.userId)?.firstName ?? "",
          lastName: names.get(r.userId)?.lastName ?? "",
          method: r.method,
          signedAt: r.signedAt.toISOString(),
          role: teachesSession(loaded, r.userId) ? ("TRAINER" as const) : ("LEARNER" as const),
        })),
      mySignature: mine ? { id: mine.id, method: mine.method, signedAt: mine.signedAt.toISOString() } : null,
    };
  });
}

/** GET /qualiopi/emargement/slots/{sessionId}: moderators see every signature, a learner their own. */
export async function listSlots(db: DbOrTx, caller: Caller, sessionId: string) {
  const loaded = await loadSession(db, caller, sessionId);
  return slotsWithSignatures(db, caller, loaded);
}

/**
 * POST /qualiopi/emargement/slots/generate: the session's slots are deleted and recreated in one
 * transaction (times in the tenant's zone: hourly, half-days split at 13:00 — or the schedule's
 * ranges when the session has one —, or one slot over the planned window). Signed
 * slots are never dropped: when a slot already carries signatures the regeneration is refused
 * (409), since sealed records point at it. A CANCELLED session has no slots to generate (409).
 */
export async function regenerateSlots(db: Db, caller: Caller, input: { sessionId: string; frequency: SlotFrequency }) {
  return db.transaction(async (tx) => {
    const loaded = await loadSession(tx, caller, input.sessionId, { forUpdate: true });
    assertModerator(loaded, caller);
    if (loaded.session.status === "CANCELLED") throw conflict("Session was cancelled: no attendance slots", "SESSION_CLOSED");
    const zone = caller.tenant.timeZone;
    const schedule = loaded.session.schedule;
    // With a schedule, HALF_DAY slots are its ranges (a lunch break is no slot), a range across 13:00 cut there.
    const planned = schedule?.length && input.frequency === "HALF_DAY" ? slotsFromSchedule(schedule, zone, `${AFTERNOON_STARTS_AT_HOUR}:00`) : planSlots(windowOf(loaded.session, zone), input.frequency, zone);
    await replaceSlots(tx, caller.scope, input.sessionId, planned, "Slots already carry signatures: they cannot be replaced");
    return slotsWithSignatures(tx, caller, loaded);
  });
}

/**
 * Replaces a session's attendance slots with `planned` (none: the session is signed as a whole),
 * only while no slot carries a signature: 409 SLOTS_ALREADY_SIGNED with `message` otherwise.
 * Slot generation and a schedule change both go through here.
 */
export async function replaceSlots(
  tx: DbOrTx,
  scope: TenantScope,
  sessionId: string,
  planned: { startsAt: Date; endsAt: Date; label: string; position: number }[],
  message: string,
): Promise<void> {
  const [signed] = await tx
    .select({ id: emargements.id })
    .from(emargements)
    .where(scope.where(emargements, eq(emargements.sessionId, sessionId), isNotNull(emargements.slotId)))
    .limit(1);
  if (signed) throw conflict(message, "SLOTS_ALREADY_SIGNED");
  await tx.delete(attendanceSlots).where(scope.where(attendanceSlots, eq(attendanceSlots.sessionId, sessionId)));
  if (planned.length) await tx.insert(attendanceSlots).values(scope.valuesMany(attendanceSlots, planned.map((p) => ({ ...p, id: newId("slt"), sessionId }))));
}

/** The planned window of a session as the slot planner takes it (first start, minutes to the last end). */
function windowOf(session: LoadedSession["session"], timeZone: string) {
  const w = sessionWindow(session, timeZone);
  return { scheduledAt: w.start, durationMinutes: Math.round((w.end.getTime() - w.start.getTime()) / 60_000) };
}

async function findSlot(db: DbOrTx, caller: Caller, slotId: string): Promise<SlotRow> {
  const [slot] = await db.select().from(attendanceSlots).where(caller.scope.where(attendanceSlots, eq(attendanceSlots.id, slotId))).limit(1);
  if (!slot) throw notFound("Slot");
  return slot;
}

/** A slot takes signatures from its start until the session's signing closes (2 h after its planned end unless LIVE). */
export function assertSlotOpen(slot: SlotRow, loaded: LoadedSession, now: Date): void {
  const s = loaded.session;
  if (s.status === "CANCELLED") throw notOpen();
  if (now < slot.startsAt) throw badRequest("Slot has not started yet", undefined, "SLOT_NOT_STARTED");
  if (s.status !== "LIVE" && now > signingWindow(s, loaded.timeZone).closesAt) throw notOpen();
}

/**
 * POST /qualiopi/emargement/slots/{slotId}/sign: a drawn signature for one slot (canvas rules).
 * Enrolled learners sign, and the session's trainers countersign their slots; 422 when the
 * person already signed that slot.
 */
export async function signSlot(db: Db, caller: Caller, input: { slotId: string; signatureBase64: string; strokes?: Strokes }, now: Date): Promise<TEmargement> {
  const slot = await findSlot(db, caller, input.slotId);
  const signer = await resolveSigner(db, caller, slot.sessionId);
  assertSlotOpen(slot, signer.loaded, now);
  if (await hasSignature(db, caller.scope, { sessionId: slot.sessionId, userId: caller.userId, slotId: slot.id })) throw unprocessable("Slot already signed", undefined, "ALREADY_SIGNED");
  const id = newId("emg");
  const stored = prepareSignature(input, id);
  const row = await db.transaction((tx) =>
    appendRecord(
      tx,
      caller.scope,
      {
        sessionId: slot.sessionId,
        userId: caller.userId,
        enrollmentId: signer.enrollmentId,
        slotId: slot.id,
        method: "CANVAS",
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

export { findSlot };
