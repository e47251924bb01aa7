import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { env } from "../../../env";
import { newId } from "../../../lib/ids";
import { tenantUrl } from "../../../lib/urls";
import { header, invalidSignature, type GatewayAdapter, type GatewayName, type Headers, type NormalizedEvent } from "./types";

/**
 * The sandbox gateway (conventions §9): what a gateway with no keys runs as. Its checkout is the
 * app's own page `/pay/sandbox/{paymentId}?token=…`; its Pay and Cancel buttons make the server
 * post a callback signed like a gateway would: header `X-Sandbox-Signature: sha256=<hex>`, the
 * HMAC-SHA256 of the raw body with PAYMENT_SANDBOX_SECRET (default: derived from ENCRYPTION_KEY),
 * through the same webhook handler as the real gateways. Captures and refunds succeed at once.
 */
export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";
export const SANDBOX_PREFIX = "sbx_";

function sandboxKey(): Buffer {
  const e = env();
  if (e.PAYMENT_SANDBOX_SECRET) return Buffer.from(e.PAYMENT_SANDBOX_SECRET, "utf8");
  return Buffer.from(hkdfSync("sha256", Buffer.from(e.ENCRYPTION_KEY, "utf8"), "payments", "sandbox-gateway", 32));
}

export function sandboxSign(rawBody: string): string {
  return `sha256=${createHmac("sha256", sandboxKey()).update(rawBody, "utf8").digest("hex")}`;
}

/** The token of a sandbox checkout link: it authorises the page like a gateway's session URL does. */
function sandboxCheckoutToken(paymentId: string): string {
  return createHmac("sha256", sandboxKey()).update(`checkout:${paymentId}`, "utf8").digest("base64url").slice(0, 32);
}

export function checkSandboxToken(paymentId: string, token: string): boolean {
  const a = Buffer.from(sandboxCheckoutToken(paymentId));
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

const ZSandboxEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(["payment.succeeded", "payment.cancelled", "payment.failed", "refund.succeeded"]),
  paymentId: z.string().min(1).max(64),
  gatewayPaymentId: z.string().min(1).max(100),
  refundId: z.string().max(100).optional(),
  failure: z.string().max(200).optional(),
});
export type TSandboxEvent = z.infer<typeof ZSandboxEvent>;

/** A sandbox callback body (its id is new each time: a replay sends the same body again). */
export function sandboxEvent(p: Omit<TSandboxEvent, "id">): TSandboxEvent {
  return { id: newId("evt").replace("evt_", "sbxevt_"), ...p };
}

export function sandboxAdapter(gateway: GatewayName): GatewayAdapter {
  return {
    gateway,
    mode: "SANDBOX",
    async createCheckout(req) {
      const ttl = env().PAYMENT_CHECKOUT_TTL_MINUTES;
      const token = sandboxCheckoutToken(req.paymentId);
      return {
        gatewayPaymentId: `${SANDBOX_PREFIX}${req.paymentId.slice(4)}`,
        redirectUrl: tenantUrl(req.tenantSlug, `/pay/sandbox/${req.paymentId}?token=${token}`),
        expiresAt: new Date(req.now.getTime() + ttl * 60_000),
      };
    },
    // The sandbox plays a gateway that has the money once the payer pressed Pay; an admin's capture confirms it.
    async capture() {
      return { state: "PAID" };
    },
    async refund(p) {
      return { gatewayRefundId: `sbxre_${p.refundId.slice(4)}`, status: "COMPLETED" };
    },
    async parseWebhook(rawBody: string, headers: Headers): Promise<NormalizedEvent[]> {
      const sig = header(headers, SANDBOX_SIGNATURE_HEADER);
      if (!sig) throw invalidSignature();
      const expected = Buffer.from(sandboxSign(rawBody));
      const given = Buffer.from(sig.trim());
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidSignature();
      let parsed: TSandboxEvent;
      try {
        parsed = ZSandboxEvent.parse(JSON.parse(rawBody));
      } catch {
        return [{ eventId: `invalid:${createHmac("sha256", "x").update(rawBody).digest("hex").slice(0, 24)}`, type: "ignored", detail: "MALFORMED" }];
      }
      const ref = { paymentId: parsed.paymentId, gatewayPaymentId: parsed.gatewayPaymentId };
      switch (parsed.type) {
        case "payment.succeeded":
          return [{ eventId: parsed.id, type: "payment.captured", ...ref }];
        case "payment.cancelled":
          return [{ eventId: parsed.id, type: "payment.failed", ...ref, failure: "CANCELLED" }];
        case "payment.failed":
          return [{ eventId: parsed.id, type: "payment.failed", ...ref, failure: parsed.failure ?? "FAILED" }];
        case "refund.succeeded":
          return [{ eventId: parsed.id, type: "refund.completed", ...ref, gatewayRefundId: parsed.refundId ? `sbxre_${parsed.refundId.slice(4)}` : "", refundId: parsed.refundId }];
      }
    },
  };
}
