import {
  ZCheckoutInput,
  ZCheckoutStatusOutput,
  ZCreateIntentInput,
  ZIntentOutput,
  ZListPaymentsInput,
  ZListPaymentsOutput,
  ZPaymentIdInput,
  ZPaymentOutput,
  ZRefundInput,
  ZRefundOutput,
  ZSandboxCheckoutOutput,
  ZSandboxInput,
  ZSandboxResultOutput,
} from "../../contracts/payments";
import { one } from "../../contracts/envelope";
import { capturePayment, createCheckout, createIntent, getCheckoutStatus, getPayment, listPayments, refundPayment } from "../../services/payments/payments";
import { getSandboxCheckout, sandboxAct } from "../../services/payments/sandbox";
import { can, publicTenantProcedure, router, tenantProcedure } from "../trpc";

const tags = ["Payments"];
const admin = { 401: "Unauthorized", 403: "Not ADMIN (payments.manage)" };
const notFound = { 404: "Payment not found (or another tenant's)" };

const LIFECYCLE =
  "States: PENDING -(gateway callback: paid, or POST /payments/{id}/capture)-> CAPTURED (enrollment created with paymentMethod = the gateway, events enrollment.created and payment.completed) ; " +
  "PENDING -(callback: failed, cancelled or expired)-> FAILED (payment.failed) ; CAPTURED -(refunds completing the whole amount)-> REFUNDED (payment.refunded, the enrollment revoked: enrollment.revoked). " +
  "A partial refund keeps the payment CAPTURED (payment.refunded with full=false). Refund rows: PENDING -> COMPLETED when the gateway confirms (the sandbox at once). " +
  "Gateways (conventions §9): PSP_A_ISV (Connect destination charge: application_fee_amount = the platform's share, transfer_data.destination = the tenant's integrations.stripeAccountId) " +
  "and PSP_B (its own split: routing of amount minus the platform's share to the tenant's integrations.mollieOrganizationId). The platform's share is PLATFORM_FEE_PERCENT " +
  "(default 5) percent of the amount, rounded to the nearest cent (platformFeeCents). A gateway without keys runs in sandbox mode: the checkout is the app's /pay/sandbox/{paymentId} page " +
  "(PAYMENT_SANDBOX=auto, the default: except in production when the other gateway is live, where the keyless gateway answers 422 PAYMENT_GATEWAY_NOT_CONFIGURED; on/off force it). " +
  "Every money action is in the audit log (payment.intent_created, payment.captured, payment.failed, payment.refund_requested, payment.refund_completed).";

const INTENT_CHECKS =
  "Checks: the course is the tenant's (404 COURSE_NOT_FOUND) and paid — a FREE course (price 0) never uses this flow: 422 COURSE_FREE with errors.courseId (enroll with POST /enrollments, paymentMethod FREE) — " +
  "and PUBLISHED (422 COURSE_NOT_PUBLISHED); the learner is known to the tenant (404 USER_NOT_FOUND) and not enrolled in the course yet (409 ALREADY_ENROLLED; a REVOKED enrollment is final: 409 ENROLLMENT_REVOKED). " +
  "The amount and currency are the course's price. The gateway's checkout is created with the idempotency key `{paymentId}:checkout`; a gateway failure leaves the payment FAILED (reason GATEWAY_ERROR, payment.failed) and answers 503 PAYMENT_GATEWAY_ERROR.";

export const paymentsRouter = router({
  intent: can("payments.manage")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/payments/intent",
        tags,
        summary: "Open a payment for a learner (intent)",
        description:
          "ADMIN. Opens a PENDING payment of the course's price for `userId` through `gateway` (PSP_A_ISV by default, or PSP_B) and answers where to send the payer: redirectUrl (the gateway's hosted checkout), " +
          "which after payment redirects to successUrl, or to cancelUrl when the payer cancels. " +
          INTENT_CHECKS +
          " " +
          LIFECYCLE,
        errorResponses: { 400: "Unknown field", ...admin, 404: "Course or user not found", 409: "Already enrolled, or enrollment revoked", 422: "Free or unpublished course (errors.courseId), or gateway not configured", 503: "Gateway failure" },
      },
    })
    .input(ZCreateIntentInput)
    .output(ZIntentOutput)
    .mutation(async ({ ctx, input }) => one(await createIntent(ctx.db, ctx.caller, input, ctx.clock.now()))),

  checkout: tenantProcedure
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/payments/checkout",
        tags,
        summary: "Pay for a course myself (learner checkout)",
        description:
          "Any signed-in member of the tenant (a learner in practice) opens a payment for THEMSELF — the ADMIN-only POST /payments/intent pays for anyone; this is its self-service form, used by the catalogue's " +
          "\"Payer et s'inscrire\" button. Same checks and answer as the intent; successUrl and cancelUrl are the app's /pay/success?payment={id} and /pay/cancel?payment={id} pages of the tenant. " +
          INTENT_CHECKS,
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "Not a member", 404: "Course not found", 409: "Already enrolled, or enrollment revoked", 422: "Free or unpublished course", 503: "Gateway failure" },
      },
    })
    .input(ZCheckoutInput)
    .output(ZIntentOutput)
    .mutation(async ({ ctx, input }) => one(await createCheckout(ctx.db, ctx.caller, input, ctx.clock.now()))),

  checkoutStatus: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/payments/checkout/{id}",
        tags,
        summary: "My payment's status (checkout success page)",
        description:
          "The payer's own payment: status, course and, once CAPTURED, the enrollment. The success page polls it until the gateway's callback has captured the payment. Anyone else's payment: 404.",
        errorResponses: { 401: "Unauthorized", 403: "Not a member", ...notFound },
      },
    })
    .input(ZPaymentIdInput)
    .output(ZCheckoutStatusOutput)
    .query(async ({ ctx, input }) => one(await getCheckoutStatus(ctx.db, ctx.caller, input.id))),

  sandboxGet: publicTenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/payments/sandbox/{id}",
        tags,
        protect: false,
        summary: "Sandbox checkout: the payment to pay",
        description:
          "Sandbox mode only (a gateway without keys). The app's /pay/sandbox/{id}?token=… page reads the payment here; `token` (from the intent's redirectUrl, an HMAC of the payment id) authorises it " +
          "like a gateway's checkout URL: no sign-in. A wrong token, another tenant's payment or a payment of a live gateway: 404.",
        errorResponses: { 400: "Missing token", 404: "Payment not found, or wrong token" },
      },
    })
    .input(ZSandboxInput)
    .output(ZSandboxCheckoutOutput)
    .query(async ({ ctx, input }) => one(await getSandboxCheckout(ctx.db, ctx.caller, input.id, input.token))),

  sandboxPay: publicTenantProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/sandbox/{id}/pay",
        tags,
        protect: false,
        summary: "Sandbox checkout: Pay",
        description:
          "The sandbox gateway's Pay button: the server posts a `payment.succeeded` callback signed with the sandbox secret (X-Sandbox-Signature) through the same handler as POST /payments/webhooks/{gateway}, " +
          "which captures the payment (enrollment created). After expiresAt the callback is `payment.failed` (EXPIRED) instead. Answers the status after the callback and redirectUrl (successUrl when CAPTURED, else cancelUrl). " +
          "Not PENDING: 409 PAYMENT_NOT_PENDING.",
        errorResponses: { 400: "Missing token or unknown field", 404: "Payment not found, or wrong token", 409: "Not PENDING" },
      },
    })
    .input(ZSandboxInput)
    .output(ZSandboxResultOutput)
    .mutation(async ({ ctx, input }) => one(await sandboxAct(ctx.db, ctx.caller, input.id, input.token, "pay", ctx.clock.now()))),

  sandboxCancel: publicTenantProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/sandbox/{id}/cancel",
        tags,
        protect: false,
        summary: "Sandbox checkout: Cancel",
        description:
          "The sandbox gateway's Cancel button: a signed `payment.cancelled` callback through the webhook handler; the payment becomes FAILED (reason CANCELLED, payment.failed). redirectUrl: cancelUrl. Not PENDING: 409 PAYMENT_NOT_PENDING.",
        errorResponses: { 400: "Missing token or unknown field", 404: "Payment not found, or wrong token", 409: "Not PENDING" },
      },
    })
    .input(ZSandboxInput)
    .output(ZSandboxResultOutput)
    .mutation(async ({ ctx, input }) => one(await sandboxAct(ctx.db, ctx.caller, input.id, input.token, "cancel", ctx.clock.now()))),

  list: can("payments.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/payments",
        tags,
        summary: "Payments",
        description: "ADMIN. Newest first (createdAt, then id); filters status and gateway; perPage defaults to 20 (max 100), meta {total, page, perPage}. " + LIFECYCLE,
        errorResponses: { 400: "Invalid query", ...admin },
      },
    })
    .input(ZListPaymentsInput)
    .output(ZListPaymentsOutput)
    .query(({ ctx, input }) => listPayments(ctx.db, ctx.caller, input)),

  get: can("payments.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/payments/{id}",
        tags,
        summary: "Payment detail with its refunds",
        description: "ADMIN. The payment, its refunds (oldest first) and refundableCents (what a refund may still take). " + LIFECYCLE,
        errorResponses: { ...admin, ...notFound },
      },
    })
    .input(ZPaymentIdInput)
    .output(ZPaymentOutput)
    .query(async ({ ctx, input }) => one(await getPayment(ctx.db, ctx.caller, input.id))),

  capture: can("payments.manage")
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/{id}/capture",
        tags,
        summary: "Capture a payment",
        description:
          "ADMIN. Reconciles a PENDING payment with its gateway: asks where it stands and, when the gateway holds an authorised payment, captures it there (idempotency key `{id}:capture`). " +
          "Paid: CAPTURED, the enrollment created and payment.completed emitted; answers the payment as GET does. Still open at the gateway: 409 PAYMENT_NOT_PAID. The gateway reports it failed or expired: " +
          "the payment becomes FAILED (payment.failed) and the answer is 409 PAYMENT_NOT_PAID. Sandbox payments: the capture confirms the payment. " +
          "Already CAPTURED: 409 PAYMENT_ALREADY_CAPTURED; REFUNDED: 409 PAYMENT_ALREADY_REFUNDED; FAILED: 409 PAYMENT_NOT_PENDING. The gateways' callbacks capture on their own: this operation is for reconciliation.",
        errorResponses: { ...admin, ...notFound, 409: "Not PENDING, or not paid at the gateway", 503: "Gateway failure" },
      },
    })
    .input(ZPaymentIdInput)
    .output(ZPaymentOutput)
    .mutation(async ({ ctx, input }) => one(await capturePayment(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

  refund: can("payments.manage")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/payments/{id}/refund",
        tags,
        summary: "Refund a payment (partial or total)",
        description:
          "ADMIN. Refunds `amount` cents, or everything not refunded yet when omitted (full refund). Answers 201 with the refund {id (ref_), status}: COMPLETED when the gateway confirmed at once (the sandbox always; " +
          "a card refund that succeeded), else PENDING until the gateway's callback confirms it (a bank refund settles in 3 to 5 business days). The refund row is written before the gateway is called, " +
          "with the refund id as idempotency key; a gateway failure removes it again and answers 503 PAYMENT_GATEWAY_ERROR. On completion: payment.refunded; when the refunds reach the whole amount the payment is " +
          "REFUNDED and the enrollment it created is revoked (enrollment.revoked). Only a CAPTURED payment: 409 PAYMENT_NOT_CAPTURED (PENDING or FAILED), 409 PAYMENT_ALREADY_REFUNDED (REFUNDED). " +
          "More than what remains (amount minus every refund, PENDING ones included): 422 REFUND_EXCEEDS_REMAINING with errors.amount. A non-positive or fractional amount: 422 with errors.amount.",
        errorResponses: { 400: "Unknown field", ...admin, ...notFound, 409: "Not CAPTURED, or already refunded", 422: "errors.amount: above what remains (REFUND_EXCEEDS_REMAINING)", 503: "Gateway failure" },
      },
    })
    .input(ZRefundInput)
    .output(ZRefundOutput)
    .mutation(async ({ ctx, input }) => one(await refundPayment(ctx.db, ctx.caller, input, ctx.clock.now()))),
});
