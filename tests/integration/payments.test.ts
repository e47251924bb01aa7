import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_DATA } from "../../server/contracts/events";
import { courses, enrollments, gatewayEvents, payments, refunds } from "../../server/db/schema";
import { sandboxSign } from "../../server/services/payments/gateways/sandbox";
import { createLearningCourse } from "../factories/learning";
import { newLearner, startWorld, type World } from "../helpers/attendance";
import { withEnv } from "../helpers/env-patch";
import { auditRows, eventRows, expectError, expectUnknownFields } from "../helpers/rest";

/**
 * Issue #12 item 5, sandbox mode (no gateway keys: conventions §9): intents, the sandbox checkout
 * and its signed callbacks, the learner's own checkout, capture, refunds (partial and total), the
 * list and the detail, through the REST surface; the events of the outbox; the enrollment created
 * on capture and revoked on a full refund; roles and cross-tenant access for every operation.
 */

let w: World;
let paid: { id: string; title: string; slug: string };
let globexPaid: { id: string };
const PRICE = 12_000;
const PAY = /^pay_[a-z0-9]{24}$/;
const REF = /^ref_[a-z0-9]{24}$/;
const SUCCESS = "https://shop.example.test/merci";
const CANCEL = "https://shop.example.test/annule";

async function paidCourse(tenantId: string, creatorId: string, price = PRICE, status: "PUBLISHED" | "DRAFT" = "PUBLISHED") {
  const c = await createLearningCourse(w.api.db, tenantId, { creatorId, status, title: `Formation payante ${Math.random().toString(36).slice(2, 7)}` });
  await w.api.db.update(courses).set({ price, currency: "EUR" }).where(eq(courses.id, c.id));
  return c;
}

const intentBody = (userId: string, extra: Record<string, unknown> = {}) => ({ courseId: paid.id, userId, successUrl: SUCCESS, cancelUrl: CANCEL, ...extra });

async function intent(userId: string, extra: Record<string, unknown> = {}) {
  const res = await w.call("POST", "/payments/intent", w.tok.admin, intentBody(userId, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { paymentId: string; redirectUrl: string; expiresAt: string };
}

const tokenOf = (redirectUrl: string) => new URL(redirectUrl).searchParams.get("token")!;

async function paymentRow(id: string) {
  const [row] = await w.api.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function eventsFor(name: keyof typeof EVENT_DATA, key: "paymentId" | "enrollmentId", id: string) {
  const rows = await eventRows(w.api, w.acmeId, name);
  const mine = rows.filter((r) => (r.data as Record<string, unknown>)[key] === id);
  for (const r of mine) EVENT_DATA[name].parse(r.data); // exactly the event's schema
  return mine.map((r) => r.data as Record<string, any>);
}

/** A captured sandbox payment of a new learner: intent, then the sandbox page's Pay. */
async function capturedPayment() {
  const learner = await newLearner(w, { enroll: false });
  const i = await intent(learner.userId);
  const pay = await w.call("POST", `/payments/sandbox/${i.paymentId}/pay`, undefined, { token: tokenOf(i.redirectUrl) });
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  return { learner, paymentId: i.paymentId };
}

beforeAll(async () => {
  w = await startWorld();
  const c = await paidCourse(w.acmeId, w.uid.creator);
  paid = { id: c.id, title: c.title, slug: c.slug };
  globexPaid = await paidCourse(w.globexId, w.uid.globexAdmin);
}, 120_000);
afterAll(() => w.close());

describe("demo data (npm run db:seed)", () => {
  it("each tenant has payments on both gateways: captured, partly refunded, failed", async () => {
    for (const [tenant, token] of [
      ["acme", w.tok.admin],
      ["globex", w.tok.globexAdmin],
    ] as const) {
      const res = await w.api.call("GET", "/payments?perPage=100", { tenant, token });
      expect(res.status).toBe(200);
      const list = res.body.data as { id: string; gateway: string; status: string; refundedCents: number; enrollmentId: string | null; amount: number }[];
      expect(new Set(list.map((p) => p.gateway))).toEqual(new Set(["PSP_A_ISV", "PSP_B"]));
      expect(list.filter((p) => p.status === "FAILED")).toHaveLength(2);
      const partly = list.find((p) => p.status === "CAPTURED" && p.refundedCents > 0)!;
      expect(partly.refundedCents).toBeLessThan(partly.amount);
      expect(partly.enrollmentId).toMatch(/^enr_/);
      const detail = await w.api.call("GET", `/payments/${partly.id}`, { tenant, token });
      expect(detail.body.data.refunds).toEqual([expect.objectContaining({ status: "COMPLETED", amount: partly.refundedCents })]);
    }
  });
});

describe("POST /payments/intent (sandbox mode)", () => {
  it("201 {paymentId, redirectUrl, expiresAt}: PENDING at the course's price, the sandbox checkout link, the platform's share; audited", async () => {
    const learner = await newLearner(w, { enroll: false });
    const res = await w.call("POST", "/payments/intent", w.tok.admin, intentBody(learner.userId, { gateway: "PSP_B" }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const d = res.body.data;
    expect(Object.keys(d).sort()).toEqual(["expiresAt", "paymentId", "redirectUrl"]);
    expect(d.paymentId).toMatch(PAY);
    expect(d.redirectUrl).toMatch(new RegExp(`^http://acme\\.localhost:3000/pay/sandbox/${d.paymentId}\\?token=[A-Za-z0-9_-]{32}$`));
    expect(d.expiresAt).toBe(new Date(w.now().getTime() + 30 * 60_000).toISOString());
    const row = await paymentRow(d.paymentId);
    expect(row).toMatchObject({ status: "PENDING", amount: PRICE, currency: "EUR", gateway: "PSP_B", userId: learner.userId, courseId: paid.id, platformFeeCents: 600, successUrl: SUCCESS, cancelUrl: CANCEL, createdBy: w.uid.admin });
    expect(row.gatewayPaymentId).toBe(`sbx_${d.paymentId.slice(4)}`);
    expect(await auditRows(w.api, "payment.intent_created", { targetId: d.paymentId })).toHaveLength(1);
    // PSP_A_ISV is the default gateway.
    const other = await newLearner(w, { enroll: false });
    expect((await paymentRow((await intent(other.userId)).paymentId)).gateway).toBe("PSP_A_ISV");
  });

  it("a FREE course never uses this flow: 422 COURSE_FREE (errors.courseId); DRAFT 422 COURSE_NOT_PUBLISHED", async () => {
    const learner = await newLearner(w, { enroll: false });
    const free = await paidCourse(w.acmeId, w.uid.creator, 0);
    const res = await w.call("POST", "/payments/intent", w.tok.admin, intentBody(learner.userId, { courseId: free.id }));
    expectError(res, 422);
    expect(res.body.code).toBe("COURSE_FREE");
    expect(Object.keys(res.body.errors)).toEqual(["courseId"]);
    const draft = await paidCourse(w.acmeId, w.uid.creator, PRICE, "DRAFT");
    const d = await w.call("POST", "/payments/intent", w.tok.admin, intentBody(learner.userId, { courseId: draft.id }));
    expectError(d, 422);
    expect(d.body.code).toBe("COURSE_NOT_PUBLISHED");
    expect(await w.api.db.select().from(payments).where(eq(payments.userId, learner.userId))).toEqual([]);
  });

  it("404 unknown or another tenant's course or user; 409 ALREADY_ENROLLED; 400 bad gateway or URL (errors names the field); 400 unknown field", async () => {
    const learner = await newLearner(w, { enroll: false });
    const cross = await w.call("POST", "/payments/intent", w.tok.admin, intentBody(learner.userId, { courseId: globexPaid.id }));
    expectError(cross, 404);
    expect(cross.body.code).toBe("COURSE_NOT_FOUND");
    expectError(await w.call("POST", "/payments/intent", w.tok.admin, intentBody("usr_nobody")), 404, "User not found");
    expectError(await w.call("POST", "/payments/intent", w.tok.admin, intentBody(w.uid.globexLearner)), 404);
    const enrolled = await newLearner(w, { courseId: paid.id });
    const dup = await w.call("POST", "/payments/intent", w.tok.admin, intentBody(enrolled.userId));
    expectError(dup, 409);
    expect(dup.body.code).toBe("ALREADY_ENROLLED");
    const bad = await w.call("POST", "/payments/intent", w.tok.admin, intentBody(learner.userId, { gateway: "FREE", successUrl: "javascript:alert(1)" }));
    expectError(bad, 400, "Validation failed");
    expect(Object.keys(bad.body.errors).sort()).toEqual(["gateway", "successUrl"]);
    expectUnknownFields(await w.call("POST", "/payments/intent", w.tok.admin, intentBody(learner.userId, { amount: 1 })), ["amount"]);
  });

  it("ADMIN only: CREATOR, FINANCIER, LEARNER 403; no token 401", async () => {
    const learner = await newLearner(w, { enroll: false });
    for (const who of ["creator", "finance", "learner", "trainer"] as const) expectError(await w.call("POST", "/payments/intent", w.tok[who], intentBody(learner.userId)), 403);
    expectError(await w.call("POST", "/payments/intent", undefined, intentBody(learner.userId)), 401);
  });
});

describe("sandbox checkout and the gateway callback", () => {
  it("GET /payments/sandbox/{id}: the page's data with the link's token; a wrong token or another tenant: 404", async () => {
    const learner = await newLearner(w, { enroll: false, firstName: "Zoé", lastName: "Payeur" });
    const i = await intent(learner.userId);
    const res = await w.call("GET", `/payments/sandbox/${i.paymentId}?token=${tokenOf(i.redirectUrl)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id: i.paymentId, status: "PENDING", gateway: "PSP_A_ISV", amount: PRICE, currency: "EUR", courseTitle: paid.title, payerName: "Zoé Payeur", expiresAt: i.expiresAt, successUrl: SUCCESS, cancelUrl: CANCEL });
    expectError(await w.call("GET", `/payments/sandbox/${i.paymentId}?token=${"x".repeat(32)}`), 404, "Payment not found");
    expectError(await w.api.call("GET", `/payments/sandbox/${i.paymentId}?token=${tokenOf(i.redirectUrl)}`, { tenant: "globex" }), 404);
    expectError(await w.call("POST", `/payments/sandbox/${i.paymentId}/pay`, undefined, { token: "nope" }), 404);
  });

  it("Pay: the signed callback captures the payment; the enrollment is created (paymentMethod = gateway); enrollment.created and payment.completed in the outbox", async () => {
    const learner = await newLearner(w, { enroll: false });
    const i = await intent(learner.userId);
    const res = await w.call("POST", `/payments/sandbox/${i.paymentId}/pay`, undefined, { token: tokenOf(i.redirectUrl) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ status: "CAPTURED", redirectUrl: SUCCESS });
    const row = await paymentRow(i.paymentId);
    expect(row).toMatchObject({ status: "CAPTURED", capturedAt: w.now() });
    const [enr] = await w.api.db.select().from(enrollments).where(and(eq(enrollments.userId, learner.userId), eq(enrollments.courseId, paid.id)));
    expect(enr).toMatchObject({ id: row.enrollmentId, status: "ACTIVE", paymentMethod: "PSP_A_ISV", enrolledBy: w.uid.admin });
    const completed = await eventsFor("payment.completed", "paymentId", i.paymentId);
    expect(completed).toEqual([
      {
        paymentId: i.paymentId,
        enrollmentId: enr!.id,
        courseId: paid.id,
        userId: learner.userId,
        courseTitle: paid.title,
        userName: `${learner.firstName} ${learner.lastName}`,
        amount: PRICE,
        currency: "EUR",
        gateway: "PSP_A_ISV",
        gatewayPaymentId: row.gatewayPaymentId,
        capturedAt: w.now().toISOString(),
      },
    ]);
    expect(await eventsFor("enrollment.created", "enrollmentId", enr!.id)).toHaveLength(1);
    const callbacks = await w.api.db.select().from(gatewayEvents).where(eq(gatewayEvents.paymentId, i.paymentId));
    expect(callbacks).toMatchObject([{ gateway: "PSP_A_ISV", tenantId: w.acmeId, type: "payment.captured" }]);
    expect(await auditRows(w.api, "payment.captured", { targetId: i.paymentId })).toHaveLength(1);
    // The checkout is over.
    const again = await w.call("POST", `/payments/sandbox/${i.paymentId}/pay`, undefined, { token: tokenOf(i.redirectUrl) });
    expectError(again, 409);
    expect(again.body.code).toBe("PAYMENT_NOT_PENDING");
  });

  it("Cancel: FAILED (reason CANCELLED) and payment.failed; no enrollment; redirect to cancelUrl", async () => {
    const learner = await newLearner(w, { enroll: false });
    const i = await intent(learner.userId, { gateway: "PSP_B" });
    const res = await w.call("POST", `/payments/sandbox/${i.paymentId}/cancel`, undefined, { token: tokenOf(i.redirectUrl) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ status: "FAILED", redirectUrl: CANCEL });
    expect(await paymentRow(i.paymentId)).toMatchObject({ status: "FAILED", failureReason: "CANCELLED", failedAt: w.now(), enrollmentId: null });
    const failed = await eventsFor("payment.failed", "paymentId", i.paymentId);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ failureReason: "CANCELLED", gateway: "PSP_B", enrollmentId: null });
    expect(await w.api.db.select().from(enrollments).where(eq(enrollments.userId, learner.userId))).toEqual([]);
  });

  it("Pay after expiresAt: the callback is payment.failed EXPIRED", async () => {
    const learner = await newLearner(w, { enroll: false });
    const i = await intent(learner.userId);
    await w.advance(31 * 60);
    const res = await w.call("POST", `/payments/sandbox/${i.paymentId}/pay`, undefined, { token: tokenOf(i.redirectUrl) });
    expect(res.body.data).toEqual({ status: "FAILED", redirectUrl: CANCEL });
    expect(await paymentRow(i.paymentId)).toMatchObject({ status: "FAILED", failureReason: "EXPIRED" });
  });

  it("POST /payments/webhooks/{gateway}: a bad or missing signature is 401 INVALID_PAYMENT_SIGNATURE; a replayed event id is acknowledged and ignored", async () => {
    const learner = await newLearner(w, { enroll: false });
    const i = await intent(learner.userId);
    const row = await paymentRow(i.paymentId);
    const body = JSON.stringify({ id: `sbxevt_replay_${i.paymentId}`, type: "payment.succeeded", paymentId: i.paymentId, gatewayPaymentId: row.gatewayPaymentId });
    const post = (b: string, sig: string | null, gateway = "PSP_A_ISV") => w.api.call("POST", `/payments/webhooks/${gateway}`, { raw: b, headers: { "Content-Type": "application/json", ...(sig ? { "X-Sandbox-Signature": sig } : {}) } });
    const none = await post(body, null);
    expectError(none, 401);
    expect(none.body.code).toBe("INVALID_PAYMENT_SIGNATURE");
    expectError(await post(body, `sha256=${"0".repeat(64)}`), 401);
    expectError(await post(body.replace("succeeded", "cancelled"), sandboxSign(body)), 401); // the body was changed after signing
    expect((await paymentRow(i.paymentId)).status).toBe("PENDING");

    const first = await post(body, sandboxSign(body));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ data: { received: true, duplicate: false, handled: ["CAPTURED"] } });
    const replay = await post(body, sandboxSign(body));
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ data: { received: true, duplicate: true, handled: ["DUPLICATE"] } });
    expect(await eventsFor("payment.completed", "paymentId", i.paymentId)).toHaveLength(1);
    expect(await w.api.db.select().from(enrollments).where(eq(enrollments.userId, learner.userId))).toHaveLength(1);
    // A later, different event for an already captured payment changes nothing.
    const late = JSON.stringify({ id: `sbxevt_late_${i.paymentId}`, type: "payment.cancelled", paymentId: i.paymentId, gatewayPaymentId: row.gatewayPaymentId });
    expect((await post(late, sandboxSign(late))).body.data.handled).toEqual(["IGNORED"]);
    expect((await paymentRow(i.paymentId)).status).toBe("CAPTURED");
    // Unknown payment: acknowledged (the gateway would retry forever otherwise); unknown gateway: 404.
    const ghost = JSON.stringify({ id: "sbxevt_ghost", type: "payment.succeeded", paymentId: "pay_ghost", gatewayPaymentId: "sbx_ghost" });
    expect((await post(ghost, sandboxSign(ghost))).body.data.handled).toEqual(["IGNORED"]);
    expectError(await post(body, sandboxSign(body), "PAYPAL"), 404);
    // Without gateway keys, a PSP_A_ISV callback signed the gateway's way is refused.
    const stripeLike = await w.api.call("POST", "/payments/webhooks/PSP_A_ISV", { raw: body, headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=abc" } });
    expectError(stripeLike, 401);
  });
});

describe("PAYMENT_SANDBOX=off (a deployment where keyless gateways must not enrol for free)", () => {
  it("the intent is 422 PAYMENT_GATEWAY_NOT_CONFIGURED (errors.gateway); the sandbox page 404; sandbox-signed callbacks 401", async () => {
    const learner = await newLearner(w, { enroll: false });
    const open = await intent(learner.userId);
    const row = await paymentRow(open.paymentId);
    await withEnv({ PAYMENT_SANDBOX: "off" }, async () => {
      const res = await w.call("POST", "/payments/intent", w.tok.admin, intentBody(learner.userId));
      expectError(res, 422);
      expect(res.body.code).toBe("PAYMENT_GATEWAY_NOT_CONFIGURED");
      expect(Object.keys(res.body.errors)).toEqual(["gateway"]);
      expectError(await w.call("GET", `/payments/sandbox/${open.paymentId}?token=${tokenOf(open.redirectUrl)}`), 404);
      expectError(await w.call("POST", `/payments/sandbox/${open.paymentId}/pay`, undefined, { token: tokenOf(open.redirectUrl) }), 404);
      const body = JSON.stringify({ id: "sbxevt_off", type: "payment.succeeded", paymentId: open.paymentId, gatewayPaymentId: row.gatewayPaymentId });
      expectError(await w.api.call("POST", "/payments/webhooks/PSP_A_ISV", { raw: body, headers: { "X-Sandbox-Signature": sandboxSign(body) } }), 401);
    });
    expect((await paymentRow(open.paymentId)).status).toBe("PENDING");
  });
});

describe("the learner's own checkout", () => {
  it("POST /payments/checkout: 201 for themself, back to the app's success page; GET /payments/checkout/{id} polls it; someone else's payment 404", async () => {
    const learner = await newLearner(w, { enroll: false });
    const res = await w.call("POST", "/payments/checkout", learner.token, { courseId: paid.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { paymentId, redirectUrl } = res.body.data;
    const row = await paymentRow(paymentId);
    expect(row).toMatchObject({ userId: learner.userId, createdBy: learner.userId, gateway: "PSP_A_ISV", successUrl: `http://acme.localhost:3000/pay/success?payment=${paymentId}`, cancelUrl: `http://acme.localhost:3000/pay/cancel?payment=${paymentId}` });
    const before = await w.call("GET", `/payments/checkout/${paymentId}`, learner.token);
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ id: paymentId, status: "PENDING", amount: PRICE, currency: "EUR", gateway: "PSP_A_ISV", courseId: paid.id, courseSlug: paid.slug, courseTitle: paid.title, enrollmentId: null, failureReason: null });
    const pay = await w.call("POST", `/payments/sandbox/${paymentId}/pay`, undefined, { token: tokenOf(redirectUrl) });
    expect(pay.body.data.redirectUrl).toBe(row.successUrl);
    const after = await w.call("GET", `/payments/checkout/${paymentId}`, learner.token);
    expect(after.body.data).toMatchObject({ status: "CAPTURED", enrollmentId: expect.stringMatching(/^enr_/) });
    const [enr] = await w.api.db.select().from(enrollments).where(eq(enrollments.id, after.body.data.enrollmentId));
    expect(enr).toMatchObject({ userId: learner.userId, status: "ACTIVE", enrolledBy: learner.userId });
    expectError(await w.call("GET", `/payments/checkout/${paymentId}`, w.tok.learner2), 404, "Payment not found");
    expectError(await w.call("GET", `/payments/checkout/${paymentId}`, w.tok.admin), 404);
    expectError(await w.api.call("GET", `/payments/checkout/${paymentId}`, { tenant: "globex", token: w.tok.globexLearner }), 404);
    // Enrolled now: a second checkout is 409; a free course 422.
    const dup = await w.call("POST", "/payments/checkout", learner.token, { courseId: paid.id });
    expect(dup.body.code).toBe("ALREADY_ENROLLED");
    const free = await paidCourse(w.acmeId, w.uid.creator, 0);
    const f = await w.call("POST", "/payments/checkout", learner.token, { courseId: free.id });
    expectError(f, 422);
    expect(f.body.code).toBe("COURSE_FREE");
    expectUnknownFields(await w.call("POST", "/payments/checkout", learner.token, { courseId: paid.id, userId: w.uid.learner2 }), ["userId"]);
    expectError(await w.call("POST", "/payments/checkout", undefined, { courseId: paid.id }), 401);
    expectError(await w.api.call("POST", "/payments/checkout", { tenant: "globex", token: learner.token, body: { courseId: globexPaid.id } }), 403);
  });
});

describe("capture", () => {
  it("POST /payments/{id}/capture: a PENDING sandbox payment is CAPTURED with its enrollment; then 409 PAYMENT_ALREADY_CAPTURED; FAILED 409 PAYMENT_NOT_PENDING", async () => {
    const learner = await newLearner(w, { enroll: false });
    const i = await intent(learner.userId, { gateway: "PSP_B" });
    const res = await w.call("POST", `/payments/${i.paymentId}/capture`, w.tok.admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: i.paymentId, status: "CAPTURED", capturedAt: w.now().toISOString(), enrollmentId: expect.stringMatching(/^enr_/), refunds: [], refundableCents: PRICE, mode: "SANDBOX" });
    const [enr] = await w.api.db.select().from(enrollments).where(eq(enrollments.id, res.body.data.enrollmentId));
    expect(enr).toMatchObject({ status: "ACTIVE", paymentMethod: "PSP_B" });
    expect(await eventsFor("payment.completed", "paymentId", i.paymentId)).toHaveLength(1);
    const again = await w.call("POST", `/payments/${i.paymentId}/capture`, w.tok.admin);
    expectError(again, 409);
    expect(again.body.code).toBe("PAYMENT_ALREADY_CAPTURED");

    const other = await newLearner(w, { enroll: false });
    const j = await intent(other.userId);
    await w.call("POST", `/payments/sandbox/${j.paymentId}/cancel`, undefined, { token: tokenOf(j.redirectUrl) });
    const failed = await w.call("POST", `/payments/${j.paymentId}/capture`, w.tok.admin);
    expectError(failed, 409);
    expect(failed.body.code).toBe("PAYMENT_NOT_PENDING");
  });

  it("roles and tenants: 403 for non-ADMIN, 404 for another tenant's or an unknown payment", async () => {
    const learner = await newLearner(w, { enroll: false });
    const i = await intent(learner.userId);
    for (const who of ["creator", "finance", "learner"] as const) expectError(await w.call("POST", `/payments/${i.paymentId}/capture`, w.tok[who]), 403);
    const cross = await w.api.call("POST", `/payments/${i.paymentId}/capture`, { tenant: "globex", token: w.tok.globexAdmin });
    expectError(cross, 404, "Payment not found");
    expect(cross.body.code).toBe("PAYMENT_NOT_FOUND");
    expectError(await w.call("POST", "/payments/pay_unknown/capture", w.tok.admin), 404);
    expect((await paymentRow(i.paymentId)).status).toBe("PENDING");
  });
});

describe("refunds", () => {
  it("partial then total: 201 {id, status COMPLETED}; payment.refunded each time; the last cent makes it REFUNDED and revokes the enrollment", async () => {
    const { learner, paymentId } = await capturedPayment();
    const enrollmentId = (await paymentRow(paymentId)).enrollmentId!;
    await w.advance(60);
    const part = await w.call("POST", `/payments/${paymentId}/refund`, w.tok.admin, { amount: 2_000 });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body.data).toEqual({ id: expect.stringMatching(REF), status: "COMPLETED" });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "CAPTURED", refundedCents: 2_000 });
    const [enr1] = await w.api.db.select().from(enrollments).where(eq(enrollments.id, enrollmentId));
    expect(enr1!.status).toBe("ACTIVE");

    const over = await w.call("POST", `/payments/${paymentId}/refund`, w.tok.admin, { amount: PRICE });
    expectError(over, 422);
    expect(over.body.code).toBe("REFUND_EXCEEDS_REMAINING");
    expect(over.body.errors).toEqual({ amount: [expect.stringContaining("10000")] });
    for (const amount of [0, -5, 1.5]) {
      const bad = await w.call("POST", `/payments/${paymentId}/refund`, w.tok.admin, { amount });
      expectError(bad, 400);
      expect(Object.keys(bad.body.errors)).toEqual(["amount"]);
    }

    await w.advance(60);
    const rest = await w.call("POST", `/payments/${paymentId}/refund`, w.tok.admin);
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.data.status).toBe("COMPLETED");
    expect(await paymentRow(paymentId)).toMatchObject({ status: "REFUNDED", refundedCents: PRICE });
    const rs = await w.api.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
    expect(rs.map((r) => [r.amount, r.status]).sort()).toEqual([
      [10_000, "COMPLETED"],
      [2_000, "COMPLETED"],
    ]);
    const refunded = await eventsFor("payment.refunded", "paymentId", paymentId);
    expect(refunded.map((e) => [e.refundedAmount, e.totalRefundedAmount, e.full])).toEqual([
      [2_000, 2_000, false],
      [10_000, PRICE, true],
    ]);
    const [enr2] = await w.api.db.select().from(enrollments).where(eq(enrollments.id, enrollmentId));
    expect(enr2).toMatchObject({ status: "REVOKED", revokedAt: w.now() });
    const revoked = await eventsFor("enrollment.revoked", "enrollmentId", enrollmentId);
    expect(revoked).toEqual([expect.objectContaining({ userId: learner.userId, previousStatus: "ACTIVE", by: null, reason: `Payment ${paymentId} refunded` })]);
    expect(await auditRows(w.api, "payment.refund_requested", { targetId: paymentId })).toHaveLength(2);
    expect(await auditRows(w.api, "payment.refund_completed", { targetId: paymentId })).toHaveLength(2);

    const again = await w.call("POST", `/payments/${paymentId}/refund`, w.tok.admin, { amount: 1 });
    expectError(again, 409);
    expect(again.body.code).toBe("PAYMENT_ALREADY_REFUNDED");
    const detail = await w.call("GET", `/payments/${paymentId}`, w.tok.admin);
    expect(detail.body.data).toMatchObject({ status: "REFUNDED", refundedCents: PRICE, refundableCents: 0 });
    expect(detail.body.data.refunds.map((r: { amount: number }) => r.amount)).toEqual([2_000, 10_000]);
  });

  it("a payment that is not CAPTURED: 409 PAYMENT_NOT_CAPTURED; roles 403; another tenant's 404; unknown field 400", async () => {
    const learner = await newLearner(w, { enroll: false });
    const i = await intent(learner.userId);
    const pending = await w.call("POST", `/payments/${i.paymentId}/refund`, w.tok.admin, { amount: 100 });
    expectError(pending, 409);
    expect(pending.body.code).toBe("PAYMENT_NOT_CAPTURED");
    const { paymentId } = await capturedPayment();
    for (const who of ["creator", "finance", "learner"] as const) expectError(await w.call("POST", `/payments/${paymentId}/refund`, w.tok[who], { amount: 100 }), 403);
    expectError(await w.api.call("POST", `/payments/${paymentId}/refund`, { tenant: "globex", token: w.tok.globexAdmin, body: { amount: 100 } }), 404, "Payment not found");
    expectUnknownFields(await w.call("POST", `/payments/${paymentId}/refund`, w.tok.admin, { amount: 100, status: "COMPLETED" }), ["status"]);
    expect(await w.api.db.select().from(refunds).where(eq(refunds.paymentId, paymentId))).toEqual([]);
  });
});

describe("GET /payments and /payments/{id}", () => {
  it("newest first, filtered by status and gateway, paginated {total, page, perPage}; never another tenant's", async () => {
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) {
      await w.advance(1);
      const learner = await newLearner(w, { enroll: false });
      ids.push((await intent(learner.userId, { gateway: "PSP_B" })).paymentId);
    }
    const list = await w.call("GET", "/payments?gateway=PSP_B&status=PENDING&perPage=2", w.tok.admin);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.meta).toEqual({ total: expect.any(Number), page: 1, perPage: 2 });
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    const first = list.body.data[0];
    expect(first).toMatchObject({ id: ids[2], courseId: paid.id, courseTitle: paid.title, amount: PRICE, currency: "EUR", gateway: "PSP_B", mode: "SANDBOX", status: "PENDING", platformFeeCents: 600, refundedCents: 0, enrollmentId: null, createdBy: w.uid.admin });
    const p2 = await w.call("GET", "/payments?gateway=PSP_B&status=PENDING&perPage=2&page=2", w.tok.admin);
    expect(p2.body.data[0].id).toBe(ids[0]);
    const captured = await w.call("GET", "/payments?status=CAPTURED&perPage=100", w.tok.admin);
    expect(captured.body.data.length).toBeGreaterThan(0);
    expect(captured.body.data.every((p: { status: string }) => p.status === "CAPTURED")).toBe(true);
    const all = await w.call("GET", "/payments?perPage=100", w.tok.admin);
    const created = all.body.data.map((p: { createdAt: string }) => p.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const globex = await w.api.call("GET", "/payments?perPage=100", { tenant: "globex", token: w.tok.globexAdmin });
    expect(globex.status).toBe(200);
    expect(globex.body.data.filter((p: { id: string }) => ids.includes(p.id))).toEqual([]);
    expectError(await w.call("GET", "/payments?status=PAID", w.tok.admin), 400);
    expectError(await w.call("GET", "/payments?perPage=500", w.tok.admin), 400);
    for (const who of ["creator", "finance", "learner", "funder"] as const) expectError(await w.call("GET", "/payments", w.tok[who]), 403);
  });

  it("GET /payments/{id}: the detail with refunds; another tenant's 404; non-ADMIN 403", async () => {
    const { paymentId, learner } = await capturedPayment();
    await w.call("POST", `/payments/${paymentId}/refund`, w.tok.admin, { amount: 500 });
    const res = await w.call("GET", `/payments/${paymentId}`, w.tok.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: paymentId, userId: learner.userId, userName: `${learner.firstName} ${learner.lastName}`, userEmail: learner.email, status: "CAPTURED", refundedCents: 500, refundableCents: PRICE - 500 });
    expect(res.body.data.refunds).toEqual([{ id: expect.stringMatching(REF), amount: 500, status: "COMPLETED", gatewayRefundId: expect.stringMatching(/^sbxre_/), createdBy: w.uid.admin, createdAt: w.now().toISOString(), completedAt: w.now().toISOString() }]);
    expectError(await w.api.call("GET", `/payments/${paymentId}`, { tenant: "globex", token: w.tok.globexAdmin }), 404, "Payment not found");
    expectError(await w.call("GET", `/payments/${paymentId}`, w.tok.finance), 403);
    expectError(await w.call("GET", `/payments/${paymentId}`, w.tok.learner), 403);
  });
});
