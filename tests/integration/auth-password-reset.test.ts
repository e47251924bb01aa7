import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { manualClock, setClock } from "../../server/lib/clock";
import { startApi, type TestApi } from "../helpers/api";
import { login, PASSWORD } from "../factories";
import { auditRows, expectError, expectValidation, outbox, tokenFromMail, userIdOf } from "../helpers/rest";

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ demo: true });
});
afterAll(() => api.close());
afterEach(() => setClock(null));

const FORGOT = "If an account exists for this e-mail, a reset link has been sent.";
const forgot = (email: string) => api.call("POST", "/auth/forgot-password", { tenant: "acme", body: { email } });
const reset = (token: string, password: string) => api.call("POST", "/auth/reset-password", { body: { token, password } });

async function resetTokenFor(email: string): Promise<string> {
  const res = await forgot(email);
  expect(res.status).toBe(200);
  const [mail] = await outbox(api, email);
  expect(mail!.template).toBe("password-reset");
  return tokenFromMail(mail!.text);
}

describe("POST /auth/forgot-password", () => {
  it("answers 200 with the same message for a known and an unknown e-mail, and mails only the known one", async () => {
    const known = await forgot("learner@acme.test");
    const unknown = await forgot("nobody@acme.test");
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ data: { message: FORGOT } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    // The demo learner has other mails in the outbox (the seed's surveys and complaints): the reset mails only.
    const mails = (await outbox(api, "learner@acme.test")).filter((m) => m.template === "password-reset");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/http:\/\/acme\.localhost:3000\/reset-password\?token=/);
    expect(await outbox(api, "nobody@acme.test")).toEqual([]);
  });

  it("answers 400 for a malformed e-mail", async () => {
    expectValidation(await api.call("POST", "/auth/forgot-password", { body: { email: "not-an-email" } }), ["email"]);
  });
});

describe("POST /auth/reset-password", () => {
  it("sets the new password and revokes every session of the account", async () => {
    const email = "learner2@acme.test";
    const sessionA = await login(api, "acme", email);
    const sessionB = await login(api, "acme", email);
    const token = await resetTokenFor(email);

    const res = await reset(token, "brand-new-Passw0rd");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { message: "Password updated" } });

    for (const s of [sessionA, sessionB]) {
      expectError(await api.call("POST", "/auth/refresh", { body: { refreshToken: s.refreshToken } }), 401);
    }
    expectError(await api.call("POST", "/auth/login", { tenant: "acme", body: { email, password: PASSWORD } }), 401, "Invalid credentials");
    expect((await api.call("POST", "/auth/login", { tenant: "acme", body: { email, password: "brand-new-Passw0rd" } })).status).toBe(200);
    expect(await auditRows(api, "auth.password_reset", { targetId: await userIdOf(api, email) })).toHaveLength(1);

    // The token is single use.
    expectError(await reset(token, "another-Passw0rd!"), 401, "Invalid or expired reset token");
  });

  it("answers 401 for an unknown token and for a token older than 1 hour", async () => {
    expectError(await reset("not-a-real-token", "whatever-Passw0rd"), 401, "Invalid or expired reset token");

    const clock = manualClock(new Date());
    setClock(clock);
    const token = await resetTokenFor("trainer@acme.test");
    clock.advance(3601);
    expectError(await reset(token, "too-late-Passw0rd"), 401, "Invalid or expired reset token");
    setClock(null);
    expect((await api.call("POST", "/auth/login", { tenant: "acme", body: { email: "trainer@acme.test", password: PASSWORD } })).status).toBe(200);
  });

  it("answers 400 for a password shorter than 10 characters, without using the token", async () => {
    const token = await resetTokenFor("funder@acme.test");
    const res = await reset(token, "short");
    expectValidation(res, ["password"]);
    expect(res.body.errors.password).toEqual(["Password must be at least 10 characters"]);
    expect((await reset(token, "long-enough-Passw0rd")).status).toBe(200);
  });
});
