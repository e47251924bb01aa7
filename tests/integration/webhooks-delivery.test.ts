import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { events, webhookDeliveries, webhooks } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { resetEnvCache } from "../../server/env";
import { emitEvent } from "../../server/services/platform/events";
import { setWebhookResolver } from "../../server/services/webhooks/url-policy";
import { deliverWebhook } from "../../server/services/webhooks/delivery";
import { enqueue } from "../../server/jobs/queue";
import { startApi, type TestApi } from "../helpers/api";
import { expectError, tenantBySlug } from "../helpers/rest";
import { mailsTo } from "../helpers/sessions";
import { drainJobs } from "../helpers/jobs";
import { signatureValid, startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { tokenFor } from "../factories";

/**
 * Delivery against a real HTTP receiver on 127.0.0.1 (ALLOW_HTTP_WEBHOOKS), through the job worker
 * (drainJobs runs the due jobs), with the retry delays lowered by environment (1, 2, 3 seconds).
 */
let api: TestApi;
let receiver: Receiver;
let acmeId: string;
let tokAdmin: string;
/** Runs the due jobs; `all` also those whose startAfter has not come (walks a retry schedule at once). */
const run = (all = false) => drainJobs(api.db, { runDelayed: all });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Drains until the receiver has `n` requests (due jobs only, so the real delays are observed). */
async function until(n: number, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (receiver.received.length < n && Date.now() < end) {
    await run();
    if (receiver.received.length < n) await sleep(100);
  }
  expect(receiver.received).toHaveLength(n);
}
const call = (method: string, path: string, body?: unknown) => api.call(method, path, { tenant: "acme", token: tokAdmin, body });

let names: Record<string, string[]> = {};

const register = async (url: string, events: string[] = ["enrollment.created"]) => {
  const res = await call("POST", "/webhooks", { url, events, description: "test" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; secret: string };
};

/** An event as an operation would emit it, then its fan-out job. */
const emit = async (name: "enrollment.created" | "user.created" = "enrollment.created", data: Record<string, unknown> = { enrollmentId: "enr_x", courseId: "crs_x", userId: "usr_x", courseTitle: "SST", userName: "Léa Martin", enrolledAt: "2026-11-20T10:00:00.000Z" }) => {
  // emitEvent queues the event's dispatch in the same transaction
  return api.db.transaction((tx) => emitEvent(tx, forTenant(acmeId), name, data as never));
};

const deliveriesOf = async (webhookId: string) => {
  const res = await call("GET", `/webhooks/${webhookId}/deliveries`);
  expect(res.status).toBe(200);
  return res.body.data as { id: string; eventId: string; status: string; attempts: number; nextAttemptAt: string | null; lastStatusCode: number | null; attemptLog: { attempt: number; startedAt: string; statusCode: number | null; durationMs: number; responseExcerpt: string | null; error: string | null }[] }[];
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
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  tokAdmin = await tokenFor(api, "acme", "admin");
});
beforeEach(async () => {
  // each test starts with its own endpoints only
  await api.db.update(webhooks).set({ active: false }).where(eq(webhooks.tenantId, acmeId));
  receiver = await startReceiver();
  names = {};
  await run(true);
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
    expect(d!.attemptLog).toEqual([{ attempt: 1, startedAt: expect.any(String), statusCode: 200, durationMs: expect.any(Number), responseExcerpt: "ok", error: null, cause: null }]);
    const [ev] = await api.db.select().from(events).where(eq(events.id, eventId));
    expect(ev!.dispatchedAt).not.toBeNull();
  });

  it("only subscribed, active webhooks of the event's tenant get it; a repeated dispatch job adds nothing", async () => {
    const subscribed = await register(receiver.url, ["user.created"]);
    const other = await register(receiver.url, ["course.published"]);
    const paused = await register(receiver.url, ["user.created"]);
    await call("PATCH", `/webhooks/${paused.id}`, { active: false });
    const eventId = await emit("user.created", { userId: "usr_y" });
    await run();
    await enqueue(api.db, "event.dispatch", { eventId });
    await run();
    expect(receiver.received.filter((r) => JSON.parse(r.raw.toString()).id === eventId)).toHaveLength(1);
    expect(await deliveriesOf(subscribed.id)).toHaveLength(1);
    expect(await deliveriesOf(other.id)).toHaveLength(0);
    expect(await deliveriesOf(paused.id)).toHaveLength(0);
  });

  it("retry schedule: attempts 1..4 after the lowered delays, then FAILED and still listed; a repeated job does nothing; redeliver", async () => {
    receiver.statuses = [500];
    receiver.body = "x".repeat(3000);
    const hook = await register(receiver.url);
    await emit();
    await run();
    expect(receiver.received).toHaveLength(1);
    let [d] = await deliveriesOf(hook.id);
    expect(d).toMatchObject({ status: "PENDING", attempts: 1, lastStatusCode: 500 });
    expect(d!.attemptLog[0]!.responseExcerpt).toHaveLength(1024);
    const first = new Date(d!.attemptLog[0]!.startedAt).getTime();
    expect(new Date(d!.nextAttemptAt!).getTime() - first).toBeGreaterThanOrEqual(1000);
    // not due yet: nothing runs
    await run();
    expect(receiver.received).toHaveLength(1);
    // at-least-once: the job of a recorded attempt does nothing
    expect(await deliverWebhook(api.db, { deliveryId: d!.id, attempt: 1 })).toBe("skipped");
    await until(2);
    await until(3);
    await until(4);
    [d] = await deliveriesOf(hook.id);
    expect(d).toMatchObject({ status: "FAILED", attempts: 4, nextAttemptAt: null, lastStatusCode: 500 });
    expect(d!.attemptLog.map((a) => [a.attempt, a.statusCode])).toEqual([[1, 500], [2, 500], [3, 500], [4, 500]]);
    // the delays between attempts are those of WEBHOOK_RETRY_DELAYS_SECONDS (1, 2, 3 s)
    const starts = d!.attemptLog.map((a) => new Date(a.startedAt).getTime());
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(1000);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(2000);
    expect(starts[3]! - starts[2]!).toBeGreaterThanOrEqual(3000);
    expect(await run(true)).toBe(0);
    expect(await deliverWebhook(api.db, { deliveryId: d!.id, attempt: 5 })).toBe("skipped");
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
    expect(d!.attemptLog[0]).toMatchObject({ statusCode: null, responseExcerpt: null, error: expect.stringMatching(/^Refused: a private network address .*rebind\.example\.test resolves to 10\.0\.0\.1/), cause: "WEBHOOK_ADDRESS_REFUSED" });
    names["rebind.example.test"] = ["127.0.0.1", "::1"];
    delete process.env.ALLOW_HTTP_WEBHOOKS;
    resetEnvCache();
    try {
      await run(true);
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
      await run(true);
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
    expect(mails[0]!.subject).toBe(`Webhook désactivé\u202f: ${receiver.url}`);
    expect(mails[0]!.text).toContain("3 livraisons échouées consécutives");
    // no more deliveries; redeliver refused while inactive
    const before = receiver.received.length;
    await fail();
    expect(receiver.received.length).toBe(before);
    const [last] = await deliveriesOf(hook.id);
    expectError(await call("POST", `/webhooks/${hook.id}/deliveries/${last!.id}/redeliver`), 409, "The webhook is inactive; activate it first");
  });

  it("the sweeper (events.sweep) dispatches events left undispatched for more than a minute", async () => {
    const hook = await register(receiver.url, ["user.created"]);
    // The webhook existed before the event (it only receives what happened after it subscribed).
    await api.db.update(webhooks).set({ createdAt: new Date(Date.now() - 600_000) }).where(eq(webhooks.id, hook.id));
    const eventId = "evt_sweeper000000000000000000";
    await api.db.insert(events).values({ id: eventId, tenantId: acmeId, event: "user.created", data: { userId: "usr_z" }, createdAt: new Date(Date.now() - 120_000) });
    await enqueue(api.db, "events.sweep", {});
    await run();
    const ds = await deliveriesOf(hook.id);
    expect(ds.map((d) => d.eventId)).toEqual([eventId]);
    const [row] = await api.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
    expect(row!.status).toBe("SUCCEEDED");
  });

  it("a webhook receives only what happened after it subscribed: one created after an event does not get it, one created before does", async () => {
    const before = await register(receiver.url, ["user.created"]);
    // An event that waited (worker down): written, not yet dispatched.
    const eventId = await api.db.transaction((tx) => emitEvent(tx, forTenant(acmeId), "user.created", { userId: "usr_old" } as never));
    await sleep(5); // the next webhook's createdAt is strictly after the event's
    const after = await register(receiver.url, ["user.created"]);
    await run();
    expect((await deliveriesOf(before.id)).map((d) => d.eventId)).toEqual([eventId]);
    expect(await deliveriesOf(after.id)).toEqual([]);
    expect(receiver.received.filter((r) => JSON.parse(r.raw.toString()).id === eventId)).toHaveLength(1);
    // A later event reaches both.
    const next = await emit("user.created", { userId: "usr_new" });
    await run();
    expect((await deliveriesOf(after.id)).map((d) => d.eventId)).toEqual([next]);
    expect((await deliveriesOf(before.id)).map((d) => d.eventId).sort()).toEqual([eventId, next].sort());
  });

  it("a paused endpoint's backlog is visible (pendingDeliveries on the API read) and bounded (no new deliveries while paused; the pending ones end, not sent)", async () => {
    receiver.statuses = [500];
    const hook = await register(receiver.url);
    await emit();
    await run();
    expect(receiver.received).toHaveLength(1);
    const read = async () => (await call("GET", `/webhooks/${hook.id}`)).body.data as { pendingDeliveries: number; active: boolean };
    expect(await read()).toMatchObject({ pendingDeliveries: 1, active: true });
    const listed = (await call("GET", "/webhooks")).body.data as { id: string; pendingDeliveries: number }[];
    expect(listed.find((w) => w.id === hook.id)?.pendingDeliveries).toBe(1);
    // Paused: events keep happening, none is queued for it.
    expect((await call("PATCH", `/webhooks/${hook.id}`, { active: false })).body.data).toMatchObject({ active: false, pendingDeliveries: 1 });
    await emit();
    await emit();
    await run();
    expect(await read()).toMatchObject({ pendingDeliveries: 1 });
    // The pending retry comes due: not sent (inactive), FAILED; the backlog is empty.
    await run(true);
    expect(receiver.received).toHaveLength(1);
    expect(await read()).toMatchObject({ pendingDeliveries: 0 });
    const ds = await deliveriesOf(hook.id);
    expect(ds.map((d) => d.status)).toEqual(["FAILED"]);
  });
});
