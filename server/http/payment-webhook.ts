import { envelope, one } from "../contracts/envelope";
import { z } from "zod";
import { MAX } from "../contracts/bounds";
import { ZWebhookResult } from "../contracts/payments";
import { DomainError } from "../errors";
import { gatewayOfPath, receiveGatewayWebhook } from "../services/payments/webhooks";
import { rawRoute } from "./raw-route";

const ZWebhookInput = z.object({ gateway: z.string().max(MAX.code), rawBody: z.string() });

/**
 * POST /api/v1/payments/webhooks/{gateway}: the payment gateways' callbacks. A raw route because
 * each gateway signs the exact bytes (or, for PSP_B's classic webhooks, posts a form body), and
 * the gateways send content types the JSON operations refuse. Public: the gateway's own
 * authentication replaces the bearer token, and the payment names the tenant.
 */
export const paymentWebhookRoute = rawRoute({
  method: "POST",
  path: "/payments/webhooks/{gateway}",
  bodyText: "rawBody",
  access: { public: true },
  input: ZWebhookInput,
  successSchema: envelope(ZWebhookResult),
  requestBody: {
    mediaType: "*/*",
    description:
      "The gateway's own body, unparsed: PSP_A_ISV an Event object (JSON); PSP_B classic webhooks `id=tr_…` (application/x-www-form-urlencoded), next-gen ones a JSON event; " +
      "the sandbox a JSON {id, type (payment.succeeded, payment.cancelled, payment.failed, refund.succeeded), paymentId, gatewayPaymentId, refundId?, failure?}.",
  },
  doc: {
    summary: "Payment gateway callback",
    description:
      "`gateway` is PSP_A_ISV or PSP_B (case-insensitive; anything else 404 PAYMENT_GATEWAY_NOT_FOUND). Authentication, per gateway: " +
      "PSP_A_ISV — header `Stripe-Signature` (t=…,v1=…) checked by the SDK's webhooks.constructEvent with STRIPE_WEBHOOK_SECRET, 5 minutes tolerance; handled events: checkout.session.completed and " +
      "checkout.session.async_payment_succeeded (paid: capture), checkout.session.async_payment_failed and checkout.session.expired (FAILED), refund.created/refund.updated with status succeeded (refund COMPLETED); " +
      "the event id is the idempotency key. PSP_B — classic webhooks are not signed: the body names a payment (`id=tr_…`) that is fetched from the PSP_B API with the platform's key, and only the API's answer is " +
      "trusted (an id the API does not know: 401); a next-gen webhook's `X-Mollie-Signature` (hex HMAC-SHA256 of the raw body, MOLLIE_WEBHOOK_SECRET) is verified when present. Paid: capture; failed, canceled, expired: FAILED; " +
      "refunds with status refunded: COMPLETED; idempotency keys `{tr_id}:{status}` and `{refund id}:refunded`. Sandbox (a gateway without keys, and the payments it created) — header " +
      "`X-Sandbox-Signature: sha256=<hex HMAC-SHA256 of the raw body>` with PAYMENT_SANDBOX_SECRET (default derived from ENCRYPTION_KEY); the sandbox checkout page's buttons send these. " +
      "A gateway without keys refuses anything but a sandbox signature. Missing or wrong signature: 401 INVALID_PAYMENT_SIGNATURE, before anything is read. Effects as in POST /payments/{id}/capture and /refund: " +
      "capture creates the enrollment (payment.completed), failure emits payment.failed, a completed refund payment.refunded (a full one revokes the enrollment).",
    tags: ["Payments"],
    produces: "application/json",
    successDescription:
      "The callback was authentic and is handled: `handled` lists what each of its events did (CAPTURED, FAILED, REFUND_COMPLETED, IGNORED, DUPLICATE). An event id already handled is acknowledged " +
      "and ignored (`duplicate` true): gateways deliver at least once. Events naming no payment of ours are acknowledged too, so the gateway stops retrying.",
    errorResponses: { 401: "Missing or invalid signature", 404: "Unknown gateway", 413: "Body too large", 503: "The gateway's API did not answer (PSP_B re-fetch): it will retry" },
  },
  handler: async ({ ctx, input }) => {
    const gateway = gatewayOfPath(input.gateway);
    if (!gateway) throw new DomainError("NOT_FOUND", "Unknown payment gateway", { reason: "PAYMENT_GATEWAY_NOT_FOUND" });
    const result = await receiveGatewayWebhook(ctx.db, gateway, input.rawBody, ctx.headers, { ip: ctx.ip, userAgent: ctx.userAgent, requestId: ctx.requestId }, ctx.clock.now());
    return { contentType: "application/json", body: Buffer.from(JSON.stringify(one(result))) };
  },
});
