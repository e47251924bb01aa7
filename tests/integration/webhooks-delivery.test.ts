import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { events, webhookDeliveries, webhooks } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { resetEnvCache } from "../../server/env";
import { manualClock } from "../../server/lib/clock";
import { emitEvent } from "../../server/services/platform/events";
import { setWebhookResolver } from "../../server/services/webhooks/url-policy";
import { sweepUndispatched } from "../../server/services/webhooks/dispatch";
import { startApi, type TestApi } from "../helpers/api";
import { expectError, tenantBySlug } from "../helpers/rest";
import { mailsTo } from "../helpers/sessions";
import { recordWebhookJobs } from "../helpers/webhook-jobs";
import { signatureValid, startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { seedDemoData, tokenFor } from "../factories";

/**
 * Delivery against a real HTTP receiver on 127.0.0.1 (ALLOW_HTTP_WEBHOOKS), with the retry delays
 * lowered by environment and a manual clock driving the due jobs.
 */
let api: TestApi;
let receiver: Receiver;
let acmeId: string;
let tokAdmin: string;
const clock = manualClock(new Date("2026-11-20T10:00:00Z"));
const jobs = recordWebhookJobs();
const run = () => jobs.runDue(api.db, clock.now);
const call = (method: string, path: string, body?: unknown) => api.call(method, path, { tenant: "acme", token: tokAdmin, body });

let names: Record<string, string[]> = {};

const register = async (url: string, events: string[] = ["enrollment.created"]) => {
  const res = await call("POST", "/webhooks", { url, events, description: "test" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; secret: string };
};

/** An event as an operation would emit it, then its fan-out job. */
const emit = async (name: "enrollment.created" | "user.created" = "enrollment.created", data: Record<string, unknown> = { enrollmentId: "enr_x", courseId: "crs_x", userId: "usr_x", courseTitle: "SST", userName: "Léa Martin", enrolledAt: "2026-11-20T10:00:00.000Z" }) => {
  const id = await emitEvent(api.db, forTenant(acmeId), name, data);
  jobs.queue.push({ job: { name: "event.dispatch", data: { eventId: id } }, startAfter: null });
  return id;
};

const deliveriesOf = async (webhookId: string) => {
  const res = await call("GET", `/webhooks/${webhookId}/deliveries`);
  expect(res.status).toBe(200);
  return res.body.data as { id: string; eventId: string; status: string; attempts: number; nextAttemptAt: string | null; lastStatusCode: number | null; attemptLog: { attempt: number; statusCode: number | null; durationMs: number; responseExcerpt: string | null; error: string | null }[] }[];
};

beforeAll(async () => {
  process.env.ALLOW_HTTP_WEBHOOKS = "true";
  process.env.WEBHOOK_RETRY_DELAYS_SECONDS = "1,2,3";
  process.env.WEBHOOK_TIMEOUT_SECONDS = "2";
  process.env.WEBHOOK_DISABLE_AFTER_FAILURES = "3";
  resetEnvCache();
  setWebhookResolver(async (host) => {
    const list = names[host] ?? (host === "localhost" ? ["127.0.0.1"] : undefined);
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  });
  api = await startApi();
  await seedDemoData(api.db);
  acmeId = (await tenantBySlug(api, "acme")).id;
  tokAdmin = await tokenFor(api, "acme", "admin");
});
beforeEach(async () => {
  // each test starts with its own endpoints only
  await api.db.update(webhooks).set({ active: false }).where(eq(webhooks.tenantId, acmeId));
  receiver = await startReceiver();
  names = {};
  jobs.queue.length = 0;
});
afterEach(() => receiver.close());
afterAll(async () => {
  for (const k of ["ALLOW_HTTP_WEBHOOKS", "WEBHOOK_RETRY_DELAYS_SECONDS", "WEBHOOK_TIMEOUT_SECONDS", "WEBHOOK_DISABLE_AFTER_FAILURES"]) delete process.env[k];
  resetEnvCache();
  setWebhookResolver(null);
  await api.close();
});

describe("delivery", () => {
  it("POSTs the raw payload, signed over the raw bytes; SUCCEEDED with the attempt logged", async () => {
    const hook = await register(receiver.url);
    const eventId = await emit();
    await run();
    expect(receiver.received).toHaveLength(1);
    const [req] = receiver.received;
    expect(req!.method).toBe("POST");
    expect(req!.headers["content-type"]).toBe("application/json");
    expect(req!.headers["x-platform-event"]).toBe("enrollment.created");
    expect(signatureValid(hook.secret, req!.raw, req!.headers["x-platform-signature"])).toBe(true);
    expect(signatureValid(hook.secret, Buffer.concat([req!.raw, Buffer.from(" ")]), req!.headers["x-platform-signature"])).toBe(false);
    expect(signatureValid(`${hook.secret}x`, req!.raw, req!.headers["x-platform-signature"])).toBe(false);
    const payload = JSON.parse(req!.raw.toString("utf8"));
    expect(payload).toEqual({
      id: eventId,
      event: "enrollment.created",
      tenantId: acmeId,
      createdAt: expect.any(String),
      data: { enrollmentId: "enr_x", courseId: "crs_x", userId: "usr_x", courseTitle: "SST", userName: "Léa Martin", enrolledAt: "2026-11-20T10:00:00.000Z" },
    });
    const [d] = await deliveriesOf(hook.id);
    expect(req!.headers["x-platform-delivery"]).toBe(d!.id);
    expect(d).toMatchObject({ eventId, status: "SUCCEEDED", attempts: 1, lastStatusCode: 200, nextAttemptAt: null });
    expect(d!.attemptLog).toEqual([{ attempt: 1, startedAt: expect.any(String), statusCode: 200, durationMs: expect.any(Number), responseExcerpt: "ok", error: null }]);
    const [ev] = await api.db.select().from(events).where(eq(events.id, eventId));
    expect(ev!.dispatchedAt).not.toBeNull();
  });

  it("only subscribed, active webhooks of the event's tenant get it; a repeated dispatch job adds nothing", async () => {
    const subscribed = await register(receiver.url, ["user.created"]);
    const other = await register(receiver.url, ["course.published"]);
    const paused = await register(receiver.url, ["user.created"]);
    await call("PATCH", `/webhooks/${paused.id}`, { active: false });
    const eventId = await emit("user.created", { userId: "usr_y" });
    jobs.queue.push({ job: { name: "event.dispatch", data: { eventId } }, startAfter: null });
    await run();
    expect(receiver.received.filter((r) => JSON.parse(r.raw.toString()).id === eventId)).toHaveLength(1);
    expect(await deliveriesOf(subscribed.id)).toHaveLength(1);
    expect(await deliveriesOf(other.id)).toHaveLength(0);
    expect(await deliveriesOf(paused.id)).toHaveLength(0);
  });

  it("retry schedule: attempts 1..4 at the lowered delays, then FAILED and still listed; a duplicate job does nothing", async () => {
    receiver.statuses = [500];
    receiver.body = "x".repeat(3000);
    const hook = await register(receiver.url);
    await emit();
    await run();
    expect(receiver.received).toHaveLength(1);
    let [d] = await deliveriesOf(hook.id);
    expect(d).toMatchObject({ status: "PENDING", attempts: 1, lastStatusCode: 500 });
    expect(new Date(d!.nextAttemptAt!).getTime()).toBe(clock.now().getTime() + 1000);
    expect(d!.attemptLog[0]!.responseExcerpt).toHaveLength(1024);
    // not due yet
    clock.advance(0.5);
    await run();
    expect(receiver.received).toHaveLength(1);
    for (const [delay, n] of [[1, 2], [2, 3], [3, 4]] as const) {
      clock.advance(delay);
      // a duplicate of the due job (at-least-once): only one attempt is recorded
      const due = jobs.queue.find((q) => q.job.name === "webhook.deliver");
      jobs.queue.push({ ...due! });
      await run();
      expect(receiver.received).toHaveLength(n);
    }
    [d] = await deliveriesOf(hook.id);
    expect(d).toMatchObject({ status: "FAILED", attempts: 4, nextAttemptAt: null, lastStatusCode: 500 });
    expect(d!.attemptLog.map((a) => [a.attempt, a.statusCode])).toEqual([[1, 500], [2, 500], [3, 500], [4, 500]]);
    clock.advance(3600);
    expect(await run()).toBe(0);
    // the same event id and bytes on every attempt
    expect(new Set(receiver.received.map((r) => r.raw.toString("hex"))).size).toBe(1);

    // redeliver: a new series (attempt 5), 202, then SUCCEEDED
    receiver.statuses = [204];
    const res = await call("POST", `/webhooks/${hook.id}/deliveries/${d!.id}/redeliver`);
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ id: d!.id, status: "PENDING", attempts: 4 });
    expectError(await call("POST", `/webhooks/${hook.id}/deliveries/${d!.id}/redeliver`), 409, "The delivery is still being attempted");
    await run();
    [d] = await deliveriesOf(hook.id);
    expect(d).toMatchObject({ status: "SUCCEEDED", attempts: 5, lastStatusCode: 204 });
    expect(receiver.received).toHaveLength(5);
    expect(new Set(receiver.received.map((r) => r.raw.toString("hex"))).size).toBe(1);
  });

  it("a redirect is not followed (3xx is a failure) and a slow receiver times out", async () => {
    receiver.statuses = [302];
    receiver.headers = { Location: "http://127.0.0.1:1/elsewhere" };
    const hook = await register(receiver.url);
    await emit();
    await run();
    let [d] = await deliveriesOf(hook.id);
    expect(d!.attemptLog[0]).toMatchObject({ statusCode: 302, error: expect.stringMatching(/^Redirect to .* not followed$/) });
    expect(receiver.received).toHaveLength(1);

    receiver.statuses = [200];
    receiver.headers = {};
    receiver.delayMs = 4000;
    const slow = await register(receiver.url);
    await emit();
    await run();
    [d] = await deliveriesOf(slow.id);
    expect(d!.attemptLog[0]).toMatchObject({ statusCode: null, error: expect.stringMatching(/Timed out/) });
    expect(d!.attemptLog[0]!.durationMs).toBeGreaterThanOrEqual(1900);
    void hook;
  });

  it("DNS rebinding: a name public at registration that resolves to 10.x later is refused at delivery, no connection made", async () => {
    const port = new URL(receiver.url).port;
    names["rebind.example.test"] = ["93.184.216.34"];
    const hook = await register(`http://localhost:${port}/hook`);
    // https to a public name passes registration...
    const res = await call("POST", "/webhooks", { url: `https://rebind.example.test:${port}/hook`, events: ["enrollment.created"] });
    expect(res.status).toBe(201);
    const rebound = res.body.data.id as string;
    // ...then the name starts resolving to a private address, and to loopback
    names["rebind.example.test"] = ["10.0.0.1"];
    await emit();
    await run();
    const [d] = await deliveriesOf(rebound);
    expect(d!.attemptLog[0]).toMatchObject({ statusCode: null, responseExcerpt: null, error: expect.stringMatching(/^Refused: a private network address .*rebind\.example\.test resolves to 10\.0\.0\.1/) });
    names["rebind.example.test"] = ["127.0.0.1", "::1"];
    delete process.env.ALLOW_HTTP_WEBHOOKS;
    resetEnvCache();
    try {
      clock.advance(1);
      await run();
    } finally {
      process.env.ALLOW_HTTP_WEBHOOKS = "true";
      resetEnvCache();
    }
    const [d2] = await deliveriesOf(rebound);
    expect(d2!.attemptLog[1]).toMatchObject({ statusCode: null, error: expect.stringMatching(/^Refused: a loopback address/) });
    // the loopback receiver (allowed in this test) got the event through the other webhook only
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers["x-platform-delivery"]).toBe((await deliveriesOf(hook.id))[0]!.id);
  });

  it("an IP-literal URL is checked at delivery too (ALLOW_HTTP_WEBHOOKS switched off after registration)", async () => {
    const hook = await register(receiver.url);
    delete process.env.ALLOW_HTTP_WEBHOOKS;
    resetEnvCache();
    try {
      await emit();
      await run();
    } finally {
      process.env.ALLOW_HTTP_WEBHOOKS = "true";
      resetEnvCache();
    }
    const [d] = await deliveriesOf(hook.id);
    expect(d!.attemptLog[0]!.error).toBe("Must be an https:// URL");
    expect(receiver.received).toHaveLength(0);
  });

  it("disabled after N (3) consecutive FAILED deliveries, with an e-mail to each ADMIN; a success resets the count", async () => {
    receiver.statuses = [500];
    const hook = await register(receiver.url);
    const fail = async () => {
      await emit();
      for (let i = 0; i < 5; i++) {
        await run();
        clock.advance(5);
      }
    };
    await fail();
    await fail();
    let w = (await call("GET", `/webhooks/${hook.id}`)).body.data;
    expect(w).toMatchObject({ active: true, consecutiveFailures: 2 });
    // a success resets the count
    receiver.statuses = [200];
    await fail();
    w = (await call("GET", `/webhooks/${hook.id}`)).body.data;
    expect(w.consecutiveFailures).toBe(0);
    receiver.statuses = [500];
    for (let i = 0; i < 3; i++) await fail();
    w = (await call("GET", `/webhooks/${hook.id}`)).body.data;
    expect(w).toMatchObject({ active: false, consecutiveFailures: 3, disabledAt: expect.any(String), disabledReason: "Disabled after 3 consecutive failed deliveries" });
    const mails = await mailsTo(api, "admin@acme.test", "webhook-disabled");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Webhook désactivé : ${receiver.url}`);
    expect(mails[0]!.text).toContain("3 livraisons échouées consécutives");
    // no more deliveries; redeliver refused while inactive
    const before = receiver.received.length;
    await fail();
    expect(receiver.received.length).toBe(before);
    const [last] = await deliveriesOf(hook.id);
    expectError(await call("POST", `/webhooks/${hook.id}/deliveries/${last!.id}/redeliver`), 409, "The webhook is inactive; activate it first");
  });

  it("the sweeper re-enqueues events left undispatched for more than a minute", async () => {
    const hook = await register(receiver.url, ["user.created"]);
    const eventId = await emitEvent(api.db, forTenant(acmeId), "user.created", { userId: "usr_z" });
    await api.db.update(events).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(events.id, eventId));
    expect(await sweepUndispatched(api.db, new Date())).toBeGreaterThanOrEqual(1);
    await run();
    const ds = await deliveriesOf(hook.id);
    expect(ds.map((d) => d.eventId)).toEqual([eventId]);
    const [row] = await api.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
    expect(row!.status).toBe("SUCCEEDED");
  });
});
