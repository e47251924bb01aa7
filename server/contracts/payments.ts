import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, listEnvelope, ZId, ZPerPageInput, ZPerPageMeta, ZTimestamp } from "./common";

/**
 * Payments through the gateways (spec: Payment resource, Payments table; conventions §9):
 * intents, capture, refunds, the list, the learner's own checkout and the sandbox checkout.
 * Isomorphic: zod only.
 */
export const PAYMENT_STATUSES = ["PENDING", "CAPTURED", "REFUNDED", "FAILED"] as const;
const REFUND_STATUSES = ["PENDING", "COMPLETED"] as const;
/** The gateways a payment may go through; FREE courses never use this flow. */
export const CHECKOUT_GATEWAYS = ["PSP_A_ISV", "PSP_B"] as const;
export const PAYMENT_GATEWAYS = [...CHECKOUT_GATEWAYS, "FREE"] as const;

const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
const ZRefundStatus = z.enum(REFUND_STATUSES);
const ZCheckoutGateway = z.enum(CHECKOUT_GATEWAYS);
const ZPaymentGateway = z.enum(PAYMENT_GATEWAYS);
export type TCheckoutGateway = z.infer<typeof ZCheckoutGateway>;

const ZReturnUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, message: "An http(s) URL" }));

export const ZCreateIntentInput = z.strictObject({
  courseId: ZId("crs").describe("A PUBLISHED paid course (price > 0) of this tenant (crs_)"),
  userId: ZId("usr").describe("The learner who pays and is enrolled on capture (usr_), a member of the tenant or a learner known through an enrollment"),
  gateway: ZCheckoutGateway.default("PSP_A_ISV").describe("PSP_A_ISV (default) or PSP_B"),
  successUrl: ZReturnUrl.describe("Where the gateway sends the payer after a successful payment (http or https)"),
  cancelUrl: ZReturnUrl.describe("Where the gateway sends the payer after a cancelled payment (http or https)"),
});
export type TCreateIntentInput = z.infer<typeof ZCreateIntentInput>;

export const ZCheckoutInput = z.strictObject({
  courseId: ZId("crs").describe("A PUBLISHED paid course (price > 0) of this tenant (crs_)"),
  gateway: ZCheckoutGateway.default("PSP_A_ISV").describe("PSP_A_ISV (default) or PSP_B"),
});
export type TCheckoutInput = z.infer<typeof ZCheckoutInput>;

const ZIntentCreated = z.object({
  paymentId: z.string().describe("pay_..."),
  redirectUrl: z.string().describe("Send the payer here: the gateway's hosted checkout (the app's /pay/sandbox/{paymentId} page in sandbox mode)"),
  expiresAt: ZTimestamp.describe("When the checkout closes; an unpaid payment then becomes FAILED (reason EXPIRED) when the gateway says so"),
});

export const ZPaymentIdInput = z.strictObject({ id: ZId("pay") });

export const ZRefundInput = z.strictObject({
  id: ZId("pay"),
  amount: z.number().int("Whole cents").positive("Must be positive").max(MAX.cents).optional().describe("Cents to refund; omitted: everything not refunded yet (full refund)"),
});
export type TRefundInput = z.infer<typeof ZRefundInput>;

const ZRefundCreated = z.object({ id: z.string().describe("ref_..."), status: ZRefundStatus });

const ZRefund = z.object({
  id: z.string().describe("ref_..."),
  amount: z.number().int().describe("Cents"),
  status: ZRefundStatus,
  gatewayRefundId: z.string().nullable().describe("The refund's id at the gateway"),
  createdBy: z.string().nullable(),
  createdAt: ZTimestamp,
  completedAt: ZTimestamp.nullable(),
});

const ZPayment = z.object({
  id: z.string().describe("pay_..."),
  courseId: z.string(),
  courseTitle: z.string(),
  userId: z.string(),
  userName: z.string().describe("The payer's first and last name"),
  userEmail: z.string(),
  amount: z.number().int().describe("Cents"),
  currency: z.string().describe("ISO 4217"),
  gateway: ZPaymentGateway,
  mode: z.enum(["LIVE", "SANDBOX"]).describe("SANDBOX: the gateway had no keys when the payment was created; the app's sandbox checkout played it"),
  status: ZPaymentStatus,
  gatewayPaymentId: z.string().nullable().describe("Id at the gateway (checkout session, payment)"),
  platformFeeCents: z.number().int().describe("The platform's share in cents (PLATFORM_FEE_PERCENT of the amount, rounded to the nearest cent)"),
  refundedCents: z.number().int().describe("Sum of the COMPLETED refunds"),
  enrollmentId: z.string().nullable().describe("The enrollment the capture created"),
  expiresAt: ZTimestamp.nullable(),
  capturedAt: ZTimestamp.nullable(),
  failedAt: ZTimestamp.nullable(),
  failureReason: z.string().nullable().describe("CANCELLED (the payer cancelled), EXPIRED, GATEWAY_ERROR or the gateway's reason"),
  createdBy: z.string().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TPayment = z.infer<typeof ZPayment>;

const ZPaymentDetail = ZPayment.extend({
  refunds: z.array(ZRefund).describe("Oldest first"),
  refundableCents: z.number().int().describe("What a refund may still take: amount minus every refund, PENDING or COMPLETED (0 unless CAPTURED)"),
});
export type TPaymentDetail = z.infer<typeof ZPaymentDetail>;

export const ZListPaymentsInput = ZPerPageInput.extend({
  status: ZPaymentStatus.optional().describe("PENDING, CAPTURED, REFUNDED or FAILED"),
  gateway: ZPaymentGateway.optional().describe("PSP_A_ISV, PSP_B or FREE"),
});
export type TListPaymentsInput = z.infer<typeof ZListPaymentsInput>;

/** The payer's view of their own payment (checkout success page). */
const ZCheckoutStatus = z.object({
  id: z.string(),
  status: ZPaymentStatus,
  amount: z.number().int(),
  currency: z.string(),
  gateway: ZPaymentGateway,
  courseId: z.string(),
  courseSlug: z.string(),
  courseTitle: z.string(),
  enrollmentId: z.string().nullable().describe("Set once the payment is captured"),
  failureReason: z.string().nullable(),
});
export type TCheckoutStatus = z.infer<typeof ZCheckoutStatus>;

// ---------------------------------------------------------------- sandbox checkout

export const ZSandboxInput = z.strictObject({
  id: ZId("pay"),
  token: z.string().min(1).max(200).describe("The checkout token of the redirectUrl (HMAC of the payment id): it authorises this page, like a gateway's checkout session URL"),
});

const ZSandboxCheckout = z.object({
  id: z.string(),
  status: ZPaymentStatus,
  gateway: ZCheckoutGateway,
  amount: z.number().int(),
  currency: z.string(),
  courseTitle: z.string(),
  payerName: z.string(),
  expiresAt: ZTimestamp.nullable(),
  successUrl: z.string().nullable(),
  cancelUrl: z.string().nullable(),
});
export type TSandboxCheckout = z.infer<typeof ZSandboxCheckout>;

const ZSandboxResult = z.object({
  status: ZPaymentStatus.describe("The payment's status after the callback"),
  redirectUrl: z.string().nullable().describe("successUrl after Pay, cancelUrl after Cancel"),
});

// ---------------------------------------------------------------- webhooks

export const ZWebhookResult = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe("true: an event id already handled (acknowledged and ignored)"),
  handled: z.array(z.string()).describe("What the events did: CAPTURED, FAILED, REFUND_COMPLETED, IGNORED"),
});

export const ZIntentOutput = envelope(ZIntentCreated);
export const ZRefundOutput = envelope(ZRefundCreated);
export const ZPaymentOutput = envelope(ZPaymentDetail);
export const ZListPaymentsOutput = listEnvelope(ZPayment, ZPerPageMeta);
export const ZCheckoutStatusOutput = envelope(ZCheckoutStatus);
export const ZSandboxCheckoutOutput = envelope(ZSandboxCheckout);
export const ZSandboxResultOutput = envelope(ZSandboxResult);
