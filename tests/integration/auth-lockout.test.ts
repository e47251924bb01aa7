import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock, setClock } from "../../server/lib/clock";
import { startApi, type TestApi } from "../helpers/api";
import { PASSWORD, seedDemoData } from "../factories";
import { auditRows, expectError, tenantBySlug, userIdOf } from "../helpers/rest";

let api: TestApi;
const clock = manualClock(new Date("2030-03-01T09:00:00Z"));
beforeAll(async () => {
  setClock(clock);
  api = await startApi();
  await seedDemoData(api.db);
});
afterAll(async () => {
  setClock(null);
  await api.close();
});

const attempt = (email: string, password: string) => api.call("POST", "/auth/login", { tenant: "acme", body: { email, password } });

describe("login lockout (conventions §3: 10 failures in 15 minutes for one e-mail from one client address; see auth-throttle.test.ts for other addresses)", () => {
  it("answers 401 for the first 10 failures, then 429 with Retry-After, even with the right password", async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await attempt("learner@acme.test", `wrong-password-${i}`);
      expectError(res, 401, "Invalid credentials");
      clock.advance(10);
    }
    const locked = await attempt("learner@acme.test", "wrong-password-11");
    // The window started at the first failure, 100 s ago: 800 s (14 minutes) remain.
    expectError(locked, 429, "Too many failed login attempts. Try again in 14 minutes.");
    expect(locked.headers.get("retry-after")).toBe("800");

    const right = await attempt("learner@acme.test", PASSWORD);
    expectError(right, 429, /Too many failed login attempts/);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);

    // The e-mail is matched case-insensitively; another account is not affected.
    expectError(await attempt("LEARNER@acme.test", PASSWORD), 429);
    expect((await attempt("learner2@acme.test", PASSWORD)).status).toBe(200);
  });

  it("lets the account log in again once the window has passed", async () => {
    clock.advance(15 * 60 + 1);
    const res = await attempt("learner@acme.test", PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.accessToken).toEqual(expect.any(String));
    // A success clears the counter: one new failure is a plain 401 again.
    expectError(await attempt("learner@acme.test", "wrong-again-1"), 401, "Invalid credentials");
  });

  it("locks an unknown e-mail the same way (no enumeration through the lockout)", async () => {
    for (let i = 0; i < 10; i++) expectError(await attempt("ghost@acme.test", `nope-nope-${i}`), 401);
    const locked = await attempt("ghost@acme.test", "nope-nope-x");
    expectError(locked, 429, "Too many failed login attempts. Try again in 15 minutes.");
    expect(locked.headers.get("retry-after")).toBe("900");
  });

  it("records failed and successful logins in the audit log", async () => {
    const acme = await tenantBySlug(api, "acme");
    const learnerId = await userIdOf(api, "learner@acme.test");
    const failed = await auditRows(api, "auth.login_failed", { tenantId: acme.id, targetId: learnerId });
    expect(failed.length).toBeGreaterThanOrEqual(11);
    expect(failed[0]!.metadata).toMatchObject({ email: "learner@acme.test" });
    expect(failed[0]!.ip).toBeTruthy();
    expect(failed[0]!.requestId).toBeTruthy();
    const ghost = await auditRows(api, "auth.login_failed", { tenantId: acme.id });
    expect(ghost.some((r) => r.actorUserId === null && (r.metadata as { email?: string }).email === "ghost@acme.test")).toBe(true);
    const ok = await auditRows(api, "auth.login", { tenantId: acme.id, targetId: learnerId });
    expect(ok).toHaveLength(1);
    expect(ok[0]!.actorUserId).toBe(learnerId);
  });
});
