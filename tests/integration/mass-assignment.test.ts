import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";
import { login, PASSWORD, tokenFor } from "../factories";
import { decodeJwt, expectUnknownFields, membershipOf, outbox, tenantBySlug, tokenFromMail, userByEmail, userIdOf } from "../helpers/rest";

/**
 * Conventions §12: unknown body fields are refused with 400 {field: ["Unknown field"]}, so a
 * caller can never slip tenantId, role or status into a self-service operation. Each case also
 * checks that nothing was stored.
 */
let api: TestApi;
let acme: { id: string };
let globex: { id: string };
beforeAll(async () => {
  api = await startApi({ demo: true });
  acme = await tenantBySlug(api, "acme");
  globex = await tenantBySlug(api, "globex");
});
afterAll(() => api.close());

describe("sign-up", () => {
  it("creator sign-up with role, tenantId or isPlatformAdmin -> 400, no account, no tenant", async () => {
    const body = { email: "sneaky@creator.test", password: "sneaky-Passw0rd", firstName: "S", lastName: "C", companyName: "Sneaky Co" };
    expectUnknownFields(await api.call("POST", "/auth/signup/creator", { body: { ...body, role: "ADMIN", tenantId: acme.id, isPlatformAdmin: true } }), ["role", "tenantId", "isPlatformAdmin"]);
    expect(await userByEmail(api, "sneaky@creator.test")).toBeUndefined();
    expect((await api.call("GET", "/tenants/sneaky-co")).status).toBe(404);
  });

  it("learner sign-up with tenantId or role -> 400, no account", async () => {
    const body = { email: "sneaky@learner.test", password: "sneaky-Passw0rd", firstName: "S", lastName: "L" };
    expectUnknownFields(await api.call("POST", "/auth/signup/learner", { body: { ...body, tenantId: acme.id, role: "ADMIN" } }), ["tenantId", "role"]);
    expect(await userByEmail(api, "sneaky@learner.test")).toBeUndefined();
    // Without the extra fields: no membership anywhere.
    const ok = await api.call("POST", "/auth/signup/learner", { body });
    expect(ok.status).toBe(201);
    expect(decodeJwt(ok.body.data.accessToken)).toMatchObject({ activeTenantId: null, memberships: [] });
  });
});

describe("login, refresh and switch-tenant", () => {
  it("refuse tenantId, role and activeTenantId in the body", async () => {
    expectUnknownFields(await api.call("POST", "/auth/login", { tenant: "acme", body: { email: "learner@acme.test", password: PASSWORD, tenantId: globex.id, role: "ADMIN" } }), ["tenantId", "role"]);
    const tokens = await login(api, "acme", "learner@acme.test");
    expectUnknownFields(await api.call("POST", "/auth/refresh", { body: { refreshToken: tokens.refreshToken, activeTenantId: globex.id } }), ["activeTenantId"]);
    // The refused refresh did not consume the token.
    expect((await api.call("POST", "/auth/refresh", { body: { refreshToken: tokens.refreshToken } })).status).toBe(200);
    expectUnknownFields(await api.call("POST", "/auth/switch-tenant", { token: tokens.accessToken, body: { tenantId: "acme", role: "ADMIN" } }), ["role"]);
    expectUnknownFields(await api.call("POST", "/auth/forgot-password", { body: { email: "learner@acme.test", tenantId: globex.id } }), ["tenantId"]);
  });
});

describe("PATCH /users/me/preferences", () => {
  it("refuses role, tenantId, email, isPlatformAdmin and unknown notification keys; the account is unchanged", async () => {
    const token = await tokenFor(api, "acme", "learner2");
    const before = await userByEmail(api, "learner2@acme.test");
    const res = await api.call("PATCH", "/users/me/preferences", {
      token,
      body: { locale: "en", role: "ADMIN", tenantId: globex.id, email: "boss@acme.test", isPlatformAdmin: true, notifications: { email: false, admin: true } },
    });
    expectUnknownFields(res, ["role", "tenantId", "email", "isPlatformAdmin", "notifications.admin"]);
    const after = await userByEmail(api, "learner2@acme.test");
    expect(after).toEqual(before);
    expect(await membershipOf(api, acme.id, after!.id)).toMatchObject({ role: "LEARNER" });
  });
});

describe("PATCH /users/{self}", () => {
  it("refuses tenantId, email, status-like and platform fields from a member; nothing stored", async () => {
    const token = await tokenFor(api, "acme", "trainer");
    const id = await userIdOf(api, "trainer@acme.test");
    const before = await userByEmail(api, "trainer@acme.test");
    const res = await api.call("PATCH", `/users/${id}`, { tenant: "acme", token, body: { firstName: "T", tenantId: globex.id, email: "ceo@acme.test", isPlatformAdmin: true } });
    expectUnknownFields(res, ["tenantId", "email", "isPlatformAdmin"]);
    expect(await userByEmail(api, "trainer@acme.test")).toEqual(before);
    expect(await userByEmail(api, "ceo@acme.test")).toBeUndefined();
  });

  it("an `id` in the body never redirects the update: the path's id wins", async () => {
    const token = await tokenFor(api, "acme", "trainer");
    const self = await userIdOf(api, "trainer@acme.test");
    const adminId = await userIdOf(api, "admin@acme.test");
    const res = await api.call("PATCH", `/users/${self}`, { tenant: "acme", token, body: { id: adminId, lastName: "Renamed" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: self, lastName: "Renamed" });
    expect(await userByEmail(api, "admin@acme.test")).toMatchObject({ lastName: "Martin" });
  });
});

describe("POST /users and POST /auth/accept-invite", () => {
  it("POST /users refuses tenantId and status: no account, no membership, no mail", async () => {
    const admin = await tokenFor(api, "acme", "admin");
    const res = await api.call("POST", "/users", {
      tenant: "acme",
      token: admin,
      body: { email: "planted@acme.test", firstName: "P", lastName: "L", role: "LEARNER", tenantId: globex.id, status: "ACTIVE" },
    });
    expectUnknownFields(res, ["tenantId", "status"]);
    expect(await userByEmail(api, "planted@acme.test")).toBeUndefined();
    expect(await outbox(api, "planted@acme.test")).toEqual([]);
  });

  it("accept-invite refuses role and tenantId; the invitation keeps its role and can still be accepted", async () => {
    const admin = await tokenFor(api, "acme", "admin");
    const created = await api.call("POST", "/users", { tenant: "acme", token: admin, body: { email: "invitee@acme.test", firstName: "I", lastName: "V", role: "LEARNER" } });
    expect(created.status).toBe(201);
    const token = tokenFromMail((await outbox(api, "invitee@acme.test"))[0]!.text);

    const res = await api.call("POST", "/auth/accept-invite", { body: { token, password: "invitee-Passw0rd", role: "ADMIN", tenantId: globex.id } });
    expectUnknownFields(res, ["role", "tenantId"]);
    expect(await membershipOf(api, acme.id, created.body.data.id)).toMatchObject({ role: "LEARNER", status: "INVITED" });
    expect(await membershipOf(api, globex.id, created.body.data.id)).toBeUndefined();

    const ok = await api.call("POST", "/auth/accept-invite", { body: { token, password: "invitee-Passw0rd" } });
    expect(ok.status).toBe(200);
    expect(decodeJwt(ok.body.data.accessToken).memberships).toEqual([{ tenantId: acme.id, tenantSlug: "acme", role: "LEARNER" }]);
  });
});
