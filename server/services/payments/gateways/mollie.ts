import { createHmac, timingSafeEqual } from "node:crypto";
import createMollieClient, { type MollieClient, type Payment } from "@mollie/api-client";
import { env } from "../../../env";
import { log } from "../../../lib/log";
import { decimalAmount, gatewayError, header, invalidSignature, type GatewayAdapter, type GatewayPaymentState, type Headers, type NormalizedEvent } from "./types";

/**
 * PSP_B on `@mollie/api-client` (API root MOLLIE_API_ENDPOINT, default Mollie's).
 *
 * The split is Mollie's own: the payment is created on the platform's account with `routing`,
 * one route sending `amount − platform fee` to the tenant's connected organization (tenant
 * integrations `mollieOrganizationId`, org_...); what is not routed stays with the platform.
 * Refunds of a routed payment pull the tenant's part back: `reverseRouting` for a full refund,
 * `routingReversals` (the tenant's proportional share) for a partial one. Creating calls carry
 * an `Idempotency-Key` derived from our ids.
 *
 * Callbacks (docs.mollie.com, "Webhooks"): classic webhooks are NOT signed — Mollie posts
 * `id=tr_…` (form-encoded) and the receiver must fetch the payment from the API with its own key;
 * only what the API answers is trusted, so a forged call can at most make us re-read a real
 * payment. Next-gen webhooks carry `X-Mollie-Signature`, the hex HMAC-SHA256 of the raw body with
 * the subscription's shared secret (MOLLIE_WEBHOOK_SECRET): when present it is checked (401 on
 * mismatch or without a configured secret), and the event's payment is then fetched the same way.
 * An id the API does not know answers 401. Mollie sends no event id for classic webhooks: the
 * idempotency key is `{paymentId}:{status}` (and `{refundId}:refunded`), each state handled once.
 */
function mollieClient(): MollieClient {
  const e = env();
  return createMollieClient({ apiKey: e.MOLLIE_API_KEY!, ...(e.MOLLIE_API_ENDPOINT ? { apiEndpoint: e.MOLLIE_API_ENDPOINT } : {}) });
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    log.warn("payments.mollie.failed", { error: String(error) });
    throw gatewayError("PSP_B", error);
  }
}

const FAILED = new Set(["failed", "canceled", "expired"]);

function stateOf(payment: Pick<Payment, "status">): GatewayPaymentState {
  if (payment.status === "paid") return { state: "PAID" };
  if (FAILED.has(payment.status)) return { state: "FAILED", failure: payment.status === "canceled" ? "CANCELLED" : payment.status.toUpperCase() };
  return { state: "PENDING" };
}

const metaPaymentId = (p: Pick<Payment, "metadata">): string | undefined => {
  const m = p.metadata as { paymentId?: unknown } | null;
  return typeof m?.paymentId === "string" ? m.paymentId : undefined;
};

function verifySignature(rawBody: string, signature: string): void {
  const secret = env().MOLLIE_WEBHOOK_SECRET;
  if (!secret) throw invalidSignature();
  const expected = Buffer.from(createHmac("sha256", secret).update(rawBody, "utf8").digest("hex"));
  const given = Buffer.from(signature.trim().replace(/^sha256=/, ""));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidSignature();
}

/** The payment id a callback names: `id=tr_…` (classic) or a signed next-gen event's `entityId`. */
function molliePaymentIdOf(rawBody: string, signed: boolean): string | null {
  if (signed) {
    try {
      const e = JSON.parse(rawBody) as { entityId?: unknown; _embedded?: { entity?: { id?: unknown } } };
      const id = typeof e.entityId === "string" ? e.entityId : typeof e._embedded?.entity?.id === "string" ? e._embedded.entity.id : null;
      return id && id.startsWith("tr_") ? id : null;
    } catch {
      return null;
    }
  }
  const id = new URLSearchParams(rawBody).get("id");
  return id && /^tr_[A-Za-z0-9]{1,64}$/.test(id) ? id : null;
}

export function mollieAdapter(): GatewayAdapter {
  return {
    gateway: "PSP_B",
    mode: "LIVE",
    async createCheckout(req) {
      const mollie = mollieClient();
      const routed = req.amount - req.platformFeeCents;
      const payment = await call(() =>
        mollie.payments.create({
          amount: { currency: req.currency, value: decimalAmount(req.amount) },
          description: req.description.slice(0, 255),
          redirectUrl: req.successUrl,
          cancelUrl: req.cancelUrl,
          webhookUrl: req.webhookUrl,
          metadata: { paymentId: req.paymentId, tenantId: req.tenantId },
          ...(req.destination && routed > 0
            ? { routing: [{ amount: { currency: req.currency, value: decimalAmount(routed) }, destination: { type: "organization" as never, organizationId: req.destination } }] }
            : {}),
          idempotencyKey: req.idempotencyKey,
        }),
      );
      const url = payment.getCheckoutUrl();
      if (!url) throw gatewayError("PSP_B", "the payment has no checkout link");
      const ttl = env().PAYMENT_CHECKOUT_TTL_MINUTES;
      return { gatewayPaymentId: payment.id, redirectUrl: url, expiresAt: payment.expiresAt ? new Date(payment.expiresAt) : new Date(req.now.getTime() + ttl * 60_000) };
    },
    async capture(p) {
      const mollie = mollieClient();
      const payment = await call(() => mollie.payments.get(p.gatewayPaymentId));
      if (payment.status === "authorized") {
        await call(() => mollie.paymentCaptures.create({ paymentId: payment.id, amount: { currency: p.currency, value: decimalAmount(p.amount) }, idempotencyKey: p.idempotencyKey }));
        return { state: "PAID" };
      }
      return stateOf(payment);
    },
    async refund(p) {
      const mollie = mollieClient();
      const payment = await call(() => mollie.payments.get(p.gatewayPaymentId));
      const route = payment.routing?.[0];
      const total = Math.round(Number(payment.amount.value) * 100);
      const full = p.amount >= total;
      const reversal =
        route && !full
          ? {
              routingReversals: [
                {
                  amount: { currency: p.currency, value: decimalAmount(Math.round((p.amount * Math.round(Number(route.amount.value) * 100)) / total)) },
                  source: { type: "organization", organizationId: route.destination.organizationId },
                },
              ] as never,
            }
          : {};
      const refund = await call(() =>
        mollie.paymentRefunds.create({
          paymentId: payment.id,
          amount: { currency: p.currency, value: decimalAmount(p.amount) },
          metadata: { refundId: p.refundId },
          ...(route && full ? { reverseRouting: true } : {}),
          ...reversal,
          idempotencyKey: p.idempotencyKey,
        }),
      );
      return { gatewayRefundId: refund.id, status: refund.status === "refunded" ? "COMPLETED" : "PENDING" };
    },
    async parseWebhook(rawBody: string, headers: Headers): Promise<NormalizedEvent[]> {
      const signature = header(headers, "x-mollie-signature");
      if (signature) verifySignature(rawBody, signature);
      const id = molliePaymentIdOf(rawBody, Boolean(signature));
      if (!id) {
        if (signature) return [{ eventId: `ignored:${createHmac("sha256", "id").update(rawBody).digest("hex").slice(0, 32)}`, type: "ignored", detail: "NOT_A_PAYMENT_EVENT" }];
        throw invalidSignature();
      }
      const mollie = mollieClient();
      let payment: Payment;
      try {
        payment = await mollie.payments.get(id);
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) throw invalidSignature(); // not a payment of ours: not an authentic callback
        throw gatewayError("PSP_B", error);
      }
      const ref = { paymentId: metaPaymentId(payment), gatewayPaymentId: payment.id };
      const out: NormalizedEvent[] = [];
      const state = stateOf(payment);
      if (state.state === "PAID") out.push({ eventId: `${payment.id}:paid`, type: "payment.captured", ...ref });
      else if (state.state === "FAILED") out.push({ eventId: `${payment.id}:${payment.status}`, type: "payment.failed", ...ref, failure: state.failure ?? "FAILED" });
      if (payment.amountRefunded && Number(payment.amountRefunded.value) > 0) {
        const refunds = await call(() => mollie.paymentRefunds.page({ paymentId: payment.id }));
        for (const r of refunds) {
          const refundId = (r.metadata as { refundId?: unknown } | null)?.refundId;
          if (r.status === "refunded") out.push({ eventId: `${r.id}:refunded`, type: "refund.completed", gatewayRefundId: r.id, refundId: typeof refundId === "string" ? refundId : undefined, ...ref });
        }
      }
      if (!out.length) out.push({ eventId: `${payment.id}:${payment.status}`, type: "ignored", detail: `STATUS_${payment.status.toUpperCase()}` });
      return out;
    },
  };
}
