import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";
import { ensureUser, PASSWORD, tokenFor } from "../factories";
import { expectError, membershipOf, tenantBySlug, userByEmail, userIdOf } from "../helpers/rest";

/**
 * Accounts are global (conventions §3) and tenants are administered by different people: what
 * one tenant's admin controls (its user list, its identity provider, its SCIM key) must never
 * let them log in as an account that belongs to another tenant.
 */
let api: TestApi;
let acme: { id: string };
let globex: { id: string };
let acmeAdmin: string;

beforeAll(async () => {
  api = await startApi({ demo: true });
  acme = await tenantBySlug(api, "acme");
  globex = await tenantBySlug(api, "globex");
  acmeAdmin = await tokenFor(api, "acme", "admin");
});
afterAll(() => api.close());

describe("POST /users with the e-mail of another tenant's account", () => {
  it("never sets or changes that account's password (no takeover through sendInvitation false)", async () => {
    // An account of globex with no password yet (invited, or created by SSO).
    const victim = await ensureUser(api.db, { email: "sso.only@globex.test", firstName: "Sso", lastName: "Only" });
    await api.db.insert((await import("../../server/db/schema")).memberships).values({ id: `mbr_${"v".repeat(24)}`, tenantId: globex.id, userId: victim.id, role: "ADMIN", status: "ACTIVE" });

    const res = await api.call("POST", "/users", {
      tenant: "acme",
      token: acmeAdmin,
      body: { email: "sso.only@globex.test", firstName: "X", lastName: "Y", role: "ADMIN", sendInvitation: false, password: "attacker-Passw0rd" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ id: victim.id, role: "ADMIN", status: "ACTIVE" });
    expect((await userByEmail(api, "sso.only@globex.test"))!.passwordHash).toBeNull();
    expectError(await api.call("POST", "/auth/login", { tenant: "globex", body: { email: "sso.only@globex.test", password: "attacker-Passw0rd" } }), 401, "Invalid credentials");
  });

  it("leaves an existing password untouched", async () => {
    const res = await api.call("POST", "/users", {
      tenant: "acme",
      token: acmeAdmin,
      body: { email: "admin@globex.test", firstName: "X", lastName: "Y", role: "CREATOR", sendInvitation: false, password: "attacker-Passw0rd" },
    });
    expect(res.status).toBe(201);
    expect((await api.call("POST", "/auth/login", { tenant: "globex", body: { email: "admin@globex.test", password: PASSWORD } })).status).toBe(200);
    expectError(await api.call("POST", "/auth/login", { tenant: "globex", body: { email: "admin@globex.test", password: "attacker-Passw0rd" } }), 401);
  });
});

describe("headless SSO configured by one tenant's admin", () => {
  let sign: (email: string, sub: string) => Promise<string>;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = await exportJWK(publicKey);
    const set = await api.call("PATCH", `/tenants/${acme.id}`, {
      tenant: "acme",
      token: acmeAdmin,
      body: { auth: { mode: "HEADLESS", oidc: { issuer: "https://idp.acme.example", audience: "acme", jwks: { keys: [jwk] } } } },
    });
    expect(set.status).toBe(200);
    sign = (email, sub) =>
      new SignJWT({ email }).setProtectedHeader({ alg: "RS256" }).setIssuer("https://idp.acme.example").setAudience("acme").setSubject(sub).setIssuedAt().setExpirationTime("5m").sign(privateKey);
  });

  it("cannot log in as another tenant's admin by claiming their e-mail", async () => {
    const res = await api.call("POST", "/auth/token-exchange", { tenant: "acme", body: { token: await sign("admin@globex.test", "evil-1") } });
    expectError(res, 409);
    expect(res.body.accessToken).toBeUndefined();
    expect(await membershipOf(api, acme.id, await userIdOf(api, "admin@globex.test"))).toMatchObject({ role: "CREATOR" });
  });

  it("cannot log in as the platform administrator", async () => {
    expectError(await api.call("POST", "/auth/oidc/exchange", { tenant: "acme", body: { token: await sign("platform@admin.test", "evil-2") } }), 409);
    expect(await membershipOf(api, acme.id, await userIdOf(api, "platform@admin.test"))).toBeUndefined();
  });

  it("cannot plant a link through SCIM and then exchange for it", async () => {
    const key = (await api.call("POST", `/tenants/${acme.id}/service-api-key`, { tenant: "acme", token: acmeAdmin })).body.data.apiKey;
    const planted = await api.call("POST", "/auth/scim/users", {
      headers: { "X-API-Key": key },
      body: { externalId: "evil-3", provider: "https://idp.acme.example", email: "learner@globex.test", firstName: "L", lastName: "G" },
    });
    expectError(planted, 409);
    expectError(await api.call("POST", "/auth/token-exchange", { tenant: "acme", body: { token: await sign("learner@globex.test", "evil-3") } }), 409);
    expect(await membershipOf(api, acme.id, await userIdOf(api, "learner@globex.test"))).toBeUndefined();
  });

  it("still links an existing account that belongs to this tenant only", async () => {
    const res = await api.call("POST", "/auth/token-exchange", { tenant: "acme", body: { token: await sign("learner2@acme.test", "ok-1") } });
    expect(res.status).toBe(200);
    expect(res.body.data.isNewUser).toBe(false);
  });
});
