import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";
import { decodeJwt, eventRows, expectError, expectValidation, membershipOf, tenantBySlug, userByEmail } from "../helpers/rest";

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ demo: true });
});
afterAll(() => api.close());

const creator = (over: Record<string, unknown> = {}) => ({
  email: "owner@initech.test",
  password: "initech-Passw0rd",
  firstName: "Ines",
  lastName: "Tech",
  companyName: "Initech Formation",
  ...over,
});
const learner = (over: Record<string, unknown> = {}) => ({
  email: "solo@learner.test",
  password: "solo-Passw0rd!",
  firstName: "Sam",
  lastName: "Solo",
  ...over,
});

describe("POST /auth/signup/creator", () => {
  it("creates the account, the tenant (slug from companyName) and a CREATOR membership: 201 tokens", async () => {
    const res = await api.call("POST", "/auth/signup/creator", { body: creator({ locale: "en" }) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 3600 } });

    const tenant = await tenantBySlug(api, "initech-formation");
    expect(tenant.name).toBe("Initech Formation");
    const user = await userByEmail(api, "owner@initech.test");
    expect(user).toMatchObject({ firstName: "Ines", lastName: "Tech", locale: "en", isPlatformAdmin: false });
    expect(await membershipOf(api, tenant.id, user!.id)).toMatchObject({ role: "CREATOR", status: "ACTIVE" });
    expect(decodeJwt(res.body.data.accessToken)).toMatchObject({
      sub: user!.id,
      activeTenantId: tenant.id,
      tenantSlug: "initech-formation",
      memberships: [{ tenantId: tenant.id, tenantSlug: "initech-formation", role: "CREATOR" }],
    });
    const events = await eventRows(api, tenant.id, "user.created");
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ userId: user!.id, role: "CREATOR" });

    // The new tenant works at once: tenant profile and login.
    const mine = await api.call("GET", "/tenants/me", { token: res.body.data.accessToken });
    expect(mine.body.data).toMatchObject({ id: tenant.id, slug: "initech-formation", name: "Initech Formation", ofMode: true, authMode: "PASSWORD" });
    const login = await api.call("POST", "/auth/login", { tenant: "initech-formation", body: { email: "owner@initech.test", password: "initech-Passw0rd" } });
    expect(login.status).toBe(200);
  });

  it("answers 409 for an e-mail that exists (any case) and for a company slug that exists, creating nothing", async () => {
    expectError(await api.call("POST", "/auth/signup/creator", { body: creator({ email: "ADMIN@acme.test", companyName: "Brand New Co" }) }), 409, "Email already exists");
    expect(await api.call("GET", "/tenants/brand-new-co").then((r) => r.status)).toBe(404);

    expectError(await api.call("POST", "/auth/signup/creator", { body: creator({ email: "other@initech.test", companyName: "ACME" }) }), 409, "Company slug already exists");
    expect(await userByEmail(api, "other@initech.test")).toBeUndefined();
  });

  it("answers 400 with the errors map for missing and invalid fields", async () => {
    expectValidation(await api.call("POST", "/auth/signup/creator", { body: {} }), ["email", "password", "firstName", "lastName", "companyName"]);
    const short = await api.call("POST", "/auth/signup/creator", { body: creator({ email: "x@initech.test", password: "short" }) });
    expectValidation(short, ["password"]);
    expect(short.body.errors.password).toEqual(["Password must be at least 10 characters"]);
    expectValidation(await api.call("POST", "/auth/signup/creator", { body: creator({ email: "y@initech.test", companyName: "!!!" }) }), ["companyName"]);
  });
});

describe("POST /auth/signup/learner", () => {
  it("creates an account with no membership: 201 tokens with activeTenantId null", async () => {
    const res = await api.call("POST", "/auth/signup/learner", { body: learner() });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 3600 });
    const claims = decodeJwt(res.body.data.accessToken);
    expect(claims).toMatchObject({ activeTenantId: null, tenantId: null, memberships: [], email: "solo@learner.test" });

    const who = await api.call("GET", "/auth/me", { token: res.body.data.accessToken });
    expect(who.body.data).toMatchObject({ memberships: [], activeTenant: null, activeRole: null });
    // No active tenant yet: the /tenants/me family answers 404.
    expectError(await api.call("GET", "/tenants/me", { token: res.body.data.accessToken }), 404);
    // Not a member of acme: tenant-scoped operations answer 403.
    expectError(await api.call("GET", "/users", { tenant: "acme", token: res.body.data.accessToken }), 403);
  });

  it("answers 409 for an e-mail already registered and 400 for missing fields", async () => {
    expectError(await api.call("POST", "/auth/signup/learner", { body: learner({ email: "Solo@Learner.test" }) }), 409, "Email already exists");
    expectValidation(await api.call("POST", "/auth/signup/learner", { body: { email: "a@b.test" } }), ["password", "firstName", "lastName"]);
  });
});
