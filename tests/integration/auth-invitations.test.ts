import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { manualClock, setClock } from "../../server/lib/clock";
import { startApi, type TestApi } from "../helpers/api";
import { PASSWORD, tokenFor } from "../factories";
import {
  decodeJwt,
  eventRows,
  expectError,
  expectValidation,
  membershipOf,
  outbox,
  tamperedToken,
  tenantBySlug,
  tokenFromMail,
  userByEmail,
  userIdOf,
} from "../helpers/rest";

let api: TestApi;
let admin: string;
let acmeId: string;
beforeAll(async () => {
  api = await startApi({ demo: true });
  admin = await tokenFor(api, "acme", "admin");
  acmeId = (await tenantBySlug(api, "acme")).id;
});
afterAll(() => api.close());
afterEach(() => setClock(null));

const invite = (body: Record<string, unknown>) => api.call("POST", "/users", { tenant: "acme", token: admin, body });
const accept = (body: Record<string, unknown>) => api.call("POST", "/auth/accept-invite", { body });
const loginAs = (email: string, password: string, tenant = "acme") => api.call("POST", "/auth/login", { tenant, body: { email, password } });

async function invitationToken(email: string): Promise<string> {
  const [mail] = await outbox(api, email);
  expect(mail, `no mail for ${email}`).toBeDefined();
  expect(mail!.template).toBe("invitation");
  expect(mail!.subject).toBe("Invitation à rejoindre Acme Formation");
  expect(mail!.text).toContain("Alice Martin");
  expect(mail!.text).toMatch(/http:\/\/acme\.localhost:3000\/accept-invite\?token=/);
  return tokenFromMail(mail!.text);
}

describe("invitation flow end to end", () => {
  it("POST /users -> e-mail in the outbox -> accept-invite -> login", async () => {
    const created = await invite({ email: "Newbie@Acme.test", firstName: "Nina", lastName: "Nouvelle", role: "LEARNER" });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      data: { id: expect.stringMatching(/^usr_[a-z0-9]{24}$/), email: "newbie@acme.test", firstName: "Nina", lastName: "Nouvelle", role: "LEARNER", status: "INVITED", createdAt: expect.any(String) },
    });
    const token = await invitationToken("newbie@acme.test");

    // Not usable before acceptance: no password yet, and an INVITED membership.
    expectError(await loginAs("newbie@acme.test", "newbie-Passw0rd"), 401, "Invalid credentials");

    const noPassword = await accept({ token });
    expectValidation(noPassword, ["password"]);

    const res = await accept({ token, password: "newbie-Passw0rd", firstName: "Nina-Rose" });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 3600 });
    const claims = decodeJwt(res.body.data.accessToken);
    expect(claims).toMatchObject({ sub: created.body.data.id, activeTenantId: acmeId, memberships: [{ tenantId: acmeId, role: "LEARNER" }] });
    expect(await membershipOf(api, acmeId, created.body.data.id)).toMatchObject({ status: "ACTIVE", role: "LEARNER" });
    expect((await userByEmail(api, "newbie@acme.test"))!.firstName).toBe("Nina-Rose");

    const login = await loginAs("newbie@acme.test", "newbie-Passw0rd");
    expect(login.status).toBe(200);

    // Accepting twice: 409.
    expectError(await accept({ token, password: "newbie-Passw0rd" }), 409, "Already a member of this organisation");
  });

  it("answers 401 for a garbage, tampered or expired invitation token", async () => {
    expectError(await accept({ token: "garbage", password: "whatever-Passw0rd" }), 401, "Invalid or expired invitation");

    const clock = manualClock(new Date());
    setClock(clock);
    await invite({ email: "late@acme.test", firstName: "Lea", lastName: "Late", role: "TRAINER" });
    const token = await invitationToken("late@acme.test");
    const other = (await tenantBySlug(api, "globex")).id;
    expectError(await accept({ token: tamperedToken(token, (p) => ({ ...p, tenantId: other })), password: "late-Passw0rd!" }), 401, "Invalid or expired invitation");

    clock.advance(7 * 24 * 3600 + 1);
    expectError(await accept({ token, password: "late-Passw0rd!" }), 401, "Invalid or expired invitation");
    setClock(null);
    // An access token is not an invitation.
    expectError(await accept({ token: admin }), 401, "Invalid or expired invitation");
  });

  it("gives an account that exists in another tenant a membership here (no new account, its password kept)", async () => {
    const globexLearnerId = await userIdOf(api, "learner@globex.test");
    const created = await invite({ email: "learner@globex.test", firstName: "Ignored", lastName: "Ignored", role: "CREATOR" });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ id: globexLearnerId, email: "learner@globex.test", role: "CREATOR", status: "INVITED", firstName: "Léa", lastName: "Petit" });
    expect(await membershipOf(api, acmeId, globexLearnerId)).toMatchObject({ role: "CREATOR", status: "INVITED" });

    const token = await invitationToken("learner@globex.test");
    const res = await accept({ token });
    expect(res.status).toBe(200);
    expect(decodeJwt(res.body.data.accessToken).memberships.map((m: { tenantSlug: string }) => m.tenantSlug).sort()).toEqual(["acme", "globex"]);
    expect((await loginAs("learner@globex.test", PASSWORD, "acme")).status).toBe(200);
    expect((await loginAs("learner@globex.test", PASSWORD, "globex")).status).toBe(200);
  });

  it("answers 409 Email already exists for a member of the tenant, with no event and no mail", async () => {
    const before = (await eventRows(api, acmeId, "user.created")).length;
    const mailsBefore = (await outbox(api, "creator@acme.test")).length;
    expectError(await invite({ email: "CREATOR@acme.test", firstName: "C", lastName: "D", role: "LEARNER" }), 409, "Email already exists");
    expect((await eventRows(api, acmeId, "user.created")).length).toBe(before);
    expect((await outbox(api, "creator@acme.test")).length).toBe(mailsBefore);
  });
});
