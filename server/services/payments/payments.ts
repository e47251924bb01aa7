import { asc, count, desc, eq, sql } from "drizzle-orm";
import { sameTenant } from "../../db/tenant-scope";
import type { Caller } from "../../auth/caller";
import type { TCheckoutInput, TCheckoutStatus, TCreateIntentInput, TListPaymentsInput, TPayment, TPaymentDetail, TRefundInput } from "../../contracts/payments";
import type { Db, DbOrTx } from "../../db";
import { courses, enrollments, payments, refunds, tenants, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { conflict, DomainError, notFound, unprocessable } from "../../errors";
import { env } from "../../env";
import { newId } from "../../lib/ids";
import { tenantUrl } from "../../lib/urls";
import { findLearner } from "../enrollments/enrollments";
import { fullName } from "../enrollments/serialize";
import { writeAudit } from "../platform/audit";
import { countOf, paginate, perPagePage } from "../platform/pagination";
import { applyCapture, applyFailure, applyRefundCompleted, lockPayment, type PaymentRow, type RefundRow } from "./effects";
import { adapterOfPayment, gatewayAdapter, isLive, isSandboxPayment, type GatewayName } from "./gateways";
import { platformFee } from "./gateways/types";

/**
 * Payments (spec: Payments table, ADMIN; conventions §9). A payment is opened PENDING with the
 * course's price, then the gateway's checkout is created (its id, redirect URL and expiry stored);
 * the gateway's callback — or an admin's capture — moves it on (effects.ts).
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const listColumns = {
  payment: payments,
  courseTitle: courses.title,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};
type ListRow = { payment: PaymentRow; courseTitle: string; firstName: string; lastName: string; email: string };

function toPayment(r: ListRow): TPayment {
  const p = r.payment;
  return {
    id: p.id,
    courseId: p.courseId,
    courseTitle: r.courseTitle,
    userId: p.userId,
    userName: fullName(r),
    userEmail: r.email,
    amount: p.amount,
    currency: p.currency,
    gateway: p.gateway,
    mode: p.gatewayPaymentId ? (isSandboxPayment(p) ? "SANDBOX" : "LIVE") : p.gateway !== "FREE" && isLive(p.gateway) ? "LIVE" : "SANDBOX",
    status: p.status,
    gatewayPaymentId: p.gatewayPaymentId,
    platformFeeCents: p.platformFeeCents,
    refundedCents: p.refundedCents,
    enrollmentId: p.enrollmentId,
    expiresAt: iso(p.expiresAt),
    capturedAt: iso(p.capturedAt),
    failedAt: iso(p.failedAt),
    failureReason: p.failureReason,
    createdBy: p.createdBy,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

function selectPayments(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(payments)
    .innerJoin(courses, sameTenant(courses, payments, courses.id, payments.courseId))
    .innerJoin(users, eq(users.id, payments.userId))
    .$dynamic();
}

/** GET /payments: newest first (walks payments_tenant_created_idx), by status and gateway. */
export async function listPayments(db: Db, caller: Caller, q: TListPaymentsInput) {
  const where = caller.scope.where(payments, q.status ? eq(payments.status, q.status) : undefined, q.gateway ? eq(payments.gateway, q.gateway) : undefined);
  return paginate(perPagePage(q), {
    rows: (limit, offset) =>
      db
        .select(listColumns)
        .from(payments)
        .innerJoin(courses, sameTenant(courses, payments, courses.id, payments.courseId))
        .innerJoin(users, eq(users.id, payments.userId))
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit)
        .offset(offset),
    total: () => countOf(db.select({ n: count() }).from(payments).where(where)),
    map: (rows) => rows.map(toPayment),
  });
}

function toRefund(r: RefundRow) {
  return { id: r.id, amount: r.amount, status: r.status, gatewayRefundId: r.gatewayRefundId, createdBy: r.createdBy, createdAt: r.createdAt.toISOString(), completedAt: iso(r.completedAt) };
}

async function paymentDetail(db: DbOrTx, scope: TenantScope, id: string): Promise<TPaymentDetail> {
  const [row] = await selectPayments(db).where(scope.where(payments, eq(payments.id, id))).limit(1);
  if (!row) throw notFound("Payment");
  const rs = await db.select().from(refunds).where(scope.where(refunds, eq(refunds.paymentId, id))).orderBy(asc(refunds.createdAt), asc(refunds.id));
  const reserved = rs.reduce((s, r) => s + r.amount, 0);
  return { ...toPayment(row), refunds: rs.map(toRefund), refundableCents: row.payment.status === "CAPTURED" ? Math.max(0, row.payment.amount - reserved) : 0 };
}

/** GET /payments/{id}. */
export const getPayment = (db: Db, caller: Caller, id: string) => paymentDetail(db, caller.scope, id);

// ---------------------------------------------------------------- opening a payment

type Opening = { courseId: string; userId: string; gateway: GatewayName; successUrl: (paymentId: string) => string; cancelUrl: (paymentId: string) => string };

/**
 * The checks of an intent: the course is the tenant's (404), paid (FREE: 422 COURSE_FREE — free
 * courses are enrolled with POST /enrollments), PUBLISHED (422); the learner known to the tenant
 * (404) and not enrolled yet (409 ALREADY_ENROLLED; REVOKED is final: 409 ENROLLMENT_REVOKED).
 */
async function checkOpening(db: DbOrTx, scope: TenantScope, o: Pick<Opening, "courseId" | "userId">) {
  const [course] = await db.select().from(courses).where(scope.where(courses, eq(courses.id, o.courseId))).limit(1);
  if (!course) throw notFound("Course");
  if (course.price <= 0) throw unprocessable("The course is free: enroll the learner without a payment", { courseId: ["Free course: no payment"] }, "COURSE_FREE");
  if (course.status !== "PUBLISHED") throw unprocessable("Course is not published", { courseId: ["Only a PUBLISHED course can be bought"] }, "COURSE_NOT_PUBLISHED");
  const learner = await findLearner(db, scope, o.userId);
  const [existing] = await db
    .select({ status: enrollments.status })
    .from(enrollments)
    .where(scope.where(enrollments, eq(enrollments.courseId, course.id), eq(enrollments.userId, learner.id)))
    .limit(1);
  if (existing?.status === "REVOKED") throw conflict("The learner's enrollment in this course was revoked: revocation is final", "ENROLLMENT_REVOKED");
  if (existing && existing.status !== "CANCELLED") throw conflict("User is already enrolled in this course", "ALREADY_ENROLLED");
  return { course, learner };
}

/** The tenant's account at each gateway (tenant integrations): where its share goes. */
async function destinationOf(db: DbOrTx, tenantId: string, gateway: GatewayName): Promise<string | null> {
  const [t] = await db.select({ integrations: tenants.integrations }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  const v = (t?.integrations ?? {})[gateway === "PSP_A_ISV" ? "stripeAccountId" : "mollieOrganizationId"];
  return typeof v === "string" && v.trim() ? v.trim() : null;
}

async function openPayment(db: Db, caller: Caller, o: Opening, now: Date) {
  const { scope } = caller;
  const { course } = await checkOpening(db, scope, o);
  const id = newId("pay");
  const adapter = gatewayAdapter(o.gateway);
  const fee = platformFee(course.price, env().PLATFORM_FEE_PERCENT);
  const successUrl = o.successUrl(id);
  const cancelUrl = o.cancelUrl(id);
  await db.transaction(async (tx) => {
    await tx.insert(payments).values(
      scope.values(payments, {
        id,
        courseId: course.id,
        userId: o.userId,
        amount: course.price,
        currency: course.currency,
        gateway: o.gateway,
        status: "PENDING" as const,
        platformFeeCents: fee,
        successUrl,
        cancelUrl,
        createdBy: caller.userId,
        createdAt: now,
        updatedAt: now,
      }),
    );
    await writeAudit(tx, caller, { action: "payment.intent_created", targetType: "payment", targetId: id, metadata: { courseId: course.id, userId: o.userId, amount: course.price, currency: course.currency, gateway: o.gateway, mode: adapter.mode, platformFeeCents: fee } });
  });
  let checkout;
  try {
    checkout = await adapter.createCheckout({
      paymentId: id,
      tenantId: scope.tenantId,
      tenantSlug: caller.tenant.slug,
      amount: course.price,
      currency: course.currency,
      description: course.title,
      platformFeeCents: fee,
      destination: adapter.mode === "LIVE" ? await destinationOf(db, scope.tenantId, o.gateway) : null,
      successUrl,
      cancelUrl,
      webhookUrl: new URL(`/api/v1/payments/webhooks/${o.gateway}`, env().APP_URL).toString(),
      idempotencyKey: `${id}:checkout`,
      now,
    });
  } catch (error) {
    await db.transaction(async (tx) => applyFailure(tx, caller, await lockPayment(tx, scope, id), "GATEWAY_ERROR", now, "intent"));
    throw error instanceof DomainError ? error : new DomainError("UNAVAILABLE", "The payment gateway failed", { reason: "PAYMENT_GATEWAY_ERROR" });
  }
  await db
    .update(payments)
    .set({ gatewayPaymentId: checkout.gatewayPaymentId, expiresAt: checkout.expiresAt, updatedAt: now })
    .where(scope.where(payments, eq(payments.id, id)));
  return { paymentId: id, redirectUrl: checkout.redirectUrl, expiresAt: checkout.expiresAt.toISOString() };
}

/** POST /payments/intent (ADMIN): a payment for any learner of the tenant, returning where to send them. */
export function createIntent(db: Db, caller: Caller, input: TCreateIntentInput, now: Date) {
  return openPayment(db, caller, { courseId: input.courseId, userId: input.userId, gateway: input.gateway, successUrl: () => input.successUrl, cancelUrl: () => input.cancelUrl }, now);
}

/** POST /payments/checkout: the signed-in learner pays for themself; back to the app's success or cancel page. */
export function createCheckout(db: Db, caller: Caller, input: TCheckoutInput, now: Date) {
  const slug = caller.tenant.slug;
  return openPayment(
    db,
    caller,
    {
      courseId: input.courseId,
      userId: caller.userId,
      gateway: input.gateway,
      successUrl: (id) => tenantUrl(slug, `/pay/success?payment=${id}`),
      cancelUrl: (id) => tenantUrl(slug, `/pay/cancel?payment=${id}`),
    },
    now,
  );
}

/** GET /payments/checkout/{id}: the payer's own payment (anyone else: 404). */
export async function getCheckoutStatus(db: Db, caller: Caller, id: string): Promise<TCheckoutStatus> {
  const [row] = await db
    .select({ p: payments, slug: courses.slug, title: courses.title })
    .from(payments)
    .innerJoin(courses, sameTenant(courses, payments, courses.id, payments.courseId))
    .where(caller.scope.where(payments, eq(payments.id, id), eq(payments.userId, caller.userId)))
    .limit(1);
  if (!row) throw notFound("Payment");
  const p = row.p;
  return { id: p.id, status: p.status, amount: p.amount, currency: p.currency, gateway: p.gateway, courseId: p.courseId, courseSlug: row.slug, courseTitle: row.title, enrollmentId: p.enrollmentId, failureReason: p.failureReason };
}

// ---------------------------------------------------------------- capture and refunds

/**
 * POST /payments/{id}/capture (ADMIN): asks the gateway where the payment stands; an authorised
 * payment is captured there (idempotency key `{id}:capture`). Paid: CAPTURED with its effects.
 * The gateway says failed or expired: FAILED (payment.failed) and 409 PAYMENT_NOT_PAID; still
 * open: 409 PAYMENT_NOT_PAID. Sandbox payments: the admin's capture confirms the payment.
 */
export async function capturePayment(db: Db, caller: Caller, id: string, now: Date): Promise<TPaymentDetail> {
  const { scope } = caller;
  const [p] = await db.select().from(payments).where(scope.where(payments, eq(payments.id, id))).limit(1);
  if (!p) throw notFound("Payment");
  if (p.status === "CAPTURED") throw conflict("The payment is already captured", "PAYMENT_ALREADY_CAPTURED");
  if (p.status === "REFUNDED") throw conflict("The payment is already refunded", "PAYMENT_ALREADY_REFUNDED");
  if (p.status !== "PENDING" || !p.gatewayPaymentId) throw conflict("The payment is no longer pending", "PAYMENT_NOT_PENDING");
  const state = await adapterOfPayment(p).capture({ gatewayPaymentId: p.gatewayPaymentId, amount: p.amount, currency: p.currency, idempotencyKey: `${p.id}:capture` });
  if (state.state === "PENDING") throw conflict("The gateway has not received the payment yet", "PAYMENT_NOT_PAID");
  await db.transaction(async (tx) => {
    const locked = await lockPayment(tx, scope, id);
    if (state.state === "PAID") await applyCapture(tx, caller, locked, now, "admin");
    else await applyFailure(tx, caller, locked, state.failure ?? "FAILED", now, "admin");
  });
  if (state.state === "FAILED") throw conflict(`The gateway reports the payment ${state.failure ?? "FAILED"}`, "PAYMENT_NOT_PAID");
  return paymentDetail(db, scope, id);
}

/**
 * POST /payments/{id}/refund (ADMIN): `amount` cents, or everything left. A refunds row PENDING
 * is written first, then the gateway is asked (idempotency key = the refund id); a gateway that
 * confirms at once (the sandbox; a card refund that succeeded) completes it in the same request,
 * otherwise its callback does. 409 unless CAPTURED; 422 errors.amount above what remains
 * (amount minus every refund, PENDING included).
 */
export async function refundPayment(db: Db, caller: Caller, input: TRefundInput, now: Date) {
  const { scope } = caller;
  const refundId = newId("ref");
  const { payment, amount } = await db.transaction(async (tx) => {
    const p = await lockPayment(tx, scope, input.id);
    if (p.status === "REFUNDED") throw conflict("The payment is already entirely refunded", "PAYMENT_ALREADY_REFUNDED");
    if (p.status !== "CAPTURED") throw conflict("Only a CAPTURED payment can be refunded", "PAYMENT_NOT_CAPTURED");
    const [sum] = await tx
      .select({ n: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(scope.where(refunds, eq(refunds.paymentId, p.id)));
    const remaining = p.amount - Number(sum?.n ?? 0);
    const amount = input.amount ?? remaining;
    if (amount <= 0 || amount > remaining) {
      throw unprocessable("The refund is larger than what remains to refund", { amount: [`At most ${remaining} cents remain to refund`] }, "REFUND_EXCEEDS_REMAINING");
    }
    await tx.insert(refunds).values(scope.values(refunds, { id: refundId, paymentId: p.id, amount, status: "PENDING" as const, createdBy: caller.userId, createdAt: now }));
    await writeAudit(tx, caller, { action: "payment.refund_requested", targetType: "payment", targetId: p.id, metadata: { refundId, amount, remainingBefore: remaining, full: amount === remaining } });
    return { payment: p, amount };
  });
  let result;
  try {
    result = await adapterOfPayment(payment).refund({ gatewayPaymentId: payment.gatewayPaymentId!, amount, currency: payment.currency, idempotencyKey: refundId, refundId });
  } catch (error) {
    // Nothing was refunded: the pending row goes, so the amount is refundable again.
    await db.transaction(async (tx) => {
      await tx.delete(refunds).where(scope.where(refunds, eq(refunds.id, refundId)));
      await writeAudit(tx, caller, { action: "payment.refund_failed", targetType: "payment", targetId: payment.id, metadata: { refundId, amount, error: String(error).slice(0, 300) } });
    });
    throw error;
  }
  return db.transaction(async (tx) => {
    const p = await lockPayment(tx, scope, payment.id);
    const [r] = await tx.update(refunds).set({ gatewayRefundId: result.gatewayRefundId }).where(scope.where(refunds, eq(refunds.id, refundId))).returning();
    if (result.status === "COMPLETED" && r) {
      await applyRefundCompleted(tx, caller, p, r, now, "gateway-response");
      return { id: refundId, status: "COMPLETED" as const };
    }
    return { id: refundId, status: r?.status ?? ("PENDING" as const) };
  });
}

