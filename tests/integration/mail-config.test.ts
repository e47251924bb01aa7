import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mailConfigurations, mailOutbox } from "../../server/db/schema";
import { resetEnvCache } from "../../server/env";
import { openSecrets } from "../../server/services/mail/credentials";
import { startApi, type TestApi } from "../helpers/api";
import { startFakeMailApis, type FakeMailApis } from "../helpers/fake-mail-apis";
import { startFakeSmtp, type FakeSmtp } from "../helpers/fake-smtp";
import { auditRows, expectError, expectUnknownFields, expectValidation, tenantBySlug, userIdOf } from "../helpers/rest";
import { createMember, tokenFor } from "../factories";

/**
 * Issue #9 item 5: the mail configuration operations (CRUD, roles, cross-tenant, secrets never
 * returned), the test send through a REAL local SMTP server with AUTH and through a fake Resend API.
 */
vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

let api: TestApi;
let smtp: FakeSmtp;
let fakes: FakeMailApis;
const tok = {} as Record<"admin" | "creator" | "creator2" | "learner" | "trainer" | "globexAdmin", string>;
let creatorId: string;
const call = (method: string, path: string, token?: string, body?: unknown, tenant = "acme") => api.call(method, path, { tenant, token, body });
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  fakes = await startFakeMailApis();
  for (const [k, v] of Object.entries(fakes.env())) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  resetEnvCache();
  smtp = await startFakeSmtp();
  api = await startApi({ demo: true });
  const acme = await tenantBySlug(api, "acme");
  await createMember(api.db, acme.id, "CREATOR", "creator2@acme.test");
  for (const who of ["admin", "creator", "creator2", "learner", "trainer"] as const) tok[who] = await tokenFor(api, "acme", who);
  tok.globexAdmin = await tokenFor(api, "globex", "admin");
  creatorId = await userIdOf(api, "creator@acme.test");
});
afterAll(async () => {
  await api.close();
  await smtp.close();
  await fakes.close();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
});

const SECRET_WORDS = ["smtp-S3cret!", "re_test_key", "password", "apiKey", "credentials", "accessToken", "refreshToken"];
function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  for (const w of SECRET_WORDS) expect(text, `response leaks ${w}`).not.toContain(w);
}

const smtpBody = () => ({
  provider: "SMTP",
  fromName: "Acme Formation",
  fromEmail: "Formation@Acme.test",
  smtp: { host: smtp.host, port: smtp.port, secure: false, user: smtp.user, password: smtp.password },
});

describe("GET /configuration/mail", () => {
  it("200 data: null when none is set", async () => {
    const res = await call("GET", "/configuration/mail", tok.admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null });
  });
  it("403 for LEARNER and TRAINER, 401 without a token", async () => {
    expectError(await call("GET", "/configuration/mail", tok.learner), 403);
    expectError(await call("GET", "/configuration/mail", tok.trainer), 403);
    expectError(await call("GET", "/configuration/mail"), 401);
  });
});

describe("POST /configuration/mail (upsert)", () => {
  let adminConfigId: string;
  it("ADMIN: 201 the tenant-level SMTP configuration, secrets encrypted and never returned", async () => {
    const res = await call("POST", "/configuration/mail", tok.admin, smtpBody());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      id: expect.stringMatching(/^mcf_/),
      scope: "TENANT",
      ownerUserId: null,
      provider: "SMTP",
      fromName: "Acme Formation",
      fromEmail: "formation@acme.test",
      smtp: { host: "127.0.0.1", port: smtp.port, secure: false, user: "smtp-user" },
      hasCredentials: true,
      oauthConnected: false,
      verified: false,
      verifiedAt: null,
      lastError: null,
      lastErrorCause: null,
    });
    expectNoSecrets(res.body);
    adminConfigId = res.body.data.id;
    const [row] = await api.db.select().from(mailConfigurations).where(eq(mailConfigurations.id, adminConfigId));
    expect(row!.credentials).toMatch(/^v1:/);
    expect(row!.credentials).not.toContain("smtp-S3cret!");
    expect(openSecrets(row!.tenantId, row!.id, row!.credentials)).toEqual({ smtpPassword: "smtp-S3cret!" });
    // Bound to its row: the same box under another id does not decrypt.
    expect(() => openSecrets(row!.tenantId, "mcf_other", row!.credentials)).toThrow();
    expect((await auditRows(api, "mail_configuration.created", { targetId: adminConfigId })).length).toBe(1);
  });

  it("ADMIN: 200 on the second POST (replaced), the password kept when omitted", async () => {
    const res = await call("POST", "/configuration/mail", tok.admin, { ...smtpBody(), fromName: "Acme", smtp: { host: smtp.host, port: smtp.port, user: smtp.user } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: adminConfigId, fromName: "Acme", hasCredentials: true });
    const [row] = await api.db.select().from(mailConfigurations).where(eq(mailConfigurations.id, adminConfigId));
    expect(openSecrets(row!.tenantId, row!.id, row!.credentials).smtpPassword).toBe("smtp-S3cret!");
    const get = await call("GET", "/configuration/mail", tok.admin);
    expect(get.body.data.id).toBe(adminConfigId);
    expectNoSecrets(get.body);
  });

  it("CREATOR: their own configuration, separate from the tenant-level one", async () => {
    expect((await call("GET", "/configuration/mail", tok.creator)).body).toEqual({ data: null });
    const res = await call("POST", "/configuration/mail", tok.creator, { provider: "RESEND", fromName: "Claire", fromEmail: "claire@acme.test", apiKey: "re_test_key" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ scope: "USER", ownerUserId: creatorId, provider: "RESEND", hasCredentials: true, smtp: null });
    expectNoSecrets(res.body);
    expect((await call("GET", "/configuration/mail", tok.admin)).body.data.id).toBe(adminConfigId);
  });

  it("400: SMTP without host/port/fromEmail, RESEND without apiKey, a secret of another provider, unknown fields", async () => {
    expectValidation(await call("POST", "/configuration/mail", tok.creator2, { provider: "SMTP", fromName: "x" }), ["smtp.host", "smtp.port", "fromEmail"]);
    expectValidation(await call("POST", "/configuration/mail", tok.creator2, { provider: "RESEND", fromEmail: "a@b.test" }), ["apiKey"]);
    expectValidation(await call("POST", "/configuration/mail", tok.creator2, { provider: "GOOGLE", apiKey: "k" }), ["apiKey"]);
    expectValidation(await call("POST", "/configuration/mail", tok.creator2, { provider: "POSTFIX" }), ["provider"]);
    expectUnknownFields(await call("POST", "/configuration/mail", tok.creator2, { provider: "GOOGLE", tenantId: "x", ownerUserId: "y" }), ["tenantId", "ownerUserId"]);
    expect((await call("GET", "/configuration/mail", tok.creator2)).body).toEqual({ data: null });
  });

  it("403 for LEARNER", async () => {
    expectError(await call("POST", "/configuration/mail", tok.learner, smtpBody()), 403);
  });
});

describe("POST /configuration/mail/test through a real SMTP server", () => {
  it("200 {messageId}: the message arrives at the caller's address over SMTP with AUTH; the configuration is verified", async () => {
    const cfg = (await call("GET", "/configuration/mail", tok.admin)).body.data;
    const before = smtp.received.length;
    const res = await call("POST", "/configuration/mail/test", tok.admin, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ messageId: expect.stringMatching(/^<.+@.+>$/), transport: "tenant:smtp", verified: true });
    expect(smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.user).toBe("smtp-user");
    expect(mail.envelope).toEqual({ from: "formation@acme.test", to: ["admin@acme.test"] });
    expect(mail.parsed.subject).toBe("Test de votre configuration e-mail");
    expect(mail.parsed.from).toMatchObject({ name: "Acme", address: "formation@acme.test" });
    expect(mail.parsed.to?.[0]?.address).toBe("admin@acme.test");
    expect(mail.parsed.messageId).toBe(res.body.data.messageId);
    expect(mail.parsed.text).toContain("fonctionne");
    const after = (await call("GET", "/configuration/mail", tok.admin)).body.data;
    expect(after).toMatchObject({ id: cfg.id, verified: true, lastError: null, verifiedAt: expect.any(String) });
    const [outboxRow] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.providerMessageId, res.body.data.messageId));
    expect(outboxRow).toMatchObject({ to: "admin@acme.test", transport: "tenant:smtp", template: "mail-test" });
  });

  it("422 MAIL_TEST_FAILED with the server's error on a wrong password; lastError recorded, verified cleared", async () => {
    const cfg = (await call("GET", "/configuration/mail", tok.admin)).body.data;
    const patch = await call("PATCH", `/configuration/mail/${cfg.id}`, tok.admin, { smtp: { password: "wrong-password" } });
    expect(patch.status).toBe(200);
    expect(patch.body.data.verified).toBe(false);
    const res = await call("POST", "/configuration/mail/test", tok.admin, { id: cfg.id });
    expectError(res, 422);
    expect(res.body.code).toBe("MAIL_TEST_FAILED");
    expect(res.body.message).toMatch(/Invalid username or password|authentication|Invalid login/i);
    const after = (await call("GET", "/configuration/mail", tok.admin)).body.data;
    expect(after.verified).toBe(false);
    expect(after.lastError).toMatch(/Invalid username or password|Invalid login/i);
    // The cause the screen words in plain language ("the server refused the user name or password").
    expect(after.lastErrorCause).toBe("SMTP_AUTH_FAILED");
    // back to the right password for the tests below
    await call("PATCH", `/configuration/mail/${cfg.id}`, tok.admin, { smtp: { password: smtp.password } });
  });

  it("French wording of the failure with Accept-Language: fr", async () => {
    const cfg = (await call("GET", "/configuration/mail", tok.admin)).body.data;
    await call("PATCH", `/configuration/mail/${cfg.id}`, tok.admin, { smtp: { port: 1 } });
    const res = await api.call("POST", "/configuration/mail/test", { tenant: "acme", token: tok.admin, body: {}, headers: { "Accept-Language": "fr" } });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^L'envoi du message de test a échoué\u202f: /);
    await call("PATCH", `/configuration/mail/${cfg.id}`, tok.admin, { smtp: { port: smtp.port } });
  });

  it("404 when the caller has no configuration, or names another's (another creator's, the tenant's for a CREATOR, another tenant's)", async () => {
    expectError(await call("POST", "/configuration/mail/test", tok.creator2, {}), 404);
    const adminCfg = (await call("GET", "/configuration/mail", tok.admin)).body.data;
    const creatorCfg = (await call("GET", "/configuration/mail", tok.creator)).body.data;
    const res = await call("POST", "/configuration/mail/test", tok.creator2, { id: creatorCfg.id });
    expectError(res, 404);
    expect(res.body.code).toBe("MAIL_CONFIGURATION_NOT_FOUND");
    expectError(await call("POST", "/configuration/mail/test", tok.creator, { id: adminCfg.id }), 404);
    expectError(await call("POST", "/configuration/mail/test", tok.globexAdmin, { id: adminCfg.id }, "globex"), 404);
    expectError(await call("POST", "/configuration/mail/test", tok.learner, {}), 403);
  });
});

describe("Resend configuration", () => {
  it("test send through the Resend API: bearer key, sender, recipient, subject", async () => {
    const before = fakes.requests.length;
    const res = await call("POST", "/configuration/mail/test", tok.creator, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ messageId: expect.stringMatching(/^resend-/), transport: "creator:resend", verified: true });
    const sent = fakes.requests.slice(before).filter((r) => r.path === "/resend/emails");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.authorization).toBe("Bearer re_test_key");
    expect(sent[0]!.json).toMatchObject({ from: '"Claire" <claire@acme.test>', to: "creator@acme.test", subject: "Test de votre configuration e-mail" });
  });
  it("422 with Resend's error text when the key is refused", async () => {
    const cfg = (await call("GET", "/configuration/mail", tok.creator)).body.data;
    await call("PATCH", `/configuration/mail/${cfg.id}`, tok.creator, { apiKey: "re_wrong" });
    const res = await call("POST", "/configuration/mail/test", tok.creator, {});
    expectError(res, 422);
    expect(res.body.message).toContain("API key is invalid");
    expect((await call("GET", "/configuration/mail", tok.creator)).body.data).toMatchObject({ verified: false, lastError: expect.stringContaining("API key is invalid") });
    await call("PATCH", `/configuration/mail/${cfg.id}`, tok.creator, { apiKey: "re_test_key" });
  });
});

describe("PATCH and DELETE /configuration/mail/{id}", () => {
  it("PATCH 200: fromName alone keeps verified; 400 on invalid fields; 404 for another's id; 403 for LEARNER", async () => {
    const cfg = (await call("GET", "/configuration/mail", tok.creator)).body.data;
    await call("POST", "/configuration/mail/test", tok.creator, {});
    const res = await call("PATCH", `/configuration/mail/${cfg.id}`, tok.creator, { fromName: "Claire Martin" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ fromName: "Claire Martin", verified: true });
    expectNoSecrets(res.body);
    expectValidation(await call("PATCH", `/configuration/mail/${cfg.id}`, tok.creator, { fromEmail: "not-an-address" }), ["fromEmail"]);
    expectUnknownFields(await call("PATCH", `/configuration/mail/${cfg.id}`, tok.creator, { verified: true }), ["verified"]);
    expectError(await call("PATCH", `/configuration/mail/${cfg.id}`, tok.creator2, { fromName: "x" }), 404);
    expectError(await call("PATCH", `/configuration/mail/${cfg.id}`, tok.admin, { fromName: "x" }), 404);
    expectError(await call("PATCH", `/configuration/mail/${cfg.id}`, tok.globexAdmin, { fromName: "x" }, "globex"), 404);
    expectError(await call("PATCH", `/configuration/mail/${cfg.id}`, tok.learner, { fromName: "x" }), 403);
  });

  it("PATCH switching provider drops the previous secrets", async () => {
    const cfg = (await call("GET", "/configuration/mail", tok.creator)).body.data;
    const res = await call("PATCH", `/configuration/mail/${cfg.id}`, tok.creator, { provider: "GOOGLE" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ provider: "GOOGLE", hasCredentials: false, oauthConnected: false, verified: false });
  });

  it("DELETE 204; another's 404; LEARNER 403; then GET answers null", async () => {
    const cfg = (await call("GET", "/configuration/mail", tok.creator)).body.data;
    expectError(await call("DELETE", `/configuration/mail/${cfg.id}`, tok.globexAdmin, undefined, "globex"), 404);
    expectError(await call("DELETE", `/configuration/mail/${cfg.id}`, tok.creator2), 404);
    expectError(await call("DELETE", `/configuration/mail/${cfg.id}`, tok.learner), 403);
    const res = await call("DELETE", `/configuration/mail/${cfg.id}`, tok.creator);
    expect(res.status).toBe(204);
    expect((await call("GET", "/configuration/mail", tok.creator)).body).toEqual({ data: null });
    expectError(await call("DELETE", `/configuration/mail/${cfg.id}`, tok.creator), 404);
    expect((await auditRows(api, "mail_configuration.deleted", { targetId: cfg.id })).length).toBe(1);
  });
});
