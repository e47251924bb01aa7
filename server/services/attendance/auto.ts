import { and, eq, sql } from "drizzle-orm";
import type { TEmargement } from "../../contracts/attendance";
import type { Db } from "../../db";
import { emargements } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { badRequest, conflict, unauthorized, unprocessable } from "../../errors";
import { env } from "../../env";
import { appendRecord } from "./chain";
import { autoSignaturePayload, verifyAuto } from "./lib/hmac";
import { computePresence } from "./lib/presence";
import { toRecord } from "./serialize";
import { participantOf, sessionOfTenant } from "./participants";

export type AutoInput = {
  sessionId: string;
  userId: string;
  joinedAt: string;
  leftAt: string;
  connectionDurationSeconds: number;
  mediaParticipantSid: string;
  hmacSignature: string;
};

/**
 * POST /emargement/auto, called by the media server (conventions §7). The HMAC is checked first,
 * in constant time, before anything is looked up. Each call is one connection segment of a
 * participant; attendanceMinutes and attendanceRate are computed over ALL the participant's
 * segments (overlaps merged, clipped to the planned session) against the session duration, so
 * the answer is cumulative. A repeated delivery of the same segment (same participant sid and
 * times) answers the record already written instead of counting it twice.
 */
export async function recordAutoAttendance(db: Db, scope: TenantScope, input: AutoInput, now: Date): Promise<TEmargement> {
  if (!verifyAuto(autoSignaturePayload(input), input.hmacSignature, env().MEDIA_HMAC_SECRET)) throw unauthorized("Invalid HMAC signature", "INVALID_HMAC_SIGNATURE");
  const joinedAt = new Date(input.joinedAt);
  const leftAt = new Date(input.leftAt);
  if (leftAt < joinedAt) throw badRequest("Validation failed", { leftAt: ["Must not be before joinedAt"] });

  const session = await sessionOfTenant(db, scope, input.sessionId);
  if (session.status === "CANCELLED") throw conflict("Attendance is not open for this session", "ATTENDANCE_NOT_OPEN");
  const participant = await participantOf(db, scope, session, input.userId);
  if (!participant) throw unprocessable("User is not a participant of this session", { userId: ["Not a registered learner or a trainer of the session"] }, "NOT_A_PARTICIPANT");

  const row = await db.transaction(async (tx) => {
    const mine = and(eq(emargements.sessionId, session.id), eq(emargements.userId, input.userId), eq(emargements.method, "AUTO"));
    const segments = await tx
      .select({ id: emargements.id, joinedAt: emargements.joinedAt, leftAt: emargements.leftAt, sid: emargements.mediaParticipantSid })
      .from(emargements)
      .where(scope.where(emargements, mine, sql`${emargements.joinedAt} is not null`));
    const replay = segments.find(
      (s) => s.sid === input.mediaParticipantSid && s.joinedAt?.getTime() === joinedAt.getTime() && s.leftAt?.getTime() === leftAt.getTime(),
    );
    if (replay) {
      const [existing] = await tx.select().from(emargements).where(scope.where(emargements, eq(emargements.id, replay.id)));
      return existing!;
    }
    const presence = computePresence(session, [...segments.map((s) => ({ joinedAt: s.joinedAt!, leftAt: s.leftAt })), { joinedAt, leftAt }], now);
    return appendRecord(tx, scope, {
      sessionId: session.id,
      userId: input.userId,
      enrollmentId: participant.enrollmentId,
      method: "AUTO",
      signedAt: now,
      joinedAt,
      leftAt,
      mediaParticipantSid: input.mediaParticipantSid,
      attendanceMinutes: presence.attendanceMinutes,
      attendanceRate: presence.attendanceRate,
    });
  });
  return toRecord(row);
}
