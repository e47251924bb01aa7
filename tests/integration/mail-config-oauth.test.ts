import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mailConfigurations } from "../../server/db/schema";
import { resolveMailTransport } from "../../server/services/mail/chain";
import { openSecrets, sealSecrets } from "../../server/services/mail/credentials";
import { signOAuthState } from "../../server/services/mail/oauth-state";
import { startApi, type TestApi } from "../helpers/api";
import { startFakeMailApis, type FakeMailApis } from "../helpers/fake-mail-apis";
import { expectError, expectValidation, tenantBySlug, userIdOf } from "../helpers/rest";
import { tokenFor } from "../factories";
import { envPatch } from "../helpers/env-patch";

/**
 * Issue #9 item 5: "Connect Google / Microsoft" (authorize -> consent -> callback: signed state,
 * PKCE S256, tokens encrypted), sending through the Gmail API and Microsoft Graph (local fakes),
 * and the refresh of an expired access token.
 */
vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

let api: TestApi;
let fakes: FakeMailApis;
const tok = {} as Record<"admin" | "creator" | "learner" | "globexAdmin", string>;
let acmeId: string;
let adminId: string;
let creatorId: string;
const envVars = envPatch();
const call = (method: string, path: string, token?: string, body?: unknown, tenant = "acme") => api.call(method, path, { tenant, token, body });

const setEnv = (vars: Record<string, string | undefined>) => envVars.set(vars);

beforeAll(async () => {
  fakes = await startFakeMailApis();
  setEnv(fakes.env());
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  for (const who of ["admin", "creator", "learner"] as const) tok[who] = await tokenFor(api, "acme", who);
  tok.globexAdmin = await tokenFor(api, "globex", "admin");
  adminId = await userIdOf(api, "admin@acme.test");
  creatorId = await userIdOf(api, "creator@acme.test");
});
afterAll(async () => {
  await api.close();
  await fakes.close();
  envVars.restore();
});

async function authorize(provider: "google" | "microsoft", token: string, body: Record<string, unknown> = {}) {
  const res = await call("POST", `/configuration/mail/${provider}/authorize`, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new URL(res.body.data.authorizeUrl as string);
}

async function callback(provider: string, query: Record<string, string>) {
  const res = await fetch(`${api.url}/api/v1/configuration/mail/${provider}/callback?${new URLSearchParams(query)}`, { redirect: "manual" });
  return { status: res.status, location: res.headers.get("location") ?? "", body: await res.text() };
}

const tokenRequests = (provider: "google" | "microsoft") => fakes.requests.filter((r) => (provider === "google" ? r.path === "/google/token" : r.path.endsWith("/oauth2/v2.0/token")));

async function rowOf(owner: string | null) {
  const rows = await api.db.select().from(mailConfigurations).where(eq(mailConfigurations.tenantId, acmeId));
  return rows.find((r) => r.ownerUserId === owner)!;
}

describe("POST /configuration/mail/{provider}/authorize", () => {
  it("422 MAIL_OAUTH_NOT_CONFIGURED without the platform's client id", async () => {
    setEnv({ GOOGLE_CLIENT_ID: undefined });
    try {
      const res = await call("POST", "/configuration/mail/google/authorize", tok.admin, {});
      expectError(res, 422);
      expect(res.body.code).toBe("MAIL_OAUTH_NOT_CONFIGURED");
    } finally {
      setEnv({ GOOGLE_CLIENT_ID: fakes.env().GOOGLE_CLIENT_ID });
    }
  });
  it("400 for an unknown provider, 403 for a LEARNER, 401 without a token", async () => {
    expectValidation(await call("POST", "/configuration/mail/yahoo/authorize", tok.admin, {}), ["provider"]);
    expectError(await call("POST", "/configuration/mail/google/authorize", tok.learner, {}), 403);
    expectError(await call("POST", "/configuration/mail/google/authorize", undefined, {}), 401);
  });
  it("200 {authorizeUrl}: the provider's endpoint, client id, redirect URI, scopes, PKCE S256, a signed state", async () => {
    const url = await authorize("google", tok.admin);
    expect(`${url.origin}${url.pathname}`).toBe(`${fakes.url}/google/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "google-client-id",
      response_type: "code",
      redirect_uri: "http://localhost:3000/api/v1/configuration/mail/google/callback",
      code_challenge_method: "S256",
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      access_type: "offline",
      state: expect.stringMatching(/^ey[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    expect(url.searchParams.get("scope")).toContain("https://www.googleapis.com/auth/gmail.send");
    const ms = await authorize("microsoft", tok.creator);
    expect(`${ms.origin}${ms.pathname}`).toBe(`${fakes.url}/ms/common/oauth2/v2.0/authorize`);
    expect(ms.searchParams.get("scope")).toContain("Mail.Send");
    // The state does not show the PKCE verifier in clear.
    const payload = JSON.parse(Buffer.from(url.searchParams.get("state")!.split(".")[1]!, "base64url").toString());
    expect(payload).toMatchObject({ provider: "google", tenantId: acmeId, userId: adminId, ownerUserId: null, cv: expect.stringMatching(/^v1:/) });
  });
});

describe("GET /configuration/mail/google/callback", () => {
  it("refuses a tampered, expired or other-provider state: 302 ?mail=error&reason=invalid_state, no token request", async () => {
    const url = await authorize("google", tok.admin);
    const state = url.searchParams.get("state")!;
    const code = fakes.issueCode("google", url.searchParams.get("code_challenge")!, "x@acme.test");
    const before = tokenRequests("google").length;
    const [h, p, s] = state.split(".");
    const forged = JSON.parse(Buffer.from(p!, "base64url").toString());
    forged.ownerUserId = creatorId;
    const tampered = `${h}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${s}`;
    const expired = await signOAuthState({ provider: "google", tenantId: acmeId, tenantSlug: "acme", userId: adminId, ownerUserId: null, codeVerifier: "v".repeat(43) }, new Date(Date.now() - 11 * 60_000));
    for (const bad of [tampered, `${state}x`, expired, ""]) {
      const res = await callback("google", { code, state: bad });
      expect(res.status).toBe(302);
      expect(res.location).toBe("http://localhost:3000/settings/mail?mail=error&reason=invalid_state");
    }
    expect((await callback("microsoft", { code, state })).location).toContain("reason=invalid_state");
    expect(tokenRequests("google").length).toBe(before);
  });

  it("consent refused: 302 reason=access_denied to the tenant's settings page", async () => {
    const url = await authorize("google", tok.admin);
    const res = await callback("google", { error: "access_denied", state: url.searchParams.get("state")! });
    expect(res.location).toBe("http://acme.localhost:3000/settings/mail?mail=error&reason=access_denied");
  });

  it("a code issued for another PKCE challenge fails the exchange: reason=token_exchange_failed", async () => {
    const url = await authorize("google", tok.admin);
    const code = fakes.issueCode("google", "A".repeat(43), "x@acme.test");
    const res = await callback("google", { code, state: url.searchParams.get("state")! });
    expect(res.location).toContain("mail=error&reason=token_exchange_failed");
    expect(await rowOf(null)).toBeUndefined();
  });

  it("connects the tenant-level configuration: PKCE verifier sent, tokens encrypted, fromEmail from the ID token, 302 ?mail=connected", async () => {
    const url = await authorize("google", tok.admin, { fromName: "Acme Formation" });
    const challenge = url.searchParams.get("code_challenge")!;
    const code = fakes.issueCode("google", challenge, "Contact@Acme-Gmail.test");
    const res = await callback("google", { code, state: url.searchParams.get("state")!, scope: "openid email" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("http://acme.localhost:3000/settings/mail?mail=connected&provider=google");
    const exchange = tokenRequests("google").at(-1)!;
    expect(exchange.form!.get("grant_type")).toBe("authorization_code");
    expect(exchange.form!.get("redirect_uri")).toBe("http://localhost:3000/api/v1/configuration/mail/google/callback");
    const verifier = exchange.form!.get("code_verifier")!;
    expect(createHash("sha256").update(verifier).digest("base64url")).toBe(challenge);
    const row = await rowOf(null);
    expect(row).toMatchObject({ provider: "GOOGLE", fromEmail: "contact@acme-gmail.test", fromName: "Acme Formation", createdBy: adminId, verified: false });
    expect(row.credentials).not.toMatch(/google-access|google-refresh/);
    const secrets = openSecrets(acmeId, row.id, row.credentials);
    expect(secrets).toMatchObject({ accessToken: expect.stringMatching(/^google-access-/), refreshToken: expect.stringMatching(/^google-refresh-/), expiresAt: expect.any(Number) });
    const get = await call("GET", "/configuration/mail", tok.admin);
    expect(get.body.data).toMatchObject({ provider: "GOOGLE", hasCredentials: true, oauthConnected: true, fromEmail: "contact@acme-gmail.test" });
    expect(JSON.stringify(get.body)).not.toMatch(/google-access|google-refresh|code_verifier/);
  });

  it("test send through the Gmail API: bearer token, RFC 822 message base64url; verified", async () => {
    const before = fakes.requests.length;
    const res = await call("POST", "/configuration/mail/test", tok.admin, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ messageId: expect.stringMatching(/^gmail-msg-/), transport: "tenant:gmail", verified: true });
    const sent = fakes.requests.slice(before).find((r) => r.path === "/gmail/v1/users/me/messages/send")!;
    const row = await rowOf(null);
    expect(sent.headers.authorization).toBe(`Bearer ${openSecrets(acmeId, row.id, row.credentials).accessToken}`);
    const mail = await PostalMime.parse(Buffer.from(sent.json.raw, "base64url").toString("utf8"));
    expect(mail.subject).toBe("Test de votre configuration e-mail");
    expect(mail.from).toMatchObject({ name: "Acme Formation", address: "contact@acme-gmail.test" });
    expect(mail.to?.[0]?.address).toBe("admin@acme.test");
  });

  it("an expired access token is refreshed with the refresh token, the new tokens stored encrypted; attachments travel in the MIME", async () => {
    const row = await rowOf(null);
    const old = openSecrets(acmeId, row.id, row.credentials);
    await api.db.update(mailConfigurations).set({ credentials: sealSecrets(acmeId, row.id, { ...old, expiresAt: Date.now() - 1000 }) }).where(eq(mailConfigurations.id, row.id));
    fakes.validTokens.delete(old.accessToken!);
    const before = fakes.requests.length;
    const { transport, link, source } = await resolveMailTransport(api.db, { tenantId: acmeId, senderUserId: adminId });
    expect([source, link, transport.name]).toEqual(["tenant", "tenant:gmail", "tenant:gmail"]);
    const ics = Buffer.from("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n").toString("base64");
    const { messageId } = await transport.send({ to: "learner@acme.test", subject: "Convocation", text: "Bonjour", attachments: [{ filename: "convocation.ics", contentType: "text/calendar", content: ics }] });
    expect(messageId).toMatch(/^gmail-msg-/);
    const calls = fakes.requests.slice(before);
    const refresh = calls.find((r) => r.path === "/google/token")!;
    expect(refresh.form!.get("grant_type")).toBe("refresh_token");
    expect(refresh.form!.get("refresh_token")).toBe(old.refreshToken);
    const sent = calls.find((r) => r.path === "/gmail/v1/users/me/messages/send")!;
    const after = openSecrets(acmeId, row.id, (await rowOf(null)).credentials);
    expect(after.accessToken).not.toBe(old.accessToken);
    expect(after.expiresAt).toBeGreaterThan(Date.now());
    expect(sent.headers.authorization).toBe(`Bearer ${after.accessToken}`);
    const mail = await PostalMime.parse(Buffer.from(sent.json.raw, "base64url").toString("utf8"));
    expect(mail.attachments.map((a) => [a.filename, a.mimeType])).toEqual([["convocation.ics", "text/calendar"]]);
  });

  it("a user who may no longer manage the configuration: reason=forbidden", async () => {
    const url = await authorize("google", tok.creator);
    // A CREATOR's state claiming the tenant-level configuration cannot be forged (signed); replaying it
    // after the role changed is refused.
    await api.db.execute(`update memberships set role = 'LEARNER' where user_id = '${creatorId}' and tenant_id = '${acmeId}'` as never);
    try {
      const code = fakes.issueCode("google", url.searchParams.get("code_challenge")!, "c@acme.test");
      expect((await callback("google", { code, state: url.searchParams.get("state")! })).location).toContain("reason=forbidden");
    } finally {
      await api.db.execute(`update memberships set role = 'CREATOR' where user_id = '${creatorId}' and tenant_id = '${acmeId}'` as never);
    }
  });
});

describe("Microsoft: a CREATOR connects their own account", () => {
  it("callback stores the tokens in the creator's configuration, fromEmail from Graph /me; sends go through Graph sendMail with fileAttachment", async () => {
    const url = await authorize("microsoft", tok.creator);
    const code = fakes.issueCode("microsoft", url.searchParams.get("code_challenge")!, "ignored@contoso.test");
    const res = await callback("microsoft", { code, state: url.searchParams.get("state")! });
    expect(res.location).toBe("http://acme.localhost:3000/settings/mail?mail=connected&provider=microsoft");
    const row = await rowOf(creatorId);
    expect(row).toMatchObject({ provider: "MICROSOFT", fromEmail: "formateur@contoso.test", ownerUserId: creatorId });
    expect((await call("GET", "/configuration/mail", tok.creator)).body.data).toMatchObject({ scope: "USER", provider: "MICROSOFT", oauthConnected: true });
    expect((await call("GET", "/configuration/mail", tok.admin)).body.data.provider).toBe("GOOGLE");

    const before = fakes.requests.length;
    const test = await call("POST", "/configuration/mail/test", tok.creator, {});
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    expect(test.body.data).toMatchObject({ transport: "creator:graph", messageId: expect.stringMatching(/^graph-req-/) });
    const { transport } = await resolveMailTransport(api.db, { tenantId: acmeId, senderUserId: creatorId });
    expect(transport.name).toBe("creator:graph");
    await transport.send({ to: "learner@acme.test", subject: "Convocation SST", text: "Bonjour", attachments: [{ filename: "convocation.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.7").toString("base64") }] });
    const sends = fakes.requests.slice(before).filter((r) => r.path === "/v1.0/me/sendMail");
    expect(sends).toHaveLength(2);
    const last = sends[1]!;
    expect(last.headers.authorization).toBe(`Bearer ${openSecrets(acmeId, row.id, row.credentials).accessToken}`);
    expect(last.json).toEqual({
      message: {
        subject: "Convocation SST",
        body: { contentType: "Text", content: "Bonjour" },
        toRecipients: [{ emailAddress: { address: "learner@acme.test" } }],
        attachments: [{ "@odata.type": "#microsoft.graph.fileAttachment", name: "convocation.pdf", contentType: "application/pdf", contentBytes: Buffer.from("%PDF-1.7").toString("base64") }],
      },
      saveToSentItems: true,
    });
  });

  it("Graph refresh: an expired token is refreshed at the Microsoft token endpoint", async () => {
    const row = await rowOf(creatorId);
    const old = openSecrets(acmeId, row.id, row.credentials);
    await api.db.update(mailConfigurations).set({ credentials: sealSecrets(acmeId, row.id, { ...old, expiresAt: Date.now() - 1 }) }).where(eq(mailConfigurations.id, row.id));
    const before = fakes.requests.length;
    const { transport } = await resolveMailTransport(api.db, { tenantId: acmeId, senderUserId: creatorId });
    await transport.send({ to: "learner@acme.test", subject: "x", text: "y" });
    const calls = fakes.requests.slice(before);
    expect(calls.map((c) => c.path)).toEqual(["/ms/common/oauth2/v2.0/token", "/v1.0/me/sendMail"]);
    expect(calls[0]!.form!.get("grant_type")).toBe("refresh_token");
  });

  it("another tenant cannot reach the configuration (cross-tenant 404)", async () => {
    const row = await rowOf(creatorId);
    expectError(await call("PATCH", `/configuration/mail/${row.id}`, tok.globexAdmin, { fromName: "x" }, "globex"), 404);
    expectError(await call("POST", "/configuration/mail/test", tok.globexAdmin, { id: row.id }, "globex"), 404);
  });
});
