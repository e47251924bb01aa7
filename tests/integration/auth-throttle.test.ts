import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counters } from "../../server/db/schema";
import { manualClock, setClock } from "../../server/lib/clock";
import { startApi, type TestApi } from "../helpers/api";
import { callFrom } from "../helpers/client-address";
import { PASSWORD, seedDemoData } from "../factories";
import { auditRows, expectError, tenantBySlug } from "../helpers/rest";

/**
 * Conventions §3: failed logins are counted per account *and* client address. A stranger
 * (127.0.0.2) who hammers the owner's account is throttled with 429 + Retry-After; the owner,
 * from another address (127.0.0.3), still logs in. Repeated locks of the same pair grow.
 */
let api: TestApi;
const clock = manualClock(new Date("2030-04-01T09:00:00Z"));
beforeAll(async () => {
  setClock(clock);
  api = await startApi();
  await seedDemoData(api.db);
});
afterAll(async () => {
  setClock(null);
  await api.close();
});

const STRANGER = "127.0.0.2";
const OWNER = "127.0.0.3";
const login = (from: string, email: string, password: string) => callFrom(api, from, "POST", "/auth/login", { tenant: "acme", body: { email, password } });

describe("login throttling per account and client address", { timeout: 120_000 }, () => {
  it("throttles the stranger's address while the owner still logs in from their own", async () => {
    for (let i = 1; i <= 10; i++) expectError(await login(STRANGER, "trainer@acme.test", `guess-${i}-wrong`), 401, "Invalid credentials");
    const throttled = await login(STRANGER, "trainer@acme.test", "guess-11-wrong");
    expectError(throttled, 429, "Too many failed login attempts. Try again in 15 minutes.");
    expect(throttled.headers.get("retry-after")).toBe("900");
    // Even the right password is refused from the attacker's address while it is throttled.
    expectError(await login(STRANGER, "trainer@acme.test", PASSWORD), 429);

    const owner = await login(OWNER, "trainer@acme.test", PASSWORD);
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body.data.accessToken).toEqual(expect.any(String));
    // The owner's own wrong password is an ordinary 401 from the owner's address.
    expectError(await login(OWNER, "trainer@acme.test", "typo-typo-1"), 401, "Invalid credentials");
    // Still throttled for the stranger: the owner's success does not clear another address's count.
    expectError(await login(STRANGER, "trainer@acme.test", "guess-12-wrong"), 429);
  });

  it("records the client address of each failure in the audit log", async () => {
    const acme = await tenantBySlug(api, "acme");
    const failed = await auditRows(api, "auth.login_failed", { tenantId: acme.id });
    expect(failed.some((r) => r.ip === STRANGER)).toBe(true);
    expect(failed.some((r) => r.ip === OWNER)).toBe(true);
  });

  it("frees the address once the window has passed, then a second lock lasts twice as long", async () => {
    clock.advance(15 * 60 + 1);
    // First failure of a new window: an ordinary 401.
    expectError(await login(STRANGER, "trainer@acme.test", "guess-a-wrong"), 401);
    for (let i = 2; i <= 10; i++) expectError(await login(STRANGER, "trainer@acme.test", `guess-b${i}-wrong`), 401);
    const second = await login(STRANGER, "trainer@acme.test", "guess-c-wrong");
    expectError(second, 429, "Too many failed login attempts. Try again in 30 minutes.");
    expect(second.headers.get("retry-after")).toBe("1800");
    clock.advance(15 * 60 + 1);
    expectError(await login(STRANGER, "trainer@acme.test", PASSWORD), 429, /Try again in 15 minutes/);
    // The owner is still not affected.
    expect((await login(OWNER, "trainer@acme.test", PASSWORD)).status).toBe(200);
    clock.advance(15 * 60);
    expect((await login(STRANGER, "trainer@acme.test", PASSWORD)).status).toBe(200);
  });

  it("counts another account from the same address separately", async () => {
    for (let i = 1; i <= 10; i++) expectError(await login(STRANGER, "ghost@acme.test", `nope-nope-${i}`), 401);
    expectError(await login(STRANGER, "ghost@acme.test", "nope-nope-x"), 429);
    expect((await login(STRANGER, "admin@acme.test", PASSWORD)).status).toBe(200);
  });

  it("throttles one address across accounts: 40 failures on 40 e-mails answer 429 with Retry-After before the end", async () => {
    const SPRAYER = "127.0.0.9";
    const statuses: number[] = [];
    let firstLocked: Awaited<ReturnType<typeof login>> | null = null;
    for (let i = 1; i <= 40; i++) {
      const res = await login(SPRAYER, `spray-${i}@acme.test`, `spray-spray-${i}`);
      statuses.push(res.status);
      if (res.status === 429 && !firstLocked) firstLocked = res;
    }
    // LOGIN_MAX_FAILURES_PER_ADDRESS (30) failures, then 429 for the rest.
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    expectError(firstLocked!, 429, /Too many failed login attempts/);
    expect(Number(firstLocked!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(firstLocked!.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    // The whole address is refused, even with a right password; another address is not affected.
    expectError(await login(SPRAYER, "admin@acme.test", PASSWORD), 429);
    expect((await login(OWNER, "admin@acme.test", PASSWORD)).status).toBe(200);
    // The count is in the database (shared by every instance), and frees the address after the window.
    const [row] = (await api.db.select().from(counters).where(eq(counters.key, `login-fail-ip:${SPRAYER}`))) as { count: number }[];
    expect(row!.count).toBe(30);
    clock.advance(15 * 60 + 1);
    expect((await login(SPRAYER, "admin@acme.test", PASSWORD)).status).toBe(200);
  });
});
