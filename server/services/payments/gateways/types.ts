import { DomainError } from "../../../errors";

/**
 * One interface for every payment gateway (conventions §9). The services never talk to a
 * provider's SDK directly: they create a checkout, capture, refund, and turn a callback's raw
 * body and headers into normalized events (or a 401 when the callback is not authentic).
 */
export type GatewayName = "PSP_A_ISV" | "PSP_B";

type CheckoutRequest = {
  paymentId: string;
  tenantId: string;
  tenantSlug: string;
  amount: number;
  currency: string;
  description: string;
  /** The platform's share in cents (PSP_A_ISV application fee; PSP_B keeps it by routing only the rest to the tenant). */
  platformFeeCents: number;
  /** The tenant's account at the gateway: a connected account (acct_...) for PSP_A_ISV, an organization (org_...) for PSP_B; null: no split. */
  destination: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Where the gateway posts its callbacks (PSP_B's per-payment webhookUrl). */
  webhookUrl: string;
  /** The same key for a retry of the same creation. */
  idempotencyKey: string;
  now: Date;
};

type CheckoutResult = { gatewayPaymentId: string; redirectUrl: string; expiresAt: Date };

/** PAID: the money is taken (capture it); PENDING: not paid yet; FAILED: failed, cancelled or expired. */
export type GatewayPaymentState = { state: "PAID" | "PENDING" | "FAILED"; failure?: string };

type RefundResult = { gatewayRefundId: string; status: "PENDING" | "COMPLETED" };

/** What a callback says, after its authenticity was checked. `eventId` is the idempotency key of gateway_events. */
export type NormalizedEvent =
  | { eventId: string; type: "payment.captured"; paymentId?: string; gatewayPaymentId?: string }
  | { eventId: string; type: "payment.failed"; paymentId?: string; gatewayPaymentId?: string; failure: string }
  | { eventId: string; type: "refund.completed"; gatewayRefundId: string; refundId?: string; paymentId?: string; gatewayPaymentId?: string }
  | { eventId: string; type: "ignored"; detail: string };

export type Headers = Record<string, string | string[] | undefined>;

export interface GatewayAdapter {
  readonly gateway: GatewayName;
  readonly mode: "LIVE" | "SANDBOX";
  createCheckout(req: CheckoutRequest): Promise<CheckoutResult>;
  /** Asks the gateway where the payment stands and, when it waits for a capture (authorised only), captures it. */
  capture(p: { gatewayPaymentId: string; amount: number; currency: string; idempotencyKey: string }): Promise<GatewayPaymentState>;
  refund(p: { gatewayPaymentId: string; amount: number; currency: string; idempotencyKey: string; refundId: string }): Promise<RefundResult>;
  /** Authenticates a callback (401 INVALID_PAYMENT_SIGNATURE otherwise) and reads its events. */
  parseWebhook(rawBody: string, headers: Headers): Promise<NormalizedEvent[]>;
}

export const invalidSignature = () => new DomainError("UNAUTHORIZED", "Invalid payment callback signature", { reason: "INVALID_PAYMENT_SIGNATURE" });

/** The provider's own words stay in the log (the adapters log them): the answer names the gateway only. */
export const gatewayError = (gateway: GatewayName, _cause: unknown) => new DomainError("UNAVAILABLE", `The payment gateway ${gateway} refused or did not answer`, { reason: "PAYMENT_GATEWAY_ERROR" });

export function header(headers: Headers, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** The platform's share: PLATFORM_FEE_PERCENT of the amount, rounded to the nearest cent. */
export function platformFee(amount: number, percent: number): number {
  return Math.min(amount, Math.max(0, Math.round((amount * percent) / 100)));
}

/** Mollie's amounts: a string with two decimals. */
export function decimalAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}
