import { eq } from "drizzle-orm";
import type { TEmargement, TOverrideInput } from "../../contracts/attendance";
import { emargements } from "../../db/schema";
import type { Db } from "../../db";
import { conflict, notFound, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { writeAudit } from "../platform/audit";
import { loadSession } from "../sessions/access";
import { appendRecord } from "./chain";
import { roundRate } from "./lib/presence";
import { participantOf } from "./participants";
import { statusSlots } from "./roster";
import { toRecord } from "./serialize";
import { computeAttendance, supersededRecord, type SettableStatus } from "./status";
import type { Caller } from "../../auth/caller";

export type OverrideInput = TOverrideInput;

const MIN_REASON_LENGTH = 20;

type Fields = Record<string, string[]>;

/** The minutes a status implies over `target` minutes (status.ts: PRESENT all, LATE/LEFT_EARLY less the minutes, absences 0). */
function impliedMinutes(status: SettableStatus, target: number, late: number, leftEarly: number): number {
  if (status === "PRESENT") return target;
  if (status === "LATE") return Math.max(0, target - late);
  if (status === "LEFT_EARLY") return Math.max(0, target - leftEarly);
  return 0;
}

/** Cross-field rules of the body (422 with the field): status, minutes, slot. */
function checkBody(input: OverrideInput, target: number): { status: SettableStatus | null; minutes: number } {
  const errors: Fields = {};
  const { status, lateMinutes, leftEarlyMinutes, attendanceMinutes } = input;
  if (lateMinutes !== undefined && status !== "LATE") errors.lateMinutes = ["Only with status LATE"];
  if (leftEarlyMinutes !== undefined && status !== "LEFT_EARLY") errors.leftEarlyMinutes = ["Only with status LEFT_EARLY"];
  if (status === "LATE" && !lateMinutes) errors.lateMinutes = ["Required with status LATE (at least 1 minute)"];
  if (status === "LEFT_EARLY" && !leftEarlyMinutes) errors.leftEarlyMinutes = ["Required with status LEFT_EARLY (at least 1 minute)"];
  if ((lateMinutes ?? 0) > target) errors.lateMinutes = [`At most the corrected time's length (${target} minutes)`];
  if ((leftEarlyMinutes ?? 0) > target) errors.leftEarlyMinutes = [`At most the corrected time's length (${target} minutes)`];
  if (attendanceMinutes === undefined && !status) errors.attendanceMinutes = ["Required without status"];
  if (attendanceMinutes !== undefined && attendanceMinutes > target) errors.attendanceMinutes = [`At most the corrected time's length (${target} minutes)`];
  if (Object.keys(errors).length) throw unprocessable("Validation failed", errors);
  // The spec's body: the minutes attended, stored without a status (status.ts allocates them over the slots).
  if (!status) return { status: null, minutes: attendanceMinutes! };
  const minutes = impliedMinutes(status, target, lateMinutes ?? 0, leftEarlyMinutes ?? 0);
  if (attendanceMinutes !== undefined && attendanceMinutes !== minutes) {
    throw unprocessable("Validation failed", { attendanceMinutes: [`Must be ${minutes} for status ${status} (or left out)`] });
  }
  return { status, minutes };
}

/**
 * POST /emargement/override (ADMIN): a correction is a NEW record (records are never changed),
 * with its reason and an audit-log entry written in the same transaction; the record carries
 * the audit entry's id and the audit entry the record's id. It sets a status (any but NOT_YET)
 * for one slot or the whole session; without `status` the spec's body keeps its meaning: the
 * minutes the person attended (of the slot, or of the session, allocated over its slots in order
 * by status.ts), stored without a status. `correctsId` is the
 * record that gave the person's status for that slot (status.ts supersededRecord), which stays.
 * The person must be an enrolled learner or a trainer of the session (422 errors.userId); the
 * minutes cannot exceed the slot's length or the session's duration (422 errors.attendanceMinutes); a CANCELLED
 * session takes none (409); a slotId that is not one of the session's slots is 404.
 */
export async function overrideAttendance(db: Db, caller: Caller, input: OverrideInput, now: Date): Promise<TEmargement> {
  const reason = input.reason?.trim() ?? "";
  if (reason.length < MIN_REASON_LENGTH) {
    throw unprocessable("Validation failed", { reason: [`Reason must be at least ${MIN_REASON_LENGTH} characters`] });
  }
  const { session } = await loadSession(db, caller, input.sessionId);
  if (session.status === "CANCELLED") throw conflict("Attendance is not open for this session", "ATTENDANCE_NOT_OPEN");
  const slots = await statusSlots(db, caller.scope, session.id);
  const slot = input.slotId ? slots.find((s) => s.id === input.slotId) : undefined;
  if (input.slotId && !slot) throw notFound("Slot");
  const target = slot ? Math.round((slot.endsAt.getTime() - slot.startsAt.getTime()) / 60_000) : session.durationMinutes;
  const { status, minutes } = checkBody(input, target);
  const participant = await participantOf(db, caller.scope, session, input.userId);
  if (!participant) throw unprocessable("Validation failed", { userId: ["Not a registered learner or a trainer of the session"] });
  const id = newId("emg");
  const row = await db.transaction(async (tx) => {
    const mine = await tx
      .select()
      .from(emargements)
      .where(caller.scope.where(emargements, eq(emargements.sessionId, session.id), eq(emargements.userId, input.userId)));
    const [before] = computeAttendance({ session, slots, participants: [{ userId: input.userId }], records: mine.map((r) => ({ ...r, chainPosition: Number(r.chainPosition) })), now }).participants;
    const correctsId = supersededRecord(before!, input.slotId ?? null)?.id ?? null;
    const auditLogId = await writeAudit(tx, caller, {
      action: "emargement.override",
      targetType: "emargement",
      targetId: id,
      metadata: {
        sessionId: session.id,
        userId: input.userId,
        reason,
        attendanceMinutes: minutes,
        status,
        slotId: input.slotId ?? null,
        lateMinutes: input.lateMinutes ?? null,
        leftEarlyMinutes: input.leftEarlyMinutes ?? null,
        correctsId,
      },
    });
    return appendRecord(
      tx,
      caller.scope,
      {
        sessionId: session.id,
        userId: input.userId,
        enrollmentId: participant.enrollmentId,
        slotId: input.slotId ?? null,
        method: "OVERRIDE",
        signedAt: now,
        ip: caller.ip,
        userAgent: caller.userAgent,
        attendanceMinutes: minutes,
        attendanceRate: roundRate(minutes / session.durationMinutes),
        overrideBy: caller.userId,
        reason,
        auditLogId,
        status,
        lateMinutes: status === "LATE" ? input.lateMinutes! : null,
        leftEarlyMinutes: status === "LEFT_EARLY" ? input.leftEarlyMinutes! : null,
        correctsId,
      },
      { id },
    );
  });
  return toRecord(row);
}
