import { eq } from "drizzle-orm";
import { sameTenant } from "../../db/tenant-scope";
import type { PublicCaller } from "../../auth/caller";
import type { TSandboxCheckout } from "../../contracts/payments";
import type { Db } from "../../db";
import { courses, payments, users } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { fullName } from "../enrollments/serialize";
import { isSandboxPayment, sandboxAllowed, type GatewayName } from "./gateways";
import { checkSandboxToken, SANDBOX_SIGNATURE_HEADER, sandboxEvent, sandboxSign } from "./gateways/sandbox";
import { receiveGatewayWebhook } from "./webhooks";

/**
 * The sandbox checkout page's operations (conventions §9): the page of a sandbox payment reads
 * it, and its Pay and Cancel buttons make the server post a sandbox-signed callback through the
 * same webhook handler as the real gateways. The link's token (an HMAC of the payment id)
 * authorises them, like a gateway's checkout session URL: no sign-in needed. A wrong token, a
 * payment of a live gateway or of another tenant: 404.
 */
async function sandboxPayment(db: Db, caller: PublicCaller, id: string, token: string) {
  const [row] = await db
    .select({ p: payments, courseTitle: courses.title, firstName: users.firstName, lastName: users.lastName })
    .from(payments)
    .innerJoin(courses, sameTenant(courses, payments, courses.id, payments.courseId))
    .innerJoin(users, eq(users.id, payments.userId))
    .where(caller.scope.where(payments, eq(payments.id, id)))
    .limit(1);
  if (!row || !isSandboxPayment(row.p) || !sandboxAllowed() || !checkSandboxToken(id, token)) throw notFound("Payment");
  return row;
}

export async function getSandboxCheckout(db: Db, caller: PublicCaller, id: string, token: string): Promise<TSandboxCheckout> {
  const { p, courseTitle, ...payer } = await sandboxPayment(db, caller, id, token);
  return {
    id: p.id,
    status: p.status,
    gateway: p.gateway as GatewayName,
    amount: p.amount,
    currency: p.currency,
    courseTitle,
    payerName: fullName(payer),
    expiresAt: p.expiresAt?.toISOString() ?? null,
    successUrl: p.successUrl,
    cancelUrl: p.cancelUrl,
  };
}

/**
 * Pay: `payment.succeeded` (past expiresAt: `payment.failed` EXPIRED instead); Cancel:
 * `payment.cancelled`. Only a PENDING payment (409 PAYMENT_NOT_PENDING). Answers the status after
 * the callback and where the gateway sends the payer (successUrl after a capture, else cancelUrl).
 */
export async function sandboxAct(db: Db, caller: PublicCaller, id: string, token: string, action: "pay" | "cancel", now: Date) {
  const { p } = await sandboxPayment(db, caller, id, token);
  if (p.status !== "PENDING") throw conflict("The payment is no longer pending", "PAYMENT_NOT_PENDING");
  const expired = p.expiresAt !== null && now.getTime() > p.expiresAt.getTime();
  const type = action === "cancel" ? "payment.cancelled" : expired ? "payment.failed" : "payment.succeeded";
  const body = JSON.stringify(sandboxEvent({ type, paymentId: p.id, gatewayPaymentId: p.gatewayPaymentId!, ...(type === "payment.failed" ? { failure: "EXPIRED" } : {}) }));
  await receiveGatewayWebhook(db, p.gateway as GatewayName, body, { [SANDBOX_SIGNATURE_HEADER]: sandboxSign(body), "content-type": "application/json" }, caller, now);
  const [after] = await db.select({ status: payments.status }).from(payments).where(caller.scope.where(payments, eq(payments.id, p.id))).limit(1);
  const status = after?.status ?? p.status;
  return { status, redirectUrl: status === "CAPTURED" ? p.successUrl : p.cancelUrl };
}
