import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCheckStats } from "../../server/auth/session-check";
import { memberships, refreshTokens } from "../../server/db/schema";
import { env } from "../../server/env";
import { manualClock, setClock } from "../../server/lib/clock";
import { startApi, type TestApi } from "../helpers/api";
import { login, seedDemoData, tokenFor } from "../factories";
import { decodeJwt, expectError, outbox, tokenFromMail, userIdOf } from "../helpers/rest";

/**
 * Access tokens stop working within 60 seconds (SESSION_CHECK_TTL_SECONDS, default 30) after
 * logout, refresh-token reuse detection, a password reset and a suspension. Revocations made by
 * this process apply at once; a revocation made by another instance (written straight into the
 * database here) applies when this instance's cached answer expires.
 */
let api: TestApi;
let admin: string;
const clock = manualClock(new Date("2030-05-01T08:00:00Z"));
beforeAll(async () => {
  setClock(clock);
  api = await startApi();
  await seedDemoData(api.db);
  admin = await tokenFor(api, "acme", "admin");
});
afterAll(async () => {
  setClock(null);
  await api.close();
});

const me = (token: string) => api.call("GET", "/auth/me", { token });
const refresh = (refreshToken: string) => api.call("POST", "/auth/refresh", { body: { refreshToken } });

describe("session-version check on access tokens", () => {
  it("names the refresh-token family in the access token (`fam`)", async () => {
    const tokens = await login(api, "acme", "creator@acme.test");
    const fam = decodeJwt(tokens.accessToken).fam as string;
    const [row] = await api.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, fam));
    expect(row?.userId).toBe(await userIdOf(api, "creator@acme.test"));
  });

  it("logout: the family's access token answers 401 at once; another session of the user keeps working", async () => {
    const a = await login(api, "acme", "learner@acme.test");
    const b = await login(api, "acme", "learner@acme.test");
    expect((await me(a.accessToken)).status).toBe(200);
    expect((await api.call("POST", "/auth/logout", { token: a.accessToken, body: { refreshToken: a.refreshToken } })).status).toBe(204);
    expectError(await me(a.accessToken), 401, "Unauthorized");
    expectError(await api.call("GET", "/users/me", { tenant: "acme", token: a.accessToken }), 401);
    expect((await me(b.accessToken)).status).toBe(200);
  });

  it("a revocation by another instance applies once the cached answer expires (within 60 s)", async () => {
    const a = await login(api, "acme", "learner2@acme.test");
    expect((await me(a.accessToken)).status).toBe(200);
    const fam = decodeJwt(a.accessToken).fam as string;
    await api.db.update(refreshTokens).set({ revokedAt: clock.now() }).where(eq(refreshTokens.familyId, fam));
    // Still cached: the answer is at most SESSION_CHECK_TTL_SECONDS (30) old.
    expect((await me(a.accessToken)).status).toBe(200);
    clock.advance(31);
    expectError(await me(a.accessToken), 401, "Unauthorized");
  });

  it("caches the check: repeated calls with one token cost one query per TTL", async () => {
    const a = await login(api, "acme", "trainer@acme.test");
    const before = sessionCheckStats.queries;
    for (let i = 0; i < 5; i++) expect((await me(a.accessToken)).status).toBe(200);
    expect(sessionCheckStats.queries - before).toBe(1);
    clock.advance(31);
    expect((await me(a.accessToken)).status).toBe(200);
    expect(sessionCheckStats.queries - before).toBe(2);
  });

  it("reuse detection: replaying a used refresh token stops every access token of the family", async () => {
    const first = await login(api, "acme", "finance@acme.test");
    const second = (await refresh(first.refreshToken)).body.data as { accessToken: string; refreshToken: string };
    expect((await me(first.accessToken)).status).toBe(200);
    expect((await me(second.accessToken)).status).toBe(200);
    expectError(await refresh(first.refreshToken), 401, "Invalid or expired refresh token");
    expectError(await me(first.accessToken), 401);
    expectError(await me(second.accessToken), 401);
  });

  it("password reset: every access token of the account stops", async () => {
    const email = "funder@acme.test";
    const a = await login(api, "acme", email);
    const b = await login(api, "acme", email);
    expect((await me(a.accessToken)).status).toBe(200);
    expect((await api.call("POST", "/auth/forgot-password", { tenant: "acme", body: { email } })).status).toBe(200);
    const [mail] = await outbox(api, email);
    const reset = await api.call("POST", "/auth/reset-password", { body: { token: tokenFromMail(mail!.text), password: "brand-new-Passw0rd" } });
    expect(reset.status).toBe(200);
    expectError(await me(a.accessToken), 401);
    expectError(await me(b.accessToken), 401);
    expect((await login(api, "acme", email, "brand-new-Passw0rd")).accessToken).toEqual(expect.any(String));
  });

  it("suspension through PATCH /users/{id}: the member's access token stops within 60 s, and works again once reactivated", async () => {
    const email = "creator@acme.test";
    const id = await userIdOf(api, email);
    const a = await login(api, "acme", email);
    expect((await me(a.accessToken)).status).toBe(200);
    expect((await api.call("PATCH", `/users/${id}`, { tenant: "acme", token: admin, body: { status: "SUSPENDED" } })).status).toBe(200);
    clock.advance(31);
    expectError(await me(a.accessToken), 401, "Unauthorized");
    expectError(await api.call("GET", "/users/me", { tenant: "acme", token: a.accessToken }), 401);

    // Not a revoked family: reactivation lets the same token work again (until it expires).
    expect((await api.call("PATCH", `/users/${id}`, { tenant: "acme", token: admin, body: { status: "ACTIVE" } })).status).toBe(200);
    clock.advance(31);
    expect((await me(a.accessToken)).status).toBe(200);
  });

  it("a suspension written by another instance is seen the same way (first use after suspension: at once)", async () => {
    const email = "trainer@acme.test";
    const id = await userIdOf(api, email);
    const a = await login(api, "acme", email);
    clock.advance(31);
    await api.db.update(memberships).set({ status: "SUSPENDED" }).where(eq(memberships.userId, id));
    expectError(await me(a.accessToken), 401);
    await api.db.update(memberships).set({ status: "ACTIVE" }).where(eq(memberships.userId, id));
  });

  it("the web session cookie carries the login's family and stops with it", async () => {
    const a = await login(api, "acme", "admin@acme.test");
    const claims = decodeJwt(a.accessToken);
    const cookie = `next-auth.session-token=${await encode({
      token: { sub: claims.sub, email: claims.email, activeTenantId: claims.activeTenantId, fam: claims.fam },
      secret: env().NEXTAUTH_SECRET,
    })}`;
    const web = () => api.call("GET", "/auth/me", { headers: { Cookie: cookie } });
    expect((await web()).status).toBe(200);
    expect((await api.call("POST", "/auth/logout", { token: a.accessToken, body: { refreshToken: a.refreshToken } })).status).toBe(204);
    expectError(await web(), 401, "Unauthorized");
  });
});
