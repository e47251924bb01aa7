import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { mailOutbox } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { sendMail } from "../../server/services/mail";
import { resolveMailTransport } from "../../server/services/mail/chain";
import { drainJobs } from "../helpers/jobs";
import { startApi, type TestApi } from "../helpers/api";
import { startFakeMailApis, type FakeMailApis } from "../helpers/fake-mail-apis";
import { startFakeSmtp, type FakeSmtp } from "../helpers/fake-smtp";
import { tenantBySlug, userIdOf } from "../helpers/rest";
import { tokenFor } from "../factories";
import { envPatch } from "../helpers/env-patch";

/**
 * The spec's fallback chain, table-driven: the sending creator's own configuration, then the
 * tenant-level one, then Resend (RESEND_API_KEY), then SMTP (SMTP_URL), then the development outbox
 * (never in production). Each row sends a message and checks which server received it.
 */
vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

let api: TestApi;
let fakes: FakeMailApis;
let tenantSmtp: FakeSmtp;
let creatorSmtp: FakeSmtp;
let platformSmtp: FakeSmtp;
let acmeId: string;
let creatorId: string;
let creator2Id: string;
const tok = {} as Record<"admin" | "creator" | "creator2", string>;
const envVars = envPatch();
const { saved } = envVars;

const setEnv = (vars: Record<string, string | undefined>) => envVars.set(vars);

const smtpConfig = (s: FakeSmtp, fromEmail: string) => ({ provider: "SMTP", fromName: "", fromEmail, smtp: { host: s.host, port: s.port, secure: false, user: s.user, password: s.password } });

beforeAll(async () => {
  fakes = await startFakeMailApis();
  [tenantSmtp, creatorSmtp, platformSmtp] = await Promise.all([startFakeSmtp(), startFakeSmtp({ user: "creator", password: "creator-pass" }), startFakeSmtp({ user: "platform", password: "platform-pass" })]);
  setEnv({ ...fakes.env(), RESEND_API_KEY: undefined, SMTP_URL: undefined });
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  for (const who of ["admin", "creator"] as const) tok[who] = await tokenFor(api, "acme", who);
  creatorId = await userIdOf(api, "creator@acme.test");
  // A second creator whose own configuration is GOOGLE but never connected: unusable, skipped.
  const { createMember } = await import("../factories");
  await createMember(api.db, acmeId, "CREATOR", "creator2@acme.test");
  tok.creator2 = await tokenFor(api, "acme", "creator2");
  creator2Id = await userIdOf(api, "creator2@acme.test");
});
afterAll(async () => {
  await api.close();
  await Promise.all([fakes.close(), tenantSmtp.close(), creatorSmtp.close(), platformSmtp.close()]);
  envVars.restore();
});

type Row = {
  name: string;
  creatorConfig: boolean;
  tenantConfig: boolean;
  resend: boolean;
  smtpUrl: boolean;
  sender: "creator" | "creator2" | "none";
  tenant: boolean;
  expect: string;
};

const ROWS: Row[] = [
  { name: "creator's own configuration first", creatorConfig: true, tenantConfig: true, resend: true, smtpUrl: true, sender: "creator", tenant: true, expect: "creator:smtp" },
  { name: "another sender: the tenant-level configuration", creatorConfig: true, tenantConfig: true, resend: true, smtpUrl: true, sender: "none", tenant: true, expect: "tenant:smtp" },
  { name: "a creator whose own configuration cannot send (not connected): the tenant's", creatorConfig: true, tenantConfig: true, resend: true, smtpUrl: true, sender: "creator2", tenant: true, expect: "tenant:smtp" },
  { name: "no tenant configuration: Resend", creatorConfig: false, tenantConfig: false, resend: true, smtpUrl: true, sender: "creator", tenant: true, expect: "resend" },
  { name: "no Resend key: SMTP_URL", creatorConfig: false, tenantConfig: false, resend: false, smtpUrl: true, sender: "creator", tenant: true, expect: "smtp" },
  { name: "nothing configured: the development outbox", creatorConfig: false, tenantConfig: false, resend: false, smtpUrl: false, sender: "creator", tenant: true, expect: "outbox" },
  { name: "platform mail (no tenant) skips configurations", creatorConfig: true, tenantConfig: true, resend: false, smtpUrl: true, sender: "creator", tenant: false, expect: "smtp" },
];

async function arrange(row: Row) {
  const current = async (token: string) => (await api.call("GET", "/configuration/mail", { tenant: "acme", token })).body.data as { id: string } | null;
  for (const [token, want, body] of [
    [tok.creator, row.creatorConfig, smtpConfig(creatorSmtp, "creator@acme.test")],
    [tok.admin, row.tenantConfig, smtpConfig(tenantSmtp, "formation@acme.test")],
    [tok.creator2, row.creatorConfig, { provider: "GOOGLE", fromName: "C2" }],
  ] as const) {
    const existing = await current(token);
    if (want && !existing) expect((await api.call("POST", "/configuration/mail", { tenant: "acme", token, body })).status).toBe(201);
    if (!want && existing) expect((await api.call("DELETE", `/configuration/mail/${existing.id}`, { tenant: "acme", token })).status).toBe(204);
  }
  setEnv({
    RESEND_API_KEY: row.resend ? "re_test_key" : undefined,
    SMTP_URL: row.smtpUrl ? `smtp://platform:platform-pass@127.0.0.1:${platformSmtp.port}` : undefined,
  });
}

describe("resolveMailTransport: creator -> tenant -> Resend -> SMTP -> outbox", () => {
  it.each(ROWS)("$name -> $expect", async (row) => {
    await arrange(row);
    const senderUserId = row.sender === "creator" ? creatorId : row.sender === "creator2" ? creator2Id : null;
    const counts = [creatorSmtp, tenantSmtp, platformSmtp].map((s) => s.received.length);
    const resendBefore = fakes.requests.filter((r) => r.path === "/resend/emails").length;
    const resolved = await resolveMailTransport(api.db, { tenantId: row.tenant ? acmeId : null, senderUserId });
    expect(resolved.transport.name).toBe(row.expect);
    expect(resolved.link).toBe(row.expect);
    expect(resolved.source).toBe(row.expect.split(":")[0]);
    await resolved.transport.send({ to: "learner@acme.test", subject: `chain ${row.name}`, text: "x", from: "Plateforme <no-reply@acme.test>" });
    const received = {
      "creator:smtp": creatorSmtp.received.length - counts[0]!,
      "tenant:smtp": tenantSmtp.received.length - counts[1]!,
      smtp: platformSmtp.received.length - counts[2]!,
      resend: fakes.requests.filter((r) => r.path === "/resend/emails").length - resendBefore,
    } as Record<string, number>;
    for (const [link, n] of Object.entries(received)) expect(n, link).toBe(link === row.expect ? 1 : 0);
    if (row.expect === "creator:smtp") expect(creatorSmtp.received.at(-1)!.parsed.from?.address).toBe("creator@acme.test");
    if (row.expect === "smtp") expect(platformSmtp.received.at(-1)!.parsed.from?.address).toBe("no-reply@acme.test");
  });

  it("production with nothing configured: 503 MAIL_NOT_CONFIGURED instead of the outbox", async () => {
    await arrange({ ...ROWS[5]! });
    setEnv({ NODE_ENV: "production", JWT_SECRET: "p".repeat(40), NEXTAUTH_SECRET: "q".repeat(40), ENCRYPTION_KEY: "r".repeat(40), MEDIA_HMAC_SECRET: "s".repeat(40), LIVEKIT_API_KEY: "APIprodKey", LIVEKIT_API_SECRET: "t".repeat(40), ENABLE_DEV_OUTBOX: undefined });
    try {
      await expect(resolveMailTransport(api.db, { tenantId: acmeId, senderUserId: creatorId })).rejects.toMatchObject({ reason: "MAIL_NOT_CONFIGURED", code: "UNAVAILABLE" });
      setEnv({ ENABLE_DEV_OUTBOX: "true" });
      expect((await resolveMailTransport(api.db, { tenantId: acmeId })).transport.name).toBe("outbox");
    } finally {
      setEnv({ NODE_ENV: saved.NODE_ENV, JWT_SECRET: saved.JWT_SECRET, NEXTAUTH_SECRET: saved.NEXTAUTH_SECRET, ENCRYPTION_KEY: saved.ENCRYPTION_KEY, MEDIA_HMAC_SECRET: saved.MEDIA_HMAC_SECRET, LIVEKIT_API_KEY: saved.LIVEKIT_API_KEY, LIVEKIT_API_SECRET: saved.LIVEKIT_API_SECRET, ENABLE_DEV_OUTBOX: saved.ENABLE_DEV_OUTBOX });
    }
  });
});

describe("sendMail -> mail.send job -> the chain", () => {
  it("a queued mail is sent by the creator's own configuration and mail_outbox records the link", async () => {
    await arrange(ROWS[0]!);
    const before = creatorSmtp.received.length;
    const id = await sendMail(api.db, {
      scope: forTenant(acmeId),
      to: "learner@acme.test",
      template: "invitation",
      locale: "fr",
      vars: { firstName: "Lina", inviterName: "Claire", link: "http://acme.localhost/x" },
      senderUserId: creatorId,
    });
    await drainJobs(api.db);
    const [row] = await api.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "SENT", transport: "creator:smtp", lastError: null });
    expect(creatorSmtp.received.length).toBe(before + 1);
    expect(creatorSmtp.received.at(-1)!.parsed.subject).toBe("Invitation à rejoindre Acme Formation");
    expect(row!.providerMessageId).toBe(creatorSmtp.received.at(-1)!.parsed.messageId);
  });
});
