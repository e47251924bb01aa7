import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhooks } from "../../server/db/schema";
import { resetEnvCache } from "../../server/env";
import { setWebhookResolver } from "../../server/services/webhooks/url-policy";
import { startApi, type TestApi } from "../helpers/api";
import { auditRows, expectError, expectUnknownFields, expectValidation } from "../helpers/rest";
import { tokenFor } from "../factories";

let api: TestApi;
type Who = "admin" | "creator" | "trainer" | "learner" | "finance" | "funder";
const tok = {} as Record<Who | "globexAdmin", string>;
const call = (method: string, path: string, token?: string, body?: unknown, tenant = "acme") => api.call(method, path, { tenant, token, body });

/** hooks.example.test resolves to a public address; evil.example.test to a private one. */
const NAMES: Record<string, string[]> = {
  "hooks.example.test": ["93.184.216.34"],
  "evil.example.test": ["10.1.2.3"],
  "mixed.example.test": ["93.184.216.34", "192.168.1.10"],
  "mapped.example.test": ["::ffff:127.0.0.1"],
};

const create = async (token = tok.admin, body: Record<string, unknown> = {}) => {
  const tenant = token === tok.globexAdmin ? "globex" : "acme";
  const res = await call("POST", "/webhooks", token, { url: "https://hooks.example.test/in", events: ["enrollment.created"], ...body }, tenant);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; secret: string; url: string; events: string[]; active: boolean };
};

beforeAll(async () => {
  delete process.env.ALLOW_HTTP_WEBHOOKS;
  resetEnvCache();
  setWebhookResolver(async (host) => {
    const list = NAMES[host];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  });
  api = await startApi({ demo: true });
  for (const w of ["admin", "creator", "trainer", "learner", "finance", "funder"] as const) tok[w] = await tokenFor(api, "acme", w);
  tok.globexAdmin = await tokenFor(api, "globex", "admin");
});
afterAll(async () => {
  setWebhookResolver(null);
  await api.close();
});

describe("POST /webhooks", () => {
  it("201 with the secret shown once (whsec_), stored encrypted; events in the list's order, merged", async () => {
    const res = await call("POST", "/webhooks", tok.admin, {
      url: "https://hooks.example.test/in",
      events: ["user.created", "enrollment.created", "user.created"],
      description: "CRM",
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store"); // it carries the secret
    const w = res.body.data;
    expect(w).toEqual({
      id: expect.stringMatching(/^wh_[a-z0-9]{24}$/),
      url: "https://hooks.example.test/in",
      description: "CRM",
      events: ["enrollment.created", "user.created"],
      active: true,
      consecutiveFailures: 0,
      disabledAt: null,
      disabledReason: null,
      pendingDeliveries: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
    const [row] = await api.db.select().from(webhooks).where(eq(webhooks.id, w.id));
    expect(row!.secretBox).toMatch(/^v1:/);
    expect(row!.secretBox).not.toContain(w.secret.slice(6));
    // never readable again
    const again = await call("GET", `/webhooks/${w.id}`, tok.admin);
    expect(again.status).toBe(200);
    expect(again.body.data).not.toHaveProperty("secret");
    expect(JSON.stringify((await call("GET", "/webhooks", tok.admin)).body)).not.toContain(w.secret);
    expect(await auditRows(api, "webhook.created", { targetId: w.id })).toHaveLength(1);
  });

  it("two webhooks get different secrets", async () => {
    const [a, b] = [await create(), await create()];
    expect(a.secret).not.toBe(b.secret);
  });

  it("400 errors.events for an unknown event name or none, errors.url without one; 400 for an unknown field", async () => {
    const bad = await call("POST", "/webhooks", tok.admin, { url: "https://hooks.example.test/in", events: ["enrollment.created", "course.deleted"] });
    expectValidation(bad, ["events"], 400);
    expect(bad.body.errors.events).toEqual(["Unknown event name"]);
    expectValidation(await call("POST", "/webhooks", tok.admin, { url: "https://hooks.example.test/in", events: [] }), ["events"], 400);
    expectValidation(await call("POST", "/webhooks", tok.admin, { events: ["user.created"] }), ["url"], 400);
    expectUnknownFields(await call("POST", "/webhooks", tok.admin, { url: "https://hooks.example.test/in", events: ["user.created"], secret: "whsec_mine" }), ["secret"]);
  });

  it("French wording of the field errors", async () => {
    const res = await api.call("POST", "/webhooks", {
      tenant: "acme",
      token: tok.admin,
      body: { url: "https://10.0.0.1/in", events: ["nope"] },
      headers: { "Accept-Language": "fr" },
    });
    expectValidation(res, ["events"], 400);
    expect(res.body.errors.events).toEqual(["Nom d'événement inconnu"]);
    const url = await api.call("POST", "/webhooks", { tenant: "acme", token: tok.admin, body: { url: "https://10.0.0.1/in", events: ["user.created"] }, headers: { "Accept-Language": "fr" } });
    expect(url.body.errors.url[0]).toMatch(/^Refusée\u202f: adresse de réseau privé/);
  });

  const refused: [string, RegExp][] = [
    ["https://127.0.0.1/in", /loopback/],
    ["https://10.0.0.1/in", /private network/],
    ["https://169.254.169.254/latest/meta-data", /link-local/],
    ["https://[::1]/in", /loopback/],
    ["https://[::ffff:10.0.0.1]/in", /private network/],
    ["https://[fe80::1]/in", /link-local/],
    ["https://0.0.0.0/in", /unspecified/],
    ["https://evil.example.test/in", /private network/],
    ["https://mixed.example.test/in", /private network/],
    ["https://mapped.example.test/in", /loopback/],
    ["https://nowhere.example.test/in", /does not resolve/],
    ["http://hooks.example.test/in", /https:\/\//],
    ["http://127.0.0.1:8080/in", /https:\/\//],
    ["ftp://hooks.example.test/in", /https:\/\//],
    ["https://user:pw@hooks.example.test/in", /Credentials/],
    ["not a url", /Not a valid URL/],
  ];
  it.each(refused)("422 errors.url for %s", async (url, why) => {
    const res = await call("POST", "/webhooks", tok.admin, { url, events: ["user.created"] });
    expectValidation(res, ["url"], 422);
    expect(res.body.errors.url[0]).toMatch(why);
  });

  it("403 for every role but ADMIN, 401 without a token", async () => {
    const body = { url: "https://hooks.example.test/in", events: ["user.created"] };
    for (const who of ["creator", "trainer", "learner", "finance", "funder"] as const) {
      expectError(await call("POST", "/webhooks", tok[who], body), 403, "Forbidden: ADMIN required");
      expectError(await call("GET", "/webhooks", tok[who]), 403);
    }
    expectError(await call("POST", "/webhooks", undefined, body), 401);
  });
});

describe("GET /webhooks, GET|PATCH|DELETE /webhooks/{id}", () => {
  it("lists the tenant's webhooks newest first, paginated, without another tenant's", async () => {
    const globex = await create(tok.globexAdmin);
    const a = await create();
    const b = await create();
    const res = await call("GET", "/webhooks?limit=2", tok.admin);
    expect(res.status).toBe(200);
    expect(res.body.data.map((w: { id: string }) => w.id)).toEqual([b.id, a.id]);
    expect(res.body.meta).toMatchObject({ page: 1, limit: 2, total: expect.any(Number) });
    expect(res.body.meta.total).toBeGreaterThanOrEqual(4);
    const all = await call("GET", "/webhooks?limit=100", tok.admin);
    expect(all.body.data.map((w: { id: string }) => w.id)).not.toContain(globex.id);
  });

  it("PATCH edits url, events, description; pausing and re-activating resets the failure state", async () => {
    const w = await create();
    const res = await call("PATCH", `/webhooks/${w.id}`, tok.admin, { url: "https://hooks.example.test/v2", events: ["course.published", "course.archived"], description: "v2" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ url: "https://hooks.example.test/v2", events: ["course.published", "course.archived"], description: "v2", active: true });
    expect((await call("PATCH", `/webhooks/${w.id}`, tok.admin, { active: false })).body.data.active).toBe(false);
    await api.db.update(webhooks).set({ consecutiveFailures: 10, disabledAt: new Date(), disabledReason: "Disabled after 10 consecutive failed deliveries" }).where(eq(webhooks.id, w.id));
    const back = await call("PATCH", `/webhooks/${w.id}`, tok.admin, { active: true });
    expect(back.body.data).toMatchObject({ active: true, consecutiveFailures: 0, disabledAt: null, disabledReason: null });
    expect(await auditRows(api, "webhook.activated", { targetId: w.id })).toHaveLength(1);
  });

  it("PATCH: 422 errors.url (refused by the policy), 400 errors.events (unknown name), 400 unknown field (the secret cannot be set)", async () => {
    const w = await create();
    expectValidation(await call("PATCH", `/webhooks/${w.id}`, tok.admin, { url: "https://169.254.169.254/" }), ["url"], 422);
    expectValidation(await call("PATCH", `/webhooks/${w.id}`, tok.admin, { events: ["x.y"] }), ["events"], 400);
    expectUnknownFields(await call("PATCH", `/webhooks/${w.id}`, tok.admin, { secret: "whsec_x" }), ["secret"]);
  });

  it("DELETE answers 204, then 404", async () => {
    const w = await create();
    const res = await call("DELETE", `/webhooks/${w.id}`, tok.admin);
    expect(res.status).toBe(204);
    expectError(await call("GET", `/webhooks/${w.id}`, tok.admin), 404, "Webhook not found");
    expectError(await call("DELETE", `/webhooks/${w.id}`, tok.admin), 404);
  });

  it("another tenant's webhook is not found (GET, PATCH, DELETE, deliveries, redeliver)", async () => {
    const g = await create(tok.globexAdmin);
    for (const [m, p, body] of [
      ["GET", `/webhooks/${g.id}`],
      ["PATCH", `/webhooks/${g.id}`, { description: "x" }],
      ["DELETE", `/webhooks/${g.id}`],
      ["GET", `/webhooks/${g.id}/deliveries`],
      ["POST", `/webhooks/${g.id}/deliveries/dlv_000000000000000000000000/redeliver`],
    ] as [string, string, unknown?][]) {
      const res = await call(m, p, tok.admin, body);
      expectError(res, 404);
      expect(res.body.code).toBe("WEBHOOK_NOT_FOUND");
    }
    expect((await call("GET", `/webhooks/${g.id}`, tok.globexAdmin, undefined, "globex")).status).toBe(200);
  });

  it("403 for non-ADMIN roles on every operation", async () => {
    const w = await create();
    for (const who of ["creator", "learner", "finance"] as const) {
      expectError(await call("GET", `/webhooks/${w.id}`, tok[who]), 403);
      expectError(await call("PATCH", `/webhooks/${w.id}`, tok[who], { description: "x" }), 403);
      expectError(await call("DELETE", `/webhooks/${w.id}`, tok[who]), 403);
      expectError(await call("GET", `/webhooks/${w.id}/deliveries`, tok[who]), 403);
      expectError(await call("POST", `/webhooks/${w.id}/deliveries/dlv_000000000000000000000000/redeliver`, tok[who]), 403);
    }
  });

  it("deliveries of a new webhook: empty list; redeliver of an unknown delivery: 404", async () => {
    const w = await create();
    const res = await call("GET", `/webhooks/${w.id}/deliveries`, tok.admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], meta: { total: 0, page: 1, limit: 25, totalPages: 1 } });
    const r = await call("POST", `/webhooks/${w.id}/deliveries/dlv_000000000000000000000000/redeliver`, tok.admin);
    expectError(r, 404, "Webhook delivery not found");
    expect(r.body.code).toBe("WEBHOOK_DELIVERY_NOT_FOUND");
  });
});
