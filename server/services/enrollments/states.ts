import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { courses, enrollments, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { TEnrollment } from "../../contracts/enrollments";
import { conflict } from "../../errors";
import { logActivity } from "../activity/log";
import { writeAudit } from "../platform/audit";
import { emitEvent } from "../platform/events";
import { lockEnrollment } from "./access";
import { fullName, serializeEnrollment, type EnrollmentRow } from "./serialize";
import type { Caller, RequestActor } from "../../auth/caller";

type Status = EnrollmentRow["status"];
export type EnrollmentMove = "suspend" | "reactivate" | "revoke";

/**
 * The ADMIN moves of the Enrollment state table that the spec names through their events:
 *   ACTIVE -> SUSPENDED (suspend, event enrollment.suspended)
 *   SUSPENDED -> ACTIVE (reactivate, no event: the spec's list has none, and a receiver that
 *     must know reads the enrollment; the audit log records it)
 *   ACTIVE, COMPLETED or SUSPENDED -> REVOKED (revoke, event enrollment.revoked; final)
 * Any other move answers 409 ENROLLMENT_TRANSITION_INVALID. Each move is audited and logged in
 * the enrollment's activity, in the transaction of the change (the row is locked first).
 */
const FROM: Record<EnrollmentMove, Status[]> = {
  suspend: ["ACTIVE"],
  reactivate: ["SUSPENDED"],
  revoke: ["ACTIVE", "COMPLETED", "SUSPENDED"],
};

function invalidMove(move: EnrollmentMove, status: Status) {
  const final = status === "REVOKED" ? ": revocation is final" : "";
  const allowed = FROM[move].join(", ");
  return conflict(`A ${status} enrollment cannot be ${move === "suspend" ? "suspended" : move === "reactivate" ? "reactivated" : "revoked"} (only from ${allowed})${final}`, "ENROLLMENT_TRANSITION_INVALID");
}

async function names(tx: DbOrTx, scope: TenantScope, e: EnrollmentRow) {
  const [row] = await tx
    .select({ courseTitle: courses.title, firstName: users.firstName, lastName: users.lastName })
    .from(courses)
    .innerJoin(users, eq(users.id, e.userId))
    .where(scope.where(courses, eq(courses.id, e.courseId)))
    .limit(1);
  return { courseTitle: row!.courseTitle, userName: fullName(row!) };
}

const normalize = (reason: string | undefined): string | null => {
  const r = reason?.trim();
  return r ? r : null;
};

export async function moveEnrollment(db: Db, caller: Caller, id: string, move: EnrollmentMove, reason: string | undefined, now: Date): Promise<TEnrollment> {
  return db.transaction(async (tx) => applyEnrollmentMove(tx, caller, id, move, reason, now));
}

/**
 * One move in the caller's transaction: the admin operations above, and the payments flow (a full
 * refund revokes the enrollment the payment created). `actor.userId` is the event's `by` (null
 * for the payments flow, as the event's schema says) and the audit row's actor.
 */
export async function applyEnrollmentMove(
  tx: DbOrTx,
  actor: RequestActor & { scope: TenantScope },
  id: string,
  move: EnrollmentMove,
  reason: string | undefined,
  now: Date,
  opts: { by?: string | null } = {},
): Promise<TEnrollment> {
  const { scope } = actor;
  const by = opts.by === undefined ? actor.userId : opts.by;
  const current = await lockEnrollment(tx, scope, id);
  if (!FROM[move].includes(current.status)) throw invalidMove(move, current.status);
  const why = normalize(reason);
  const changes =
    move === "suspend"
      ? { status: "SUSPENDED" as const, suspendedAt: now, statusReason: why }
      : move === "reactivate"
        ? { status: "ACTIVE" as const, suspendedAt: null, statusReason: null }
        : { status: "REVOKED" as const, revokedAt: now, statusReason: why };
  const [row] = await tx
    .update(enrollments)
    .set({ ...changes, updatedAt: now })
    .where(scope.where(enrollments, eq(enrollments.id, current.id)))
    .returning();
  const updated = row!;
  const ref = { enrollmentId: updated.id, courseId: updated.courseId, userId: updated.userId, ...(await names(tx, scope, updated)) };
  if (move === "suspend") {
    await emitEvent(tx, scope, "enrollment.suspended", { ...ref, reason: why, suspendedAt: now.toISOString(), by: by ?? "" });
  } else if (move === "revoke") {
    await emitEvent(tx, scope, "enrollment.revoked", {
      ...ref,
      previousStatus: current.status as "ACTIVE" | "COMPLETED" | "SUSPENDED",
      reason: why ?? "",
      revokedAt: now.toISOString(),
      by,
    });
  }
  const action = move === "suspend" ? "enrollment.suspended" : move === "reactivate" ? "enrollment.reactivated" : "enrollment.revoked";
  await writeAudit(tx, actor, { action, targetType: "enrollment", targetId: updated.id, metadata: { from: current.status, to: updated.status, reason: why, courseId: updated.courseId, userId: updated.userId } });
  await logActivity(tx, scope, { userId: updated.userId, action, courseId: updated.courseId, enrollmentId: updated.id, metadata: { previousStatus: current.status, by, reason: why } }, now);
  return serializeEnrollment(updated);
}
