import Stripe from "stripe";
import { env } from "../../../env";
import { log } from "../../../lib/log";
import { gatewayError, header, invalidSignature, type GatewayAdapter, type Headers, type NormalizedEvent } from "./types";

/**
 * PSP_A_ISV: the card gateway with the platform/tenant split, on the `stripe` SDK.
 *
 * A checkout is a Checkout Session (mode payment) whose PaymentIntent is a Connect *destination
 * charge*: `payment_intent_data.transfer_data.destination` = the tenant's connected account
 * (tenant integrations `stripeAccountId`, acct_...), `application_fee_amount` = the platform's
 * share (PLATFORM_FEE_PERCENT). A tenant without a connected account is charged on the platform's
 * account alone (no split). Every creating call carries an idempotency key derived from our ids
 * (`{paymentId}:checkout`, `{paymentId}:capture`, `{refundId}`), so a retried request never
 * charges or refunds twice. Refunds of a split charge reverse the transfer and the application
 * fee proportionally (`reverse_transfer`, `refund_application_fee`).
 *
 * Callbacks: `Stripe-Signature` checked by the SDK's `webhooks.constructEvent` with
 * STRIPE_WEBHOOK_SECRET (5-minute tolerance); the event id is the idempotency key.
 */
function stripeClient(): Stripe {
  const e = env();
  return new Stripe(e.STRIPE_SECRET_KEY!, {
    ...(e.STRIPE_API_HOST ? { host: e.STRIPE_API_HOST } : {}),
    ...(e.STRIPE_API_PORT ? { port: e.STRIPE_API_PORT } : {}),
    ...(e.STRIPE_API_PROTOCOL ? { protocol: e.STRIPE_API_PROTOCOL } : {}),
    maxNetworkRetries: 1,
    timeout: 20_000,
  });
}

const GRACE_MINUTES = 30; // Stripe's shortest Checkout Session lifetime

function metaPaymentId(obj: { metadata?: Stripe.Metadata | null } | null | undefined): string | undefined {
  return obj?.metadata?.paymentId || undefined;
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    log.warn("payments.stripe.failed", { error: String(error) });
    throw gatewayError("PSP_A_ISV", error);
  }
}

export function stripeAdapter(): GatewayAdapter {
  return {
    gateway: "PSP_A_ISV",
    mode: "LIVE",
    async createCheckout(req) {
      const stripe = stripeClient();
      const ttl = Math.max(GRACE_MINUTES, env().PAYMENT_CHECKOUT_TTL_MINUTES);
      const metadata = { paymentId: req.paymentId, tenantId: req.tenantId };
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            client_reference_id: req.paymentId,
            line_items: [{ quantity: 1, price_data: { currency: req.currency.toLowerCase(), unit_amount: req.amount, product_data: { name: req.description } } }],
            success_url: req.successUrl,
            cancel_url: req.cancelUrl,
            expires_at: Math.floor(req.now.getTime() / 1000) + ttl * 60,
            metadata,
            payment_intent_data: {
              metadata,
              description: req.description,
              ...(req.destination ? { application_fee_amount: req.platformFeeCents, transfer_data: { destination: req.destination } } : {}),
            },
          },
          { idempotencyKey: req.idempotencyKey },
        ),
      );
      if (!session.url) throw gatewayError("PSP_A_ISV", "the checkout session has no url");
      return { gatewayPaymentId: session.id, redirectUrl: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },
    async capture(p) {
      const stripe = stripeClient();
      const session = await call(() => stripe.checkout.sessions.retrieve(p.gatewayPaymentId, { expand: ["payment_intent"] }));
      if (session.payment_status === "paid") return { state: "PAID" };
      if (session.status === "expired") return { state: "FAILED", failure: "EXPIRED" };
      const pi = typeof session.payment_intent === "string" ? await call(() => stripe.paymentIntents.retrieve(session.payment_intent as string)) : session.payment_intent;
      if (pi?.status === "requires_capture") {
        const captured = await call(() => stripe.paymentIntents.capture(pi.id, { amount_to_capture: p.amount }, { idempotencyKey: p.idempotencyKey }));
        return captured.status === "succeeded" ? { state: "PAID" } : { state: "PENDING" };
      }
      if (pi?.status === "succeeded") return { state: "PAID" };
      if (pi?.status === "canceled") return { state: "FAILED", failure: pi.cancellation_reason?.toUpperCase() ?? "CANCELLED" };
      return { state: "PENDING" };
    },
    async refund(p) {
      const stripe = stripeClient();
      const session = await call(() => stripe.checkout.sessions.retrieve(p.gatewayPaymentId, { expand: ["payment_intent"] }));
      const pi = session.payment_intent;
      const piId = typeof pi === "string" ? pi : pi?.id;
      if (!piId) throw gatewayError("PSP_A_ISV", "the checkout session has no payment");
      const split = typeof pi === "object" && pi?.transfer_data?.destination;
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: piId, amount: p.amount, metadata: { refundId: p.refundId, paymentId: (typeof pi === "object" && pi?.metadata?.paymentId) || "" }, ...(split ? { reverse_transfer: true, refund_application_fee: true } : {}) },
          { idempotencyKey: p.idempotencyKey },
        ),
      );
      return { gatewayRefundId: refund.id, status: refund.status === "succeeded" ? "COMPLETED" : "PENDING" };
    },
    async parseWebhook(rawBody: string, headers: Headers): Promise<NormalizedEvent[]> {
      const secret = env().STRIPE_WEBHOOK_SECRET;
      const signature = header(headers, "stripe-signature");
      if (!secret || !signature) throw invalidSignature();
      let event: Stripe.Event;
      try {
        event = stripeClient().webhooks.constructEvent(rawBody, signature, secret);
      } catch {
        throw invalidSignature();
      }
      const id = event.id;
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded": {
          const s = event.data.object;
          if (s.payment_status !== "paid") return [{ eventId: id, type: "ignored", detail: "NOT_PAID_YET" }];
          return [{ eventId: id, type: "payment.captured", paymentId: metaPaymentId(s) ?? s.client_reference_id ?? undefined, gatewayPaymentId: s.id }];
        }
        case "checkout.session.async_payment_failed":
        case "checkout.session.expired": {
          const s = event.data.object;
          return [
            {
              eventId: id,
              type: "payment.failed",
              paymentId: metaPaymentId(s) ?? s.client_reference_id ?? undefined,
              gatewayPaymentId: s.id,
              failure: event.type === "checkout.session.expired" ? "EXPIRED" : "ASYNC_PAYMENT_FAILED",
            },
          ];
        }
        case "refund.created":
        case "refund.updated": {
          const r = event.data.object;
          if (r.status !== "succeeded") return [{ eventId: id, type: "ignored", detail: `REFUND_${String(r.status).toUpperCase()}` }];
          return [{ eventId: id, type: "refund.completed", gatewayRefundId: r.id, refundId: r.metadata?.refundId || undefined, paymentId: metaPaymentId(r) }];
        }
        default:
          return [{ eventId: id, type: "ignored", detail: event.type }];
      }
    },
  };
}
