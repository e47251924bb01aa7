import { and, eq } from "drizzle-orm";
import type { RequestActor } from "../../auth/caller";
import type { DbOrTx } from "../../db";
import { courses, enrollments, payments, refunds, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { notFound } from "../../errors";
import { enrollLearner } from "../enrollments/enrollments";
import { fullName } from "../enrollments/serialize";
import { applyEnrollmentMove } from "../enrollments/states";
import { writeAudit } from "../platform/audit";
import { emitEvent } from "../platform/events";

/**
 * What a payment's state changes do, in the caller's transaction (the payment row locked first):
 *   PENDING (or FAILED, when the money arrives late) -> CAPTURED: the enrollment is created through
 *     the enrollment service (paymentMethod = the gateway; enrollment.created) and payment.completed emitted;
 *   PENDING -> FAILED: payment.failed;
 *   a refund PENDING -> COMPLETED: payment.refunded; when every cent is refunded the payment is
 *     REFUNDED and its enrollment revoked (enrollment.revoked).
 * Every change is audited. The same functions serve the admin operations and the gateway callbacks.
 */
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type PaymentActor = RequestActor & { scope: TenantScope };

export async function lockPayment(tx: DbOrTx, scope: TenantScope, id: string): Promise<PaymentRow> {
  const [row] = await tx.select().from(payments).where(scope.where(payments, eq(payments.id, id))).limit(1).for("update");
  if (!row) throw notFound("Payment");
  return row;
}

async function paymentRef(tx: DbOrTx, scope: TenantScope, p: PaymentRow) {
  const [row] = await tx
    .select({ courseTitle: courses.title, firstName: users.firstName, lastName: users.lastName })
    .from(courses)
    .innerJoin(users, eq(users.id, p.userId))
    .where(scope.where(courses, eq(courses.id, p.courseId)))
    .limit(1);
  return {
    paymentId: p.id,
    enrollmentId: p.enrollmentId,
    courseId: p.courseId,
    userId: p.userId,
    courseTitle: row?.courseTitle ?? "",
    userName: row ? fullName(row) : "",
    amount: p.amount,
    currency: p.currency,
    gateway: p.gateway,
    gatewayPaymentId: p.gatewayPaymentId,
  };
}

/** CAPTURED: enrollment (created, or the learner's existing one linked) and payment.completed. Already captured or refunded: nothing. */
export async function applyCapture(tx: DbOrTx, actor: PaymentActor, p: PaymentRow, now: Date, source: string): Promise<boolean> {
  if (p.status === "CAPTURED" || p.status === "REFUNDED") return false;
  const { scope } = actor;
  const [course] = await tx.select().from(courses).where(scope.where(courses, eq(courses.id, p.courseId))).limit(1);
  if (!course) throw notFound("Course");
  const [existing] = await tx
    .select({ id: enrollments.id, status: enrollments.status })
    .from(enrollments)
    .where(scope.where(enrollments, and(eq(enrollments.courseId, p.courseId), eq(enrollments.userId, p.userId))))
    .limit(1);
  let enrollmentId: string | null = null;
  if (existing && existing.status !== "CANCELLED") {
    // Enrolled meanwhile (or revoked, final): the money is taken all the same; the admin refunds if needed.
    enrollmentId = existing.status === "REVOKED" ? null : existing.id;
  } else {
    // The sale was made while the course was PUBLISHED: a course archived since then still honours it.
    const enrollment = await enrollLearner(tx, scope, { course: { ...course, status: "PUBLISHED" }, userId: p.userId, paymentMethod: p.gateway, enrolledBy: p.createdBy }, now);
    enrollmentId = enrollment.id;
  }
  const [updated] = await tx
    .update(payments)
    .set({ status: "CAPTURED", capturedAt: now, enrollmentId, updatedAt: now })
    .where(scope.where(payments, eq(payments.id, p.id)))
    .returning();
  await emitEvent(tx, scope, "payment.completed", { ...(await paymentRef(tx, scope, updated!)), capturedAt: now.toISOString() });
  await writeAudit(tx, actor, { action: "payment.captured", targetType: "payment", targetId: p.id, metadata: { amount: p.amount, currency: p.currency, gateway: p.gateway, enrollmentId, source, previousStatus: p.status } });
  return true;
}

/** FAILED (failed, cancelled or expired at the gateway): payment.failed. Only a PENDING payment fails. */
export async function applyFailure(tx: DbOrTx, actor: PaymentActor, p: PaymentRow, reason: string, now: Date, source: string): Promise<boolean> {
  if (p.status !== "PENDING") return false;
  const { scope } = actor;
  const [updated] = await tx
    .update(payments)
    .set({ status: "FAILED", failedAt: now, failureReason: reason, updatedAt: now })
    .where(scope.where(payments, eq(payments.id, p.id)))
    .returning();
  await emitEvent(tx, scope, "payment.failed", { ...(await paymentRef(tx, scope, updated!)), failureReason: reason, failedAt: now.toISOString() });
  await writeAudit(tx, actor, { action: "payment.failed", targetType: "payment", targetId: p.id, metadata: { reason, gateway: p.gateway, source } });
  return true;
}

/** A refund the gateway confirmed: COMPLETED, payment.refunded; the last cent makes the payment REFUNDED and revokes its enrollment. */
export async function applyRefundCompleted(tx: DbOrTx, actor: PaymentActor, p: PaymentRow, r: RefundRow, now: Date, source: string): Promise<boolean> {
  if (r.status === "COMPLETED") return false;
  const { scope } = actor;
  await tx.update(refunds).set({ status: "COMPLETED", completedAt: now }).where(scope.where(refunds, eq(refunds.id, r.id)));
  const refundedCents = p.refundedCents + r.amount;
  const full = refundedCents >= p.amount;
  const [updated] = await tx
    .update(payments)
    .set({ refundedCents, ...(full ? { status: "REFUNDED" as const } : {}), updatedAt: now })
    .where(scope.where(payments, eq(payments.id, p.id)))
    .returning();
  if (full && p.enrollmentId) {
    const [e] = await tx.select({ status: enrollments.status }).from(enrollments).where(scope.where(enrollments, eq(enrollments.id, p.enrollmentId))).limit(1);
    if (e && (e.status === "ACTIVE" || e.status === "COMPLETED" || e.status === "SUSPENDED")) {
      await applyEnrollmentMove(tx, actor, p.enrollmentId, "revoke", `Payment ${p.id} refunded`, now, { by: null });
    }
  }
  await emitEvent(tx, scope, "payment.refunded", {
    ...(await paymentRef(tx, scope, updated!)),
    refundId: r.id,
    refundedAmount: r.amount,
    totalRefundedAmount: refundedCents,
    full,
    refundedAt: now.toISOString(),
  });
  await writeAudit(tx, actor, { action: "payment.refund_completed", targetType: "payment", targetId: p.id, metadata: { refundId: r.id, amount: r.amount, totalRefunded: refundedCents, full, source } });
  return true;
}
