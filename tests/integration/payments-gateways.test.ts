import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, enrollments, payments, tenants } from "../../server/db/schema";
import { sandboxSign } from "../../server/services/payments/gateways/sandbox";
import { createLearningCourse } from "../factories/learning";
import { newLearner, startWorld, type World } from "../helpers/attendance";
import { envPatch } from "../helpers/env-patch";
import { startFakeMollie, type FakeMollie } from "../helpers/fake-mollie";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe";
import { eventRows, expectError } from "../helpers/rest";

/**
 * Issue #12 item 5: the two real adapters against local fakes of their providers' HTTP APIs
 * (tests/helpers/fake-stripe.ts, fake-mollie.ts). PSP_A_ISV: a Checkout Session whose
 * PaymentIntent is a Connect destination charge (application_fee_amount, transfer_data.destination),
 * idempotency keys on every creating call, `Stripe-Signature` callbacks. PSP_B: a payment with
 * `routing` to the tenant's organization, Idempotency-Key, classic unsigned webhooks re-fetched
 * from the API and signed next-gen ones.
 */

let w: World;
let stripe: FakeStripe;
let mollie: FakeMollie;
const env = envPatch();
let courseId: string;
const PRICE = 12_000;
const SUCCESS = "https://shop.example.test/ok";
const CANCEL = "https://shop.example.test/ko";

async function intent(gateway: "PSP_A_ISV" | "PSP_B") {
  const learner = await newLearner(w, { enroll: false });
  const res = await w.call("POST", "/payments/intent", w.tok.admin, { courseId, userId: learner.userId, gateway, successUrl: SUCCESS, cancelUrl: CANCEL });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const row = (await w.api.db.select().from(payments).where(eq(payments.id, res.body.data.paymentId)))[0]!;
  return { learner, data: res.body.data as { paymentId: string; redirectUrl: string; expiresAt: string }, row };
}

const row = async (id: string) => (await w.api.db.select().from(payments).where(eq(payments.id, id)))[0]!;

const postStripe = (body: string, signature: string | null) =>
  w.api.call("POST", "/payments/webhooks/PSP_A_ISV", { raw: body, headers: { "Content-Type": "application/json; charset=utf-8", ...(signature ? { "Stripe-Signature": signature } : {}) } });
const postMollie = (body: string, headers: Record<string, string> = {}) =>
  w.api.call("POST", "/payments/webhooks/psp_b", { raw: body, headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } });

beforeAll(async () => {
  w = await startWorld();
  stripe = await startFakeStripe();
  mollie = await startFakeMollie();
  env.set({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_HOST: stripe.host,
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: "http",
    MOLLIE_API_KEY: mollie.apiKey,
    MOLLIE_API_ENDPOINT: mollie.url,
    MOLLIE_WEBHOOK_SECRET: mollie.webhookSecret,
    PLATFORM_FEE_PERCENT: "7.5",
    // The PSP_B SDK only speaks TLS, trusting its bundled CA list: the fake's certificate is self-signed.
    NODE_TLS_REJECT_UNAUTHORIZED: "0",
  });
  await w.api.db.update(tenants).set({ integrations: { stripeAccountId: "acct_1AcmeConnected", mollieOrganizationId: "org_acme1234" } }).where(eq(tenants.id, w.acmeId));
  const c = await createLearningCourse(w.api.db, w.acmeId, { creatorId: w.uid.creator, title: "Habilitation électrique" });
  await w.api.db.update(courses).set({ price: PRICE }).where(eq(courses.id, c.id));
  courseId = c.id;
}, 120_000);
afterAll(async () => {
  env.restore();
  await stripe?.close();
  await mollie?.close();
  await w.close();
});

describe("PSP_A_ISV (Stripe SDK against the fake)", () => {
  it("the intent creates a Checkout Session: destination charge with the platform fee, metadata, idempotency key; redirect to the session's URL", async () => {
    const { data, row: p } = await intent("PSP_A_ISV");
    const req = stripe.requests.find((r) => r.method === "POST" && r.path === "/v1/checkout/sessions" && r.form["metadata[paymentId]"] === data.paymentId)!;
    expect(req).toBeDefined();
    expect(req.idempotencyKey).toBe(`${data.paymentId}:checkout`);
    expect(req.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(req.form).toMatchObject({
      mode: "payment",
      client_reference_id: data.paymentId,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": String(PRICE),
      "line_items[0][price_data][product_data][name]": "Habilitation électrique",
      success_url: SUCCESS,
      cancel_url: CANCEL,
      "payment_intent_data[application_fee_amount]": "900", // 7.5 % of 120.00
      "payment_intent_data[transfer_data][destination]": "acct_1AcmeConnected",
      "payment_intent_data[metadata][paymentId]": data.paymentId,
      "payment_intent_data[metadata][tenantId]": w.acmeId,
    });
    expect(p).toMatchObject({ gatewayPaymentId: expect.stringMatching(/^cs_test_/), platformFeeCents: 900, status: "PENDING" });
    expect(data.redirectUrl).toBe(`https://checkout.stripe.test/c/pay/${p.gatewayPaymentId}`);
    expect(data.expiresAt).toBe(new Date(Number(req.form.expires_at) * 1000).toISOString());
    const detail = await w.call("GET", `/payments/${data.paymentId}`, w.tok.admin);
    expect(detail.body.data.mode).toBe("LIVE");
  });

  it("checkout.session.completed (signed) captures: enrollment and payment.completed; the same event again is acknowledged and ignored; bad, foreign or stale signatures 401", async () => {
    const { data, row: p, learner } = await intent("PSP_A_ISV");
    stripe.pay(p.gatewayPaymentId!);
    const session = { ...stripe.sessions.get(p.gatewayPaymentId!)! };
    const ev = stripe.signEvent("checkout.session.completed", session);
    expectError(await postStripe(ev.body, null), 401);
    expectError(await postStripe(ev.body.replace('"paid"', '"unpaid"'), ev.signature), 401); // body changed after signing
    const foreign = stripe.signEvent("checkout.session.completed", session, { secret: "whsec_someone_else" });
    const bad = await postStripe(foreign.body, foreign.signature);
    expectError(bad, 401);
    expect(bad.body.code).toBe("INVALID_PAYMENT_SIGNATURE");
    const stale = stripe.signEvent("checkout.session.completed", session, { at: new Date(Date.now() - 10 * 60_000) });
    expectError(await postStripe(stale.body, stale.signature), 401);
    // A sandbox signature does not speak for a live payment.
    const sbx = JSON.stringify({ id: "sbxevt_forged", type: "payment.succeeded", paymentId: data.paymentId, gatewayPaymentId: p.gatewayPaymentId });
    expect((await w.api.call("POST", "/payments/webhooks/PSP_A_ISV", { raw: sbx, headers: { "X-Sandbox-Signature": sandboxSign(sbx) } })).body.data.handled).toEqual(["IGNORED"]);
    expect((await row(data.paymentId)).status).toBe("PENDING");

    const ok = await postStripe(ev.body, ev.signature);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toEqual({ received: true, duplicate: false, handled: ["CAPTURED"] });
    const captured = await row(data.paymentId);
    expect(captured).toMatchObject({ status: "CAPTURED", enrollmentId: expect.stringMatching(/^enr_/) });
    const [enr] = await w.api.db.select().from(enrollments).where(eq(enrollments.id, captured.enrollmentId!));
    expect(enr).toMatchObject({ userId: learner.userId, paymentMethod: "PSP_A_ISV", status: "ACTIVE" });
    const replay = await postStripe(ev.body, ev.signature);
    expect(replay.body.data).toEqual({ received: true, duplicate: true, handled: ["DUPLICATE"] });
    const completed = (await eventRows(w.api, w.acmeId, "payment.completed")).filter((e) => (e.data as { paymentId: string }).paymentId === data.paymentId);
    expect(completed).toHaveLength(1);
    // An event type the platform does not act on is acknowledged.
    const other = stripe.signEvent("customer.created", { id: "cus_1", object: "customer" });
    expect((await postStripe(other.body, other.signature)).body.data.handled).toEqual(["IGNORED"]);
  });

  it("checkout.session.expired: FAILED (EXPIRED) and payment.failed", async () => {
    const { data, row: p } = await intent("PSP_A_ISV");
    const s = { ...stripe.sessions.get(p.gatewayPaymentId!)!, status: "expired" };
    const ev = stripe.signEvent("checkout.session.expired", s);
    expect((await postStripe(ev.body, ev.signature)).body.data.handled).toEqual(["FAILED"]);
    expect(await row(data.paymentId)).toMatchObject({ status: "FAILED", failureReason: "EXPIRED" });
  });

  it("capture: an authorised PaymentIntent is captured with the key {id}:capture; an unpaid session is 409 PAYMENT_NOT_PAID", async () => {
    const unpaid = await intent("PSP_A_ISV");
    const notYet = await w.call("POST", `/payments/${unpaid.data.paymentId}/capture`, w.tok.admin);
    expectError(notYet, 409);
    expect(notYet.body.code).toBe("PAYMENT_NOT_PAID");

    const { data, row: p } = await intent("PSP_A_ISV");
    const pi = stripe.pay(p.gatewayPaymentId!, { manualCapture: true });
    const res = await w.call("POST", `/payments/${data.paymentId}/capture`, w.tok.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe("CAPTURED");
    const cap = stripe.requests.find((r) => r.path === `/v1/payment_intents/${pi.id}/capture`)!;
    expect(cap.idempotencyKey).toBe(`${data.paymentId}:capture`);
    expect(cap.form.amount_to_capture).toBe(String(PRICE));
    expect(stripe.intents.get(pi.id)!.status).toBe("succeeded");
  });

  it("refunds reverse the transfer and the application fee, keyed by the refund id; a pending refund completes on refund.updated and the full refund revokes the enrollment", async () => {
    const { data, row: p } = await intent("PSP_A_ISV");
    const pi = stripe.pay(p.gatewayPaymentId!);
    const ev = stripe.signEvent("checkout.session.completed", stripe.sessions.get(p.gatewayPaymentId!)!);
    await postStripe(ev.body, ev.signature);

    stripe.refundStatus = "succeeded";
    const part = await w.call("POST", `/payments/${data.paymentId}/refund`, w.tok.admin, { amount: 3_000 });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body.data.status).toBe("COMPLETED");
    const r1 = stripe.requests.filter((r) => r.path === "/v1/refunds").at(-1)!;
    expect(r1.idempotencyKey).toBe(part.body.data.id);
    expect(r1.form).toMatchObject({ payment_intent: pi.id, amount: "3000", reverse_transfer: "true", refund_application_fee: "true", "metadata[refundId]": part.body.data.id });

    stripe.refundStatus = "pending";
    const rest = await w.call("POST", `/payments/${data.paymentId}/refund`, w.tok.admin);
    expect(rest.status).toBe(201);
    expect(rest.body.data.status).toBe("PENDING");
    expect(await row(data.paymentId)).toMatchObject({ status: "CAPTURED", refundedCents: 3_000 });
    // Nothing left to ask while that refund is pending.
    expect((await w.call("POST", `/payments/${data.paymentId}/refund`, w.tok.admin, { amount: 1 })).body.code).toBe("REFUND_EXCEEDS_REMAINING");
    const r2 = stripe.requests.filter((r) => r.path === "/v1/refunds").at(-1)!;
    const detail = await w.call("GET", `/payments/${data.paymentId}`, w.tok.admin);
    const pendingRefund = detail.body.data.refunds.find((r: { id: string }) => r.id === rest.body.data.id);
    expect(pendingRefund).toMatchObject({ amount: 9_000, status: "PENDING", gatewayRefundId: expect.stringMatching(/^re_/) });
    const done = stripe.signEvent("refund.updated", { id: pendingRefund.gatewayRefundId, object: "refund", amount: 9_000, status: "succeeded", payment_intent: pi.id, metadata: { refundId: rest.body.data.id, paymentId: data.paymentId } });
    const cb = await postStripe(done.body, done.signature);
    expect(cb.body.data.handled).toEqual(["REFUND_COMPLETED"]);
    expect(r2.form.amount).toBe("9000");
    const after = await row(data.paymentId);
    expect(after).toMatchObject({ status: "REFUNDED", refundedCents: PRICE });
    const [enr] = await w.api.db.select().from(enrollments).where(eq(enrollments.id, after.enrollmentId!));
    expect(enr!.status).toBe("REVOKED");
    stripe.refundStatus = "succeeded";
  });

  it("a gateway failure: 503 PAYMENT_GATEWAY_ERROR and the payment FAILED (GATEWAY_ERROR)", async () => {
    env.set({ STRIPE_SECRET_KEY: "sk_test_wrong" });
    try {
      const learner = await newLearner(w, { enroll: false });
      const res = await w.call("POST", "/payments/intent", w.tok.admin, { courseId, userId: learner.userId, successUrl: SUCCESS, cancelUrl: CANCEL });
      expectError(res, 503);
      expect(res.body.code).toBe("PAYMENT_GATEWAY_ERROR");
      const [p] = await w.api.db.select().from(payments).where(eq(payments.userId, learner.userId));
      expect(p).toMatchObject({ status: "FAILED", failureReason: "GATEWAY_ERROR" });
    } finally {
      env.set({ STRIPE_SECRET_KEY: stripe.secretKey });
    }
  });
});

describe("PSP_B (Mollie SDK against the fake)", () => {
  it("the intent creates a payment routed to the tenant's organization (amount minus the platform fee), with webhookUrl and an Idempotency-Key", async () => {
    const { data, row: p } = await intent("PSP_B");
    const req = mollie.requests.find((r) => r.method === "POST" && r.path === "/v2/payments" && r.body?.metadata?.paymentId === data.paymentId)!;
    expect(req.idempotencyKey).toBe(`${data.paymentId}:checkout`);
    expect(req.body).toMatchObject({
      amount: { currency: "EUR", value: "120.00" },
      description: "Habilitation électrique",
      redirectUrl: SUCCESS,
      cancelUrl: CANCEL,
      webhookUrl: "http://localhost:3000/api/v1/payments/webhooks/PSP_B",
      metadata: { paymentId: data.paymentId, tenantId: w.acmeId },
      routing: [{ amount: { currency: "EUR", value: "111.00" }, destination: { type: "organization", organizationId: "org_acme1234" } }],
    });
    expect(p).toMatchObject({ gatewayPaymentId: expect.stringMatching(/^tr_/), platformFeeCents: 900 });
    expect(data.redirectUrl).toBe(`https://www.mollie.test/checkout/select-method/${p.gatewayPaymentId!.slice(3)}`);
  });

  it("classic webhooks (id=tr_…) are re-fetched from the API: open is ignored, paid captures, a replay is a duplicate, an unknown id 401", async () => {
    const { data, row: p } = await intent("PSP_B");
    const body = `id=${p.gatewayPaymentId}`;
    expect((await postMollie(body)).body.data.handled).toEqual(["IGNORED"]);
    mollie.setStatus(p.gatewayPaymentId!, "paid");
    const paid = await postMollie(body);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toEqual({ received: true, duplicate: false, handled: ["CAPTURED"] });
    expect(await row(data.paymentId)).toMatchObject({ status: "CAPTURED", enrollmentId: expect.stringMatching(/^enr_/) });
    expect((await postMollie(body)).body.data).toEqual({ received: true, duplicate: true, handled: ["DUPLICATE"] });
    const unknown = await postMollie("id=tr_doesNotExist");
    expectError(unknown, 401);
    expect(unknown.body.code).toBe("INVALID_PAYMENT_SIGNATURE");
    expectError(await postMollie("hello=world"), 401);
    expect(mollie.requests.filter((r) => r.method === "GET" && r.path === `/v2/payments/${p.gatewayPaymentId}`).length).toBeGreaterThanOrEqual(3);
  });

  it("signed next-gen webhooks: X-Mollie-Signature checked (401 when wrong), then the payment re-fetched; canceled: FAILED CANCELLED", async () => {
    const { data, row: p } = await intent("PSP_B");
    mollie.setStatus(p.gatewayPaymentId!, "canceled");
    const signed = mollie.signNextGen(p.gatewayPaymentId!);
    const forged = mollie.signNextGen(p.gatewayPaymentId!, "not-the-secret");
    expectError(await postMollie(signed.body, { "Content-Type": "application/json", "X-Mollie-Signature": forged.signature }), 401);
    expect((await row(data.paymentId)).status).toBe("PENDING");
    const ok = await postMollie(signed.body, { "Content-Type": "application/json", "X-Mollie-Signature": signed.signature });
    expect(ok.body.data.handled).toEqual(["FAILED"]);
    expect(await row(data.paymentId)).toMatchObject({ status: "FAILED", failureReason: "CANCELLED" });
  });

  it("capture of an authorised payment goes through the captures API with its key; refunds reverse the routing and complete on the webhook", async () => {
    const { data, row: p } = await intent("PSP_B");
    mollie.setStatus(p.gatewayPaymentId!, "authorized");
    const cap = await w.call("POST", `/payments/${data.paymentId}/capture`, w.tok.admin);
    expect(cap.status, JSON.stringify(cap.body)).toBe(200);
    expect(cap.body.data.status).toBe("CAPTURED");
    const capReq = mollie.requests.find((r) => r.method === "POST" && r.path === `/v2/payments/${p.gatewayPaymentId}/captures`)!;
    expect(capReq.idempotencyKey).toBe(`${data.paymentId}:capture`);
    expect(capReq.body).toMatchObject({ amount: { currency: "EUR", value: "120.00" } });

    const part = await w.call("POST", `/payments/${data.paymentId}/refund`, w.tok.admin, { amount: 2_000 });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body.data.status).toBe("PENDING");
    const partReq = mollie.requests.filter((r) => r.method === "POST" && r.path.endsWith("/refunds")).at(-1)!;
    expect(partReq.idempotencyKey).toBe(part.body.data.id);
    // The tenant's share of 20.00 is 111/120 of it: 18.50.
    expect(partReq.body).toMatchObject({
      amount: { currency: "EUR", value: "20.00" },
      metadata: { refundId: part.body.data.id },
      routingReversals: [{ amount: { currency: "EUR", value: "18.50" }, source: { type: "organization", organizationId: "org_acme1234" } }],
    });
    const mollieRefund = [...mollie.refunds.values()].find((r) => (r.metadata as { refundId: string }).refundId === part.body.data.id)!;
    mollie.completeRefund(mollieRefund.id);
    const cb = await postMollie(`id=${p.gatewayPaymentId}`);
    expect(cb.body.data.handled).toEqual(["IGNORED", "REFUND_COMPLETED"]); // paid: already captured by the admin; the refund is new
    expect(await row(data.paymentId)).toMatchObject({ status: "CAPTURED", refundedCents: 2_000 });

    const full = await w.call("POST", `/payments/${data.paymentId}/refund`, w.tok.admin);
    expect(full.status).toBe(201);
    const fullReq = mollie.requests.filter((r) => r.method === "POST" && r.path.endsWith("/refunds")).at(-1)!;
    expect(fullReq.body).toMatchObject({ amount: { currency: "EUR", value: "100.00" } });
    expect(fullReq.body!.routingReversals).toMatchObject([{ amount: { value: "92.50" } }]);
    const second = [...mollie.refunds.values()].find((r) => (r.metadata as { refundId: string }).refundId === full.body.data.id)!;
    mollie.completeRefund(second.id);
    expect((await postMollie(`id=${p.gatewayPaymentId}`)).body.data.handled).toEqual(["DUPLICATE", "DUPLICATE", "REFUND_COMPLETED"]);
    const after = await row(data.paymentId);
    expect(after).toMatchObject({ status: "REFUNDED", refundedCents: PRICE });
    const [enr] = await w.api.db.select().from(enrollments).where(eq(enrollments.id, after.enrollmentId!));
    expect(enr!.status).toBe("REVOKED");
  });
});
