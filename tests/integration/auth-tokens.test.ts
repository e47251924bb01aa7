import { SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { env } from "../../server/env";
import { manualClock, setClock } from "../../server/lib/clock";
import { startApi, type TestApi } from "../helpers/api";
import { ensureMembership, login, PASSWORD } from "../factories";
import { decodeJwt, expectError, expectValidation, tamperedToken, tenantBySlug, unsignedToken, userIdOf } from "../helpers/rest";

let api: TestApi;
let acmeId: string;
beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
});
afterAll(() => api.close());
afterEach(() => setClock(null));

const me = (token: string) => api.call("GET", "/auth/me", { token });
const refresh = (refreshToken: string) => api.call("POST", "/auth/refresh", { body: { refreshToken } });

describe("access token (spec: JWT access-token payload)", () => {
  it("carries sub, email, tenantId, tenantSlug, iat, exp = iat + 3600, memberships, activeTenantId and jti", async () => {
    const tokens = await login(api, "acme", "admin@acme.test");
    const claims = decodeJwt(tokens.accessToken);
    expect(claims).toMatchObject({
      sub: await userIdOf(api, "admin@acme.test"),
      email: "admin@acme.test",
      tenantId: acmeId,
      tenantSlug: "acme",
      activeTenantId: acmeId,
      memberships: [{ tenantId: acmeId, tenantSlug: "acme", role: "ADMIN" }],
      jti: expect.any(String),
    });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(tokens.expiresIn).toBe(3600);
    expect(tokens.refreshToken).not.toContain(".");
  });

  it("answers login and refresh (tokens) with Cache-Control: no-store, a public read without it", async () => {
    const res = await api.call("POST", "/auth/login", { tenant: "acme", body: { email: "learner@acme.test", password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const refreshed = await refresh(res.body.data.refreshToken);
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get("cache-control")).toBe("no-store");
    // A refused attempt of a token operation is not cacheable either.
    expect((await refresh("not-a-refresh-token")).headers.get("cache-control")).toBe("no-store");
    // The control: an unauthenticated answer without a token or secret is not marked.
    const publicRead = await api.call("GET", "/tenants/acme");
    expect(publicRead.status).toBe(200);
    expect(publicRead.headers.get("cache-control")).toBeNull();
  });

  it("GET /auth/me answers the account, memberships, active tenant and role", async () => {
    const { accessToken } = await login(api, "acme", "creator@acme.test");
    const res = await me(accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        user: {
          id: await userIdOf(api, "creator@acme.test"),
          email: "creator@acme.test",
          firstName: "Claire",
          lastName: "Dubois",
          locale: "fr",
          isPlatformAdmin: false,
        },
        memberships: [{ tenantId: acmeId, tenantSlug: "acme", tenantName: "Acme Formation", role: "CREATOR", status: "ACTIVE" }],
        activeTenant: { id: acmeId, slug: "acme", name: "Acme Formation" },
        activeRole: "CREATOR",
      },
    });
  });

  it("refuses a missing, malformed, tampered, foreign-signed or `alg: none` token with 401", async () => {
    const { accessToken } = await login(api, "acme", "learner@acme.test");
    expect((await me(accessToken)).status).toBe(200);

    expectError(await api.call("GET", "/auth/me"), 401, "Unauthorized");
    expectError(await me("not-a-jwt"), 401, "Unauthorized");
    expectError(await api.call("GET", "/auth/me", { headers: { Authorization: "Basic abc" } }), 401);

    const escalated = tamperedToken(accessToken, (p) => ({ ...p, memberships: [{ ...p.memberships[0], role: "ADMIN" }], platformAdmin: true }));
    expectError(await me(escalated), 401, "Unauthorized");
    expectError(await api.call("GET", "/users", { tenant: "acme", token: escalated }), 401);

    const none = unsignedToken(decodeJwt(accessToken));
    expectError(await me(none), 401, "Unauthorized");
    expectError(await api.call("GET", "/users/me", { tenant: "acme", token: none }), 401);

    const claims = decodeJwt(accessToken);
    const foreign = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
    expectError(await me(foreign), 401, "Unauthorized");
  });

  it("refuses a token signed with the server's key but without exp or iat, or living longer than the configured TTL (401)", async () => {
    const { accessToken } = await login(api, "acme", "learner@acme.test");
    const { exp, iat, ...claims } = decodeJwt(accessToken);
    const serverKey = new TextEncoder().encode(env().JWT_SECRET);
    const sign = (build: (j: SignJWT) => SignJWT) => build(new SignJWT({ ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" })).sign(serverKey);
    // The control: the same claims, re-signed with exp and iat, pass (so the key and claims are right).
    expect((await me(await sign((j) => j.setIssuedAt(iat).setExpirationTime(exp)))).status).toBe(200);
    expectError(await me(await sign((j) => j.setIssuedAt(iat))), 401, "Unauthorized");
    expectError(await me(await sign((j) => j.setExpirationTime(exp))), 401, "Unauthorized");
    expectError(await me(await sign((j) => j)), 401, "Unauthorized");
    expectError(await me(await sign((j) => j.setIssuedAt(iat).setExpirationTime(iat + 10 * 365 * 86400))), 401, "Unauthorized");
  });

  it("expires after ACCESS_TOKEN_TTL_SECONDS (manual clock): 401, then refresh gives a working pair", async () => {
    const clock = manualClock(new Date());
    setClock(clock);
    const tokens = await login(api, "acme", "trainer@acme.test");
    clock.advance(3599);
    expect((await me(tokens.accessToken)).status).toBe(200);
    clock.advance(2);
    expectError(await me(tokens.accessToken), 401, "Unauthorized");

    const renewed = await refresh(tokens.refreshToken);
    expect(renewed.status).toBe(200);
    expect((await me(renewed.body.data.accessToken)).status).toBe(200);
  });
});

describe("POST /auth/refresh", () => {
  it("rotates: a new pair, and the old refresh token fails at once", async () => {
    const first = await login(api, "acme", "learner2@acme.test");
    const res = await refresh(first.refreshToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 3600 } });
    expect(res.body.data.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(res.body.data.accessToken)).toMatchObject({ activeTenantId: acmeId, email: "learner2@acme.test" });
    expect((await me(res.body.data.accessToken)).status).toBe(200);

    expectError(await refresh(first.refreshToken), 401, "Invalid or expired refresh token");
  });

  it("revokes the whole family on reuse: after the stolen token is replayed, the newest one fails too", async () => {
    const first = await login(api, "acme", "finance@acme.test");
    const second = (await refresh(first.refreshToken)).body.data;
    const third = (await refresh(second.refreshToken)).body.data;
    expect(third.refreshToken).toBeTruthy();

    expectError(await refresh(first.refreshToken), 401);
    expectError(await refresh(third.refreshToken), 401, "Invalid or expired refresh token");

    // Another session of the same user (another family) is not touched.
    const other = await login(api, "acme", "finance@acme.test");
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it("answers 401 for an unknown token and 400 for a missing one", async () => {
    expectError(await refresh("rt_unknown"), 401, "Invalid or expired refresh token");
    expectValidation(await api.call("POST", "/auth/refresh", { body: {} }), ["refreshToken"]);
  });

  it("answers 401 once the refresh token is older than 7 days", async () => {
    const clock = manualClock(new Date());
    setClock(clock);
    const tokens = await login(api, "acme", "funder@acme.test");
    clock.advance(7 * 24 * 3600 + 1);
    expectError(await refresh(tokens.refreshToken), 401, "Invalid or expired refresh token");
  });
});

describe("POST /auth/logout (conventions §3)", () => {
  it("revokes the refresh token's family: 204 with no body, then refresh answers 401", async () => {
    const a = await login(api, "globex", "admin@globex.test");
    const b = (await refresh(a.refreshToken)).body.data;
    const res = await api.call("POST", "/auth/logout", { token: b.accessToken, body: { refreshToken: b.refreshToken } });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expectError(await refresh(b.refreshToken), 401);
  });

  it("needs authentication and leaves another user's family alone", async () => {
    const victim = await login(api, "globex", "creator@globex.test");
    expectError(await api.call("POST", "/auth/logout", { body: { refreshToken: victim.refreshToken } }), 401, "Unauthorized");
    const attacker = await login(api, "globex", "learner@globex.test");
    const res = await api.call("POST", "/auth/logout", { token: attacker.accessToken, body: { refreshToken: victim.refreshToken } });
    expect(res.status).toBe(204);
    expect((await refresh(victim.refreshToken)).status).toBe(200);
  });
});

describe("POST /auth/switch-tenant", () => {
  it("gives a new pair with the other tenant active for a member of both", async () => {
    const globex = await tenantBySlug(api, "globex");
    // admin@acme.test is also a LEARNER of globex.
    await ensureMembership(api.db, globex.id, await userIdOf(api, "admin@acme.test"), "LEARNER");
    const tokens = await login(api, "acme", "admin@acme.test");
    const res = await api.call("POST", "/auth/switch-tenant", { token: tokens.accessToken, body: { tenantId: "globex" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 3600 });
    const claims = decodeJwt(res.body.data.accessToken);
    expect(claims).toMatchObject({ activeTenantId: globex.id, tenantId: globex.id, tenantSlug: "globex" });
    expect(claims.memberships).toHaveLength(2);
    const who = await me(res.body.data.accessToken);
    expect(who.body.data.activeTenant).toEqual({ id: globex.id, slug: "globex", name: "Globex Training" });
    expect(who.body.data.activeRole).toBe("LEARNER");

    // The internal id is accepted too.
    const byId = await api.call("POST", "/auth/switch-tenant", { token: tokens.accessToken, body: { tenantId: acmeId } });
    expect(byId.status).toBe(200);
    expect(decodeJwt(byId.body.data.accessToken).activeTenantId).toBe(acmeId);
  });

  it("answers 403 for a tenant the caller is not a member of, 404 for an unknown one, 401 without a token, 400 without tenantId", async () => {
    const { accessToken } = await login(api, "acme", "learner@acme.test");
    expectError(await api.call("POST", "/auth/switch-tenant", { token: accessToken, body: { tenantId: "globex" } }), 403, /not a member/);
    expectError(await api.call("POST", "/auth/switch-tenant", { token: accessToken, body: { tenantId: "nowhere" } }), 404, "Tenant not found");
    expectError(await api.call("POST", "/auth/switch-tenant", { body: { tenantId: "acme" } }), 401, "Unauthorized");
    expectValidation(await api.call("POST", "/auth/switch-tenant", { token: accessToken, body: {} }), ["tenantId"]);
  });
});

describe("login edge cases", () => {
  it("answers 404 for an unknown tenant and 401 for a user with no access to the tenant", async () => {
    expectError(await api.call("POST", "/auth/login", { tenant: "nowhere", body: { email: "admin@acme.test", password: PASSWORD } }), 404, "Tenant not found");
    expectError(await api.call("POST", "/auth/login", { tenant: "globex", body: { email: "learner@acme.test", password: PASSWORD } }), 401, "Invalid credentials");
  });

  it("treats the e-mail case-insensitively and refuses an invalid e-mail with 400", async () => {
    const res = await api.call("POST", "/auth/login", { tenant: "acme", body: { email: "Admin@ACME.test", password: PASSWORD } });
    expect(res.status).toBe(200);
    expectValidation(await api.call("POST", "/auth/login", { tenant: "acme", body: { email: "nope", password: PASSWORD } }), ["email"]);
  });
});
