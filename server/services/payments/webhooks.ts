import { and, eq, or } from "drizzle-orm";
import type { RequestActor } from "../../auth/caller";
import type { Db, DbOrTx } from "../../db";
import { gatewayEvents, payments, refunds } from "../../db/schema";
import { forTenant } from "../../db/tenant-scope";
import { DomainError } from "../../errors";
import { log } from "../../lib/log";
import { applyCapture, applyFailure, applyRefundCompleted, lockPayment, type PaymentRow } from "./effects";
import { gatewayAdapter, isLive, isSandboxPayment, sandboxAllowed, type GatewayName, type NormalizedEvent } from "./gateways";
import { sandboxAdapter, SANDBOX_SIGNATURE_HEADER } from "./gateways/sandbox";
import { header, type Headers } from "./gateways/types";

/**
 * POST /payments/webhooks/{gateway}: one handler for every gateway's callbacks, the sandbox's
 * included. The adapter authenticates the call (401 INVALID_PAYMENT_SIGNATURE) and normalizes its
 * events; each event is handled in its own transaction that first records (gateway, event id) in
 * gateway_events — a repeated id is acknowledged and ignored — then locks the payment and applies
 * the change (effects.ts). Events naming no payment of ours are recorded and acknowledged (200),
 * so the gateway stops retrying what can never succeed.
 */
const WEBHOOK_GATEWAYS = ["PSP_A_ISV", "PSP_B"] as const;

export function gatewayOfPath(value: string): GatewayName | null {
  const v = value.toUpperCase();
  return (WEBHOOK_GATEWAYS as readonly string[]).includes(v) ? (v as GatewayName) : null;
}

export type WebhookOutcome = { received: true; duplicate: boolean; handled: string[] };

type RequestInfo = Pick<RequestActor, "ip" | "userAgent" | "requestId">;

async function findPayment(tx: DbOrTx, gateway: GatewayName, e: NormalizedEvent): Promise<PaymentRow | null> {
  if (e.type === "ignored") return null;
  if (e.paymentId) {
    const [p] = await tx.select().from(payments).where(and(eq(payments.id, e.paymentId), eq(payments.gateway, gateway))).limit(1);
    if (p && (!e.gatewayPaymentId || !p.gatewayPaymentId || p.gatewayPaymentId === e.gatewayPaymentId)) return p;
  }
  if (e.gatewayPaymentId) {
    const [p] = await tx.select().from(payments).where(and(eq(payments.gateway, gateway), eq(payments.gatewayPaymentId, e.gatewayPaymentId))).limit(1);
    if (p) return p;
  }
  if (e.type === "refund.completed") {
    const conds = [e.gatewayRefundId ? eq(refunds.gatewayRefundId, e.gatewayRefundId) : undefined, e.refundId ? eq(refunds.id, e.refundId) : undefined].filter(Boolean);
    if (!conds.length) return null;
    const [r] = await tx.select({ paymentId: refunds.paymentId, tenantId: refunds.tenantId }).from(refunds).where(or(...conds)).limit(1);
    if (!r) return null;
    const [p] = await tx.select().from(payments).where(forTenant(r.tenantId).where(payments, eq(payments.id, r.paymentId), eq(payments.gateway, gateway))).limit(1);
    return p ?? null;
  }
  return null;
}

async function handleEvent(db: Db, gateway: GatewayName, e: NormalizedEvent, sandbox: boolean, info: RequestInfo, now: Date): Promise<{ duplicate: boolean; handled: string }> {
  return db.transaction(async (tx) => {
    let payment = await findPayment(tx, gateway, e);
    // A sandbox signature only speaks for the sandbox's own payments.
    if (payment && sandbox !== isSandboxPayment(payment)) payment = null;
    const [fresh] = await tx
      .insert(gatewayEvents)
      .values({ gateway, eventId: e.eventId, tenantId: payment?.tenantId ?? null, paymentId: payment?.id ?? null, type: e.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: gatewayEvents.eventId });
    if (!fresh) return { duplicate: true, handled: "DUPLICATE" };
    if (!payment) return { duplicate: false, handled: "IGNORED" };
    const scope = forTenant(payment.tenantId);
    const actor = { ...info, userId: null, scope };
    const locked = await lockPayment(tx, scope, payment.id);
    const source = `webhook:${gateway}${sandbox ? ":sandbox" : ""}:${e.eventId}`;
    switch (e.type) {
      case "payment.captured":
        return { duplicate: false, handled: (await applyCapture(tx, actor, locked, now, source)) ? "CAPTURED" : "IGNORED" };
      case "payment.failed":
        return { duplicate: false, handled: (await applyFailure(tx, actor, locked, e.failure, now, source)) ? "FAILED" : "IGNORED" };
      case "refund.completed": {
        const conds = [e.refundId ? eq(refunds.id, e.refundId) : undefined, e.gatewayRefundId ? eq(refunds.gatewayRefundId, e.gatewayRefundId) : undefined].filter(Boolean);
        const [r] = await tx
          .select()
          .from(refunds)
          .where(scope.where(refunds, eq(refunds.paymentId, locked.id), or(...conds)))
          .limit(1)
          .for("update");
        if (!r) return { duplicate: false, handled: "IGNORED" };
        if (!r.gatewayRefundId && e.gatewayRefundId) await tx.update(refunds).set({ gatewayRefundId: e.gatewayRefundId }).where(scope.where(refunds, eq(refunds.id, r.id)));
        return { duplicate: false, handled: (await applyRefundCompleted(tx, actor, locked, r, now, source)) ? "REFUND_COMPLETED" : "IGNORED" };
      }
      default:
        return { duplicate: false, handled: "IGNORED" };
    }
  });
}

export async function receiveGatewayWebhook(db: Db, gateway: GatewayName, rawBody: string, headers: Headers, info: RequestInfo, now: Date): Promise<WebhookOutcome> {
  const sandbox = Boolean(header(headers, SANDBOX_SIGNATURE_HEADER));
  // A gateway without keys only hears its sandbox (when the sandbox is allowed): anything else is not authentic.
  if (sandbox ? !sandboxAllowed() : !isLive(gateway)) throw new DomainError("UNAUTHORIZED", "Invalid payment callback signature", { reason: "INVALID_PAYMENT_SIGNATURE" });
  const adapter = sandbox ? sandboxAdapter(gateway) : gatewayAdapter(gateway);
  const events = await adapter.parseWebhook(rawBody, headers);
  const handled: string[] = [];
  let duplicates = 0;
  for (const e of events) {
    const r = await handleEvent(db, gateway, e, sandbox, info, now);
    if (r.duplicate) duplicates += 1;
    handled.push(r.handled);
  }
  log.info("payments.webhook", { gateway, sandbox, events: events.map((e) => `${e.type}:${e.eventId}`), handled });
  return { received: true, duplicate: events.length > 0 && duplicates === events.length, handled };
}
