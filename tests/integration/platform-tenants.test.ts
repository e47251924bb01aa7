import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";
import { login, tokenFor } from "../factories";
import { auditRows, expectError, expectUnknownFields, expectValidation, tenantBySlug, userIdOf } from "../helpers/rest";

let api: TestApi;
let platform: string;
let acmeAdmin: string;
let globexAdmin: string;
let globexRefresh: string;
let globexId: string;

const SUSPENDED = "This organisation is suspended";

beforeAll(async () => {
  api = await startApi({ demo: true });
  globexId = (await tenantBySlug(api, "globex")).id;
  platform = (await login(api, "", "platform@admin.test")).accessToken;
  acmeAdmin = await tokenFor(api, "acme", "admin");
  const g = await login(api, "globex", "admin@globex.test");
  globexAdmin = g.accessToken;
  globexRefresh = g.refreshToken;
});
afterAll(() => api.close());

const asPlatform = (method: string, path: string, body?: unknown) => api.call(method, `/platform${path}`, { token: platform, body });

describe("GET /platform/tenants", () => {
  it("lists every tenant, newest first, with status and the spec's page meta", async () => {
    const res = await asPlatform("GET", "/tenants?limit=100");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const slugs = res.body.data.map((t: { slug: string }) => t.slug);
    expect(slugs).toEqual(expect.arrayContaining(["acme", "globex"]));
    expect(res.body.meta).toEqual({ total: slugs.length, page: 1, limit: 100, totalPages: 1 });
    const stamps = res.body.data.map((t: { createdAt: string }) => t.createdAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(res.body.data.find((t: { slug: string }) => t.slug === "acme")).toMatchObject({ name: "Acme Formation", status: "ACTIVE", branding: { displayName: "Acme Formation" } });
  });

  it("searches by name, slug or display name; filters by status; paginates", async () => {
    expect((await asPlatform("GET", "/tenants?q=glob")).body.data.map((t: { slug: string }) => t.slug)).toEqual(["globex"]);
    expect((await asPlatform("GET", "/tenants?q=acme%20formation")).body.data.map((t: { slug: string }) => t.slug)).toEqual(["acme"]);
    expect((await asPlatform("GET", "/tenants?q=%25")).body.data).toEqual([]); // LIKE wildcards are literal
    expect((await asPlatform("GET", "/tenants?status=SUSPENDED")).body).toEqual({ data: [], meta: { total: 0, page: 1, limit: 25, totalPages: 1 } });
    const page = await asPlatform("GET", "/tenants?limit=1&page=2");
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta).toMatchObject({ page: 2, limit: 1 });
    expectValidation(await asPlatform("GET", "/tenants?limit=0"), ["limit"]);
  });

  it("403 for a tenant ADMIN (not a platform administrator), 401 without a token", async () => {
    expectError(await api.call("GET", "/platform/tenants", { tenant: "acme", token: acmeAdmin }), 403, "Forbidden: platform administrator required");
    expectError(await api.call("GET", "/platform/tenants"), 401);
  });
});

describe("PATCH /platform/tenants/{id}", () => {
  it("edits the name and the branding's display name (by slug or id); audited in the tenant's log", async () => {
    const res = await asPlatform("PATCH", "/tenants/globex", { name: "Globex Training SA", branding: { displayName: "Globex" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ slug: "globex", name: "Globex Training SA", branding: { displayName: "Globex", primaryColor: "#047857" } });
    expect((await api.call("GET", "/tenants/globex")).body.data.branding.displayName).toBe("Globex");
    const [audit] = await auditRows(api, "tenant.updated", { tenantId: globexId });
    expect(audit?.actorUserId).toBe(await userIdOf(api, "platform@admin.test"));
    const back = await asPlatform("PATCH", `/tenants/${globexId}`, { name: "Globex Training", branding: { displayName: "Globex Training" } });
    expect(back.body.data.name).toBe("Globex Training");
  });

  it("400 for an invalid or unknown field, 404 for an unknown tenant, 403 for a tenant ADMIN", async () => {
    expectValidation(await asPlatform("PATCH", "/tenants/globex", { name: "x" }), ["name"]);
    expectUnknownFields(await asPlatform("PATCH", "/tenants/globex", { status: "SUSPENDED" }), ["status"]);
    expectError(await asPlatform("PATCH", "/tenants/no-such-tenant", { name: "Nope Nope" }), 404, "Tenant not found");
    expectError(await api.call("PATCH", "/platform/tenants/globex", { token: acmeAdmin, body: { name: "Hijack" } }), 403);
  });
});

describe("POST /platform/tenants/{id}/suspend and /reactivate", () => {
  it("a suspended tenant answers 403 everywhere; reactivation restores it", async () => {
    const res = await asPlatform("POST", "/tenants/globex/suspend", { reason: "Unpaid subscription" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ slug: "globex", status: "SUSPENDED" });
    const [audit] = await auditRows(api, "tenant.suspended", { tenantId: globexId });
    expect(audit?.metadata).toEqual({ from: "ACTIVE", to: "SUSPENDED", reason: "Unpaid subscription" });

    // Tenant-scoped operations (header or token), public tenant operations and login: 403 with the clear message.
    expectError(await api.call("GET", "/users", { tenant: "globex", token: globexAdmin }), 403, SUSPENDED);
    expectError(await api.call("GET", "/tenants/me", { token: globexAdmin }), 403, SUSPENDED);
    expectError(await api.call("GET", "/courses", { tenant: "globex" }), 403, SUSPENDED);
    expectError(await api.call("GET", "/audit-logs", { tenant: "globex", token: globexAdmin }), 403, SUSPENDED);
    expectError(await api.call("POST", "/auth/login", { tenant: "globex", body: { email: "learner@globex.test", password: "demo-Passw0rd!" } }), 403, SUSPENDED);
    expectError(await api.call("POST", "/auth/switch-tenant", { token: acmeAdmin, body: { tenantId: "globex" } }), 403, SUSPENDED);
    // The public profile still answers, saying so; other tenants are untouched.
    expect((await api.call("GET", "/tenants/globex")).body.data.status).toBe("SUSPENDED");
    expect((await api.call("GET", "/users", { tenant: "acme", token: acmeAdmin })).status).toBe(200);
    expect((await asPlatform("GET", "/tenants?status=SUSPENDED")).body.data.map((t: { slug: string }) => t.slug)).toEqual(["globex"]);

    // Idempotent: no second audit entry.
    expect((await asPlatform("POST", "/tenants/globex/suspend")).body.data.status).toBe("SUSPENDED");
    expect(await auditRows(api, "tenant.suspended", { tenantId: globexId })).toHaveLength(1);

    const back = await asPlatform("POST", `/tenants/${globexId}/reactivate`);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.status).toBe("ACTIVE");
    expect(await auditRows(api, "tenant.reactivated", { tenantId: globexId })).toHaveLength(1);
    // The same token works again, refresh still works, and login succeeds.
    expect((await api.call("GET", "/users", { tenant: "globex", token: globexAdmin })).status).toBe(200);
    expect((await api.call("POST", "/auth/refresh", { body: { refreshToken: globexRefresh } })).status).toBe(200);
    expect((await api.call("POST", "/auth/login", { tenant: "globex", body: { email: "learner@globex.test", password: "demo-Passw0rd!" } })).status).toBe(200);
    // The tenant's ADMIN sees both platform actions in the audit log.
    const log = await api.call("GET", "/audit-logs?category=admin&limit=100", { tenant: "globex", token: globexAdmin });
    expect(log.body.data.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(["tenant.suspended", "tenant.reactivated"]));
  });

  it("403 for a tenant ADMIN, 404 for an unknown tenant", async () => {
    expectError(await api.call("POST", "/platform/tenants/globex/suspend", { token: globexAdmin, body: {} }), 403, "Forbidden: platform administrator required");
    expectError(await api.call("POST", "/platform/tenants/acme/suspend", { token: acmeAdmin, body: {} }), 403);
    expectError(await asPlatform("POST", "/tenants/no-such-tenant/suspend", {}), 404, "Tenant not found");
    expectError(await asPlatform("POST", "/tenants/no-such-tenant/reactivate"), 404, "Tenant not found");
    expect((await tenantBySlug(api, "acme")).status).toBe("ACTIVE");
  });
});
