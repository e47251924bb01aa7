import type { TEmargement } from "../../contracts/attendance";
import type { Db } from "../../db";
import { conflict, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { writeAudit } from "../platform/audit";
import { loadSession } from "../sessions/access";
import { appendRecord } from "./chain";
import { roundRate } from "./lib/presence";
import { participantOf } from "./participants";
import { toRecord } from "./serialize";
import type { Caller } from "../../auth/caller";

export type OverrideInput = { sessionId: string; userId: string; reason?: string; attendanceMinutes: number };

export const MIN_REASON_LENGTH = 20;

/**
 * POST /emargement/override (ADMIN): a correction is a NEW record (records are never changed),
 * with its reason and an audit-log entry written in the same transaction; the record carries
 * the audit entry's id and the audit entry the record's id. The person must be an enrolled
 * learner or a trainer of the session (422 errors.userId); the minutes cannot exceed the
 * session's duration (422 errors.attendanceMinutes); a CANCELLED session takes none (409).
 */
export async function overrideAttendance(db: Db, caller: Caller, input: OverrideInput, now: Date): Promise<TEmargement> {
  const reason = input.reason?.trim() ?? "";
  if (reason.length < MIN_REASON_LENGTH) {
    throw unprocessable("Validation failed", { reason: [`Reason must be at least ${MIN_REASON_LENGTH} characters`] });
  }
  const { session } = await loadSession(db, caller, input.sessionId);
  if (session.status === "CANCELLED") throw conflict("Attendance is not open for this session", "ATTENDANCE_NOT_OPEN");
  if (input.attendanceMinutes > session.durationMinutes) {
    throw unprocessable("Validation failed", { attendanceMinutes: [`At most the session's duration (${session.durationMinutes} minutes)`] });
  }
  const participant = await participantOf(db, caller.scope, session, input.userId);
  if (!participant) throw unprocessable("Validation failed", { userId: ["Not an enrolled learner or trainer of the session"] });
  const id = newId("emg");
  const row = await db.transaction(async (tx) => {
    const auditLogId = await writeAudit(
      tx,
      caller,
      {
        action: "emargement.override",
        targetType: "emargement",
        targetId: id,
        metadata: { sessionId: session.id, userId: input.userId, reason, attendanceMinutes: input.attendanceMinutes },
      },
    );
    return appendRecord(
      tx,
      caller.scope,
      {
        sessionId: session.id,
        userId: input.userId,
        enrollmentId: participant.enrollmentId,
        method: "OVERRIDE",
        signedAt: now,
        ip: caller.ip,
        userAgent: caller.userAgent,
        attendanceMinutes: input.attendanceMinutes,
        attendanceRate: roundRate(input.attendanceMinutes / session.durationMinutes),
        overrideBy: caller.userId,
        reason,
        auditLogId,
      },
      { id },
    );
  });
  return toRecord(row);
}
