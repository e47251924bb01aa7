import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";
import { createMember, ensureMembership, tokenFor } from "../factories";
import { expectError, membershipOf, tenantBySlug, userByEmail, userIdOf } from "../helpers/rest";

let api: TestApi;
let acme: { id: string };
let globex: { id: string; name: string };
let acmeAdmin: string;
let globexUserId: string;
let globexAdminId: string;

beforeAll(async () => {
  api = await startApi({ demo: true });
  acme = await tenantBySlug(api, "acme");
  globex = await tenantBySlug(api, "globex");
  acmeAdmin = await tokenFor(api, "acme", "admin");
  globexUserId = await userIdOf(api, "learner@globex.test");
  globexAdminId = await userIdOf(api, "admin@globex.test");
});
afterAll(() => api.close());

const asAcmeAdmin = (method: string, path: string, body?: unknown, tenant = "acme") => api.call(method, path, { tenant, token: acmeAdmin, body });

/** Never a 2xx for another tenant's data: 404 inside one's own tenant, 403 when naming the other tenant. */
function expectDenied(res: { status: number; body: any; headers: Headers }, status: 403 | 404) {
  expectError(res, status);
  expect(JSON.stringify(res.body)).not.toMatch(/globex\.test/);
}

describe("acme's admin, in acme, pointing at globex's resources", () => {
  it("GET /users/{globexUserId} -> 404", async () => {
    expectDenied(await asAcmeAdmin("GET", `/users/${globexUserId}`), 404);
    expectDenied(await asAcmeAdmin("GET", `/users/${globexAdminId}`), 404);
  });

  it("PATCH /users/{globexUserId} -> 404, nothing changed", async () => {
    expectDenied(await asAcmeAdmin("PATCH", `/users/${globexUserId}`, { firstName: "Pwned", role: "ADMIN", status: "SUSPENDED" }), 404);
    expect(await userByEmail(api, "learner@globex.test")).toMatchObject({ firstName: "Léa" });
    expect(await membershipOf(api, globex.id, globexUserId)).toMatchObject({ role: "LEARNER", status: "ACTIVE" });
  });

  it.each([
    ["GET", "/stats"],
    ["POST", "/reseed-funders"],
    ["POST", "/service-api-key"],
  ])("%s /tenants/{globex}%s -> 404 (by id and by slug)", async (method, suffix) => {
    expectDenied(await asAcmeAdmin(method, `/tenants/${globex.id}${suffix}`), 404);
    expectDenied(await asAcmeAdmin(method, `/tenants/globex${suffix}`), 404);
  });

  it("PATCH /tenants/{globexId} -> 404, nothing changed", async () => {
    expectDenied(await asAcmeAdmin("PATCH", `/tenants/${globex.id}`, { name: "Pwned", branding: { primaryColor: "#000000" } }), 404);
    expect(await tenantBySlug(api, "globex")).toMatchObject({ name: "Globex Training", branding: { primaryColor: "#047857" } });
  });

  it("lists never show another tenant's rows", async () => {
    const all = await asAcmeAdmin("GET", "/users?limit=100");
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBe(all.body.meta.total);
    expect(all.body.data.every((u: { email: string }) => u.email.endsWith("@acme.test"))).toBe(true);
    expect((await asAcmeAdmin("GET", "/users?q=globex")).body.meta.total).toBe(0);
    expect((await asAcmeAdmin("GET", "/users?role=LEARNER")).body.data.map((u: { email: string }) => u.email).sort()).toEqual(["learner2@acme.test", "learner3@acme.test", "learner@acme.test"]);

    // A new globex member does not appear in acme's list.
    const before = all.body.meta.total;
    await createMember(api.db, globex.id, "LEARNER", "late.joiner@globex.test");
    expect((await asAcmeAdmin("GET", "/users")).body.meta.total).toBe(before);
  });

  it("stats count only the caller's tenant", async () => {
    await createMember(api.db, globex.id, "CREATOR", "extra.creator@globex.test");
    const res = await asAcmeAdmin("GET", `/tenants/${acme.id}/stats`);
    expect(res.body.data.users).toEqual({ total: 8, byRole: { ADMIN: 1, CREATOR: 1, TRAINER: 1, LEARNER: 3, FINANCIER: 1, FUNDER: 1 } });
  });
});

describe("acme's admin naming globex in X-Tenant-ID (not a member there)", () => {
  it.each([
    ["GET", "/users", () => "/users", undefined],
    ["GET", "/users/{id}", () => `/users/${globexUserId}`, undefined],
    ["PATCH", "/users/{id}", () => `/users/${globexUserId}`, { firstName: "Pwned" }],
    ["POST", "/users", () => "/users", { email: "x@globex.test", firstName: "X", lastName: "Y", role: "ADMIN" }],
    ["GET", "/tenants/{id}/stats", () => `/tenants/${globex.id}/stats`, undefined],
    ["PATCH", "/tenants/{id}", () => `/tenants/${globex.id}`, { name: "Pwned" }],
    ["POST", "/tenants/{id}/reseed-funders", () => `/tenants/${globex.id}/reseed-funders`, undefined],
    ["POST", "/tenants/{id}/service-api-key", () => `/tenants/${globex.id}/service-api-key`, undefined],
  ] as [string, string, () => string, unknown][])("%s %s -> 403 not a member", async (method, _label, path, body) => {
    const res = await asAcmeAdmin(method, path(), body, "globex");
    expectDenied(res, 403);
    expect(res.body.message).toBe("Forbidden: not a member of this organisation");
  });

  it("nothing was written by the refused calls", async () => {
    expect(await userByEmail(api, "x@globex.test")).toBeUndefined();
    expect(await tenantBySlug(api, "globex")).toMatchObject({ name: "Globex Training" });
    expect(await userByEmail(api, "learner@globex.test")).toMatchObject({ firstName: "Léa" });
  });

  it("the internal id in X-Tenant-ID is refused the same way", async () => {
    expectDenied(await asAcmeAdmin("GET", "/users", undefined, globex.id), 403);
  });

  it("GET /tenants/me keeps answering the token's own tenant", async () => {
    const res = await asAcmeAdmin("GET", "/tenants/me", undefined, "globex");
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(acme.id);
  });

  it("GET /users/me shows no role in a tenant the caller does not belong to", async () => {
    const res = await asAcmeAdmin("GET", "/users/me", undefined, "globex");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: "admin@acme.test", role: null, status: null });
  });
});

describe("a member of both tenants gets each tenant's role, never more", () => {
  it("ADMIN in acme, LEARNER in globex: globex's admin-only operations answer 403", async () => {
    await ensureMembership(api.db, globex.id, await userIdOf(api, "admin@acme.test"), "LEARNER");
    const token = await tokenFor(api, "acme", "admin");
    expectError(await api.call("GET", "/users", { tenant: "globex", token }), 403, "Forbidden: ADMIN required");
    expectError(await api.call("GET", `/users/${globexUserId}`, { tenant: "globex", token }), 403);
    expectError(await api.call("GET", `/tenants/${globex.id}/stats`, { tenant: "globex", token }), 403, "Forbidden: ADMIN required");
    expectError(await api.call("PATCH", `/users/${globexUserId}`, { tenant: "globex", token, body: { role: "ADMIN" } }), 403, "Cannot change role without ADMIN privileges");
    // In acme, still ADMIN, and globex users are still not found there.
    expect((await api.call("GET", "/users", { tenant: "acme", token })).status).toBe(200);
    expectError(await api.call("GET", `/users/${globexAdminId}`, { tenant: "acme", token }), 404);
  });

  it("globex's admin cannot reach acme's tenant operations through acme", async () => {
    const token = await tokenFor(api, "globex", "admin");
    expectError(await api.call("GET", `/tenants/${acme.id}/stats`, { tenant: "acme", token }), 403);
    expectError(await api.call("GET", `/tenants/${acme.id}/stats`, { tenant: "globex", token }), 404);
  });
});
