import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, externalIdentities } from "../../server/db/schema";
import { startApi, type TestApi } from "../helpers/api";
import { tokenFor } from "../factories";
import { auditRows, decodeJwt, eventRows, expectError, expectUnknownFields, expectValidation, membershipOf, tenantBySlug, userByEmail } from "../helpers/rest";

let api: TestApi;
let acme: { id: string };
let globex: { id: string };
let acmeAdmin: string;
let globexAdmin: string;
let keys: { privateKey: CryptoKey; publicJwk: JWK };
let otherKeys: { privateKey: CryptoKey; publicJwk: JWK };
let jwksServer: http.Server;
let jwksUri: string;

const ISSUER = "https://idp.acme.example";
const AUDIENCE = "training-platform-acme";

async function keyPair() {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  return { privateKey, publicJwk: { ...(await exportJWK(publicKey)), alg: "RS256", use: "sig" } };
}

/** An identity provider's ID token. */
function idToken(claims: Record<string, unknown>, opts: { key?: CryptoKey; issuer?: string; audience?: string; sub?: string; expiresIn?: string } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256" })
    .setIssuer(opts.issuer ?? ISSUER)
    .setAudience(opts.audience ?? AUDIENCE)
    .setSubject(opts.sub ?? "idp-user-1")
    .setIssuedAt()
    .setExpirationTime(opts.expiresIn ?? "5m")
    .sign(opts.key ?? keys.privateKey);
}

beforeAll(async () => {
  api = await startApi({ demo: true });
  acme = await tenantBySlug(api, "acme");
  globex = await tenantBySlug(api, "globex");
  acmeAdmin = await tokenFor(api, "acme", "admin");
  globexAdmin = await tokenFor(api, "globex", "admin");
  keys = await keyPair();
  otherKeys = await keyPair();
  // A tiny JWKS endpoint for the jwksUri case.
  jwksServer = http.createServer((req, res) => {
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ keys: [otherKeys.publicJwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
  jwksUri = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/.well-known/jwks.json`;
});
afterAll(async () => {
  jwksServer?.closeAllConnections();
  await new Promise<void>((resolve) => jwksServer.close(() => resolve()));
  await api.close();
});

const exchange = (path: string, token: string, tenant = "acme") => api.call("POST", path, { tenant, body: { token } });

describe("switching a tenant to HEADLESS (PATCH /tenants/{id} auth)", () => {
  it("refuses HEADLESS without a JWKS (400) and accepts inline jwks", async () => {
    const bad = await api.call("PATCH", `/tenants/${acme.id}`, { tenant: "acme", token: acmeAdmin, body: { auth: { mode: "HEADLESS", oidc: { issuer: ISSUER, audience: AUDIENCE } } } });
    expectValidation(bad, ["auth.oidc"]);
    expectUnknownFields(
      await api.call("PATCH", `/tenants/${acme.id}`, { tenant: "acme", token: acmeAdmin, body: { auth: { mode: "HEADLESS", oidc: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [keys.publicJwk] }, secret: "x" } } } }),
      ["auth.oidc.secret"],
    );

    const res = await api.call("PATCH", `/tenants/${acme.id}`, {
      tenant: "acme",
      token: acmeAdmin,
      body: { auth: { mode: "HEADLESS", oidc: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [keys.publicJwk] } } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.authMode).toBe("HEADLESS");
    expect(res.body.data.auth).toEqual({ mode: "HEADLESS", oidc: { issuer: ISSUER, audience: AUDIENCE, jwksUri: null, hasInlineJwks: true } });
    expect((await api.call("GET", "/tenants/acme")).body.data.authMode).toBe("HEADLESS");
  });
});

describe.each(["/auth/token-exchange", "/auth/oidc/exchange"])("POST %s", (path) => {
  const sub = `sub-${path.length}`;
  const email = `sso-${path.length}@idp.acme.example`;

  it("creates the user on first exchange (isNewUser true), finds it afterwards (false)", async () => {
    const token = await idToken({ email, given_name: "Sso", family_name: "User" }, { sub });
    const first = await exchange(path, token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 3600, isNewUser: true } });
    const user = await userByEmail(api, email);
    expect(user).toMatchObject({ firstName: "Sso", lastName: "User", passwordHash: null });
    expect(await membershipOf(api, acme.id, user!.id)).toMatchObject({ role: "LEARNER", status: "ACTIVE" });
    expect(decodeJwt(first.body.data.accessToken)).toMatchObject({ sub: user!.id, activeTenantId: acme.id, tenantSlug: "acme" });
    expect((await api.call("GET", "/users/me", { tenant: "acme", token: first.body.data.accessToken })).body.data).toMatchObject({ email, role: "LEARNER" });
    expect((await eventRows(api, acme.id, "user.created")).filter((e) => e.data.userId === user!.id)).toHaveLength(1);

    const again = await exchange(path, await idToken({ email }, { sub }));
    expect(again.status).toBe(200);
    expect(again.body.data.isNewUser).toBe(false);
    expect(decodeJwt(again.body.data.accessToken).sub).toBe(user!.id);
    expect((await eventRows(api, acme.id, "user.created")).filter((e) => e.data.userId === user!.id)).toHaveLength(1);
  });

  it("links an existing account by e-mail (isNewUser false)", async () => {
    const res = await exchange(path, await idToken({ email: "creator@acme.test" }, { sub: `creator-${path.length}` }));
    expect(res.status).toBe(200);
    expect(res.body.data.isNewUser).toBe(false);
    expect(decodeJwt(res.body.data.accessToken).email).toBe("creator@acme.test");
  });

  it("answers 401 for a wrong audience, issuer, signature, an expired token or a token without e-mail", async () => {
    const cases = [
      await idToken({ email }, { sub, audience: "someone-else" }),
      await idToken({ email }, { sub, issuer: "https://evil.example" }),
      await idToken({ email }, { sub, key: otherKeys.privateKey }),
      await idToken({ email }, { sub, expiresIn: "-1m" }),
      await idToken({}, { sub }),
      "not.a.jwt",
    ];
    for (const token of cases) expectError(await exchange(path, token), 401, /Token verification failed/);
    expect((await auditRows(api, "auth.token_exchange_failed", { tenantId: acme.id })).length).toBeGreaterThanOrEqual(5);
  });

  it("answers 404 for a PASSWORD-mode tenant and for an unknown tenant, 400 for a missing token", async () => {
    const token = await idToken({ email }, { sub });
    expectError(await exchange(path, token, "globex"), 404, "Tenant not found or headless mode is off");
    expectError(await exchange(path, token, "nowhere"), 404, "Tenant not found");
    expectValidation(await api.call("POST", path, { tenant: "acme", body: {} }), ["token"]);
    expectUnknownFields(await api.call("POST", path, { tenant: "acme", body: { token, tenantId: globex.id } }), ["tenantId"]);
  });
});

describe("token exchange with a jwksUri (keys served over HTTP)", () => {
  it("verifies against the remote key set", async () => {
    const set = await api.call("PATCH", `/tenants/${globex.id}`, {
      tenant: "globex",
      token: globexAdmin,
      body: { auth: { mode: "HEADLESS", oidc: { issuer: "https://idp.globex.example", audience: "globex", jwksUri } } },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.auth.oidc).toEqual({ issuer: "https://idp.globex.example", audience: "globex", jwksUri, hasInlineJwks: false });

    const good = await idToken({ email: "remote@idp.globex.example" }, { key: otherKeys.privateKey, issuer: "https://idp.globex.example", audience: "globex", sub: "r-1" });
    const res = await exchange("/auth/token-exchange", good, "globex");
    expect(res.status).toBe(200);
    expect(res.body.data.isNewUser).toBe(true);

    const wrongKey = await idToken({ email: "remote@idp.globex.example" }, { key: keys.privateKey, issuer: "https://idp.globex.example", audience: "globex", sub: "r-1" });
    expectError(await exchange("/auth/token-exchange", wrongKey, "globex"), 401);
  });

  it("switching back to PASSWORD turns the exchange off (404)", async () => {
    const res = await api.call("PATCH", `/tenants/${globex.id}`, { tenant: "globex", token: globexAdmin, body: { auth: { mode: "PASSWORD" } } });
    expect(res.status).toBe(200);
    expect(res.body.data.authMode).toBe("PASSWORD");
    const good = await idToken({ email: "remote@idp.globex.example" }, { key: otherKeys.privateKey, issuer: "https://idp.globex.example", audience: "globex", sub: "r-1" });
    expectError(await exchange("/auth/token-exchange", good, "globex"), 404);
  });
});

describe("SCIM provisioning with the tenant service API key", () => {
  let apiKey: string;
  const scim = (body: Record<string, unknown>, key?: string) =>
    api.call("POST", "/auth/scim/users", { body, headers: key === undefined ? {} : { "X-API-Key": key } });
  const person = { externalId: "ext-42", provider: "okta", email: "scim.user@acme.test", firstName: "Scim", lastName: "User" };

  it("POST /tenants/{id}/service-api-key: 201 with the key shown once (only its hash stored)", async () => {
    const res = await api.call("POST", `/tenants/${acme.id}/service-api-key`, { tenant: "acme", token: acmeAdmin });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { apiKey: expect.stringMatching(/^tsk_/), lastFour: expect.any(String), createdAt: expect.any(String) } });
    apiKey = res.body.data.apiKey;
    expect(res.body.data.lastFour).toBe(apiKey.slice(-4));
    const stored = await api.db.select().from(apiKeys).where(eq(apiKeys.tenantId, acme.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(apiKey);
    expect((await auditRows(api, "tenant.api_key_rotated", { tenantId: acme.id }))[0]!.metadata).toEqual({ lastFour: apiKey.slice(-4) });
  });

  it("provisions a user (201, isNewUser true), idempotently (201, isNewUser false, same user)", async () => {
    const first = await scim(person, apiKey);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ data: { userId: expect.stringMatching(/^usr_/), isNewUser: true } });
    const again = await scim(person, apiKey);
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ data: { userId: first.body.data.userId, isNewUser: false } });
    expect(await membershipOf(api, acme.id, first.body.data.userId)).toMatchObject({ role: "LEARNER", status: "ACTIVE" });
    const withRole = await scim({ ...person, externalId: "ext-43", email: "scim.trainer@acme.test", role: "TRAINER" }, apiKey);
    expect(await membershipOf(api, acme.id, withRole.body.data.userId)).toMatchObject({ role: "TRAINER" });
  });

  it("answers 401 for a missing or invalid key and 400 for an invalid body", async () => {
    expectError(await scim(person), 401, "X-API-Key header required");
    expectError(await scim(person, "tsk_wrong"), 401, "Invalid API key");
    expectError(await scim(person, acmeAdmin), 401, "Invalid API key");
    expectValidation(await scim({ externalId: "x" }, apiKey), ["provider", "email", "firstName", "lastName"]);
    expectUnknownFields(await scim({ ...person, tenantId: globex.id }, apiKey), ["tenantId"]);
  });

  it("DELETE /auth/scim/users/{externalId}?tenantSlug=: 204, the link goes, the user record stays", async () => {
    const user = await userByEmail(api, person.email);
    const res = await api.call("DELETE", `/auth/scim/users/${person.externalId}?tenantSlug=acme`, { headers: { "X-API-Key": apiKey } });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(await api.db.select().from(externalIdentities).where(eq(externalIdentities.userId, user!.id))).toEqual([]);
    expect(await userByEmail(api, person.email)).toMatchObject({ id: user!.id });
    expect(await membershipOf(api, acme.id, user!.id)).toBeDefined();

    expectError(await api.call("DELETE", `/auth/scim/users/${person.externalId}?tenantSlug=acme`, { headers: { "X-API-Key": apiKey } }), 404);
    expectError(await api.call("DELETE", `/auth/scim/users/ext-43?tenantSlug=globex`, { headers: { "X-API-Key": apiKey } }), 404);
    expectError(await api.call("DELETE", `/auth/scim/users/ext-43?tenantSlug=acme`), 401);
    expectError(await api.call("DELETE", `/auth/scim/users/ext-43?tenantSlug=acme`, { headers: { "X-API-Key": "tsk_nope" } }), 401);
    expectValidation(await api.call("DELETE", `/auth/scim/users/ext-43`, { headers: { "X-API-Key": apiKey } }), ["tenantSlug"]);
  });

  it("a rotated key stops working at once; the new one works", async () => {
    const rotated = await api.call("POST", `/tenants/${acme.id}/service-api-key`, { tenant: "acme", token: acmeAdmin });
    expect(rotated.status).toBe(201);
    expect(rotated.body.data.apiKey).not.toBe(apiKey);
    expectError(await scim(person, apiKey), 401, "Invalid API key");
    expect((await scim(person, rotated.body.data.apiKey)).status).toBe(201);
    apiKey = rotated.body.data.apiKey;
  });

  it("answers 404 when the key's tenant is not HEADLESS", async () => {
    const key = await api.call("POST", `/tenants/${globex.id}/service-api-key`, { tenant: "globex", token: globexAdmin });
    expect(key.status).toBe(201);
    expectError(await scim({ ...person, externalId: "g-1", email: "g1@globex.test" }, key.body.data.apiKey), 404, "Tenant not found or headless mode is off");
    expect(await userByEmail(api, "g1@globex.test")).toBeUndefined();
    expectError(await api.call("DELETE", `/auth/scim/users/g-1?tenantSlug=globex`, { headers: { "X-API-Key": key.body.data.apiKey } }), 404);
  });
});
