import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "../../server/env";
import { manualClock, setClock } from "../../server/lib/clock";
import { startApi, type TestApi } from "../helpers/api";
import { seedDemoData, tokenFor } from "../factories";
import { expectError } from "../helpers/rest";
import { sql } from "drizzle-orm";
import { rawRows } from "../../server/db/raw-rows";

/** Conventions §6: RATE_LIMIT_PER_HOUR per caller (user, else client address), headers on every response. */
const LIMIT = 5;
let api: TestApi;
let admin: string;
let creator: string;
const clock = manualClock(new Date("2030-05-01T10:00:00Z"));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  process.env.RATE_LIMIT_PER_HOUR = String(LIMIT);
  // Access tokens outlive the windows this file walks through.
  process.env.ACCESS_TOKEN_TTL_SECONDS = String(24 * 3600);
  resetEnvCache();
  setClock(clock);
  api = await startApi();
  await seedDemoData(api.db);
  // Two anonymous requests from 127.0.0.1 (the logins).
  admin = await tokenFor(api, "acme", "admin");
  creator = await tokenFor(api, "acme", "creator");
});
afterAll(async () => {
  setClock(null);
  delete process.env.RATE_LIMIT_PER_HOUR;
  delete process.env.ACCESS_TOKEN_TTL_SECONDS;
  resetEnvCache();
  await api.close();
});

const rl = (res: { headers: Headers }) => ({
  limit: res.headers.get("ratelimit-limit"),
  remaining: res.headers.get("ratelimit-remaining"),
  reset: res.headers.get("ratelimit-reset"),
});

describe("rate limit per user", () => {
  it("sends RateLimit-Limit/Remaining/Reset and X-Request-Id on every response", async () => {
    for (let i = 1; i <= LIMIT; i++) {
      const res = await api.call("GET", "/users/me", { tenant: "acme", token: admin });
      expect(res.status).toBe(200);
      expect(rl(res)).toEqual({ limit: String(LIMIT), remaining: String(LIMIT - i), reset: "3600" });
      expect(res.headers.get("x-request-id")).toMatch(UUID);
      expect(res.headers.get("retry-after")).toBeNull();
    }
  });

  it("answers 429 with Retry-After past the limit", async () => {
    const res = await api.call("GET", "/users/me", { tenant: "acme", token: admin });
    expectError(res, 429, "Too many requests");
    expect(res.headers.get("retry-after")).toBe("3600");
    expect(rl(res)).toEqual({ limit: String(LIMIT), remaining: "0", reset: "3600" });
    expect(res.headers.get("x-request-id")).toMatch(UUID);
    // Every operation is limited, not only the one that went over.
    expectError(await api.call("GET", "/tenants/me", { token: admin }), 429);
  });

  it("counts each user separately", async () => {
    const res = await api.call("GET", "/users/me", { tenant: "acme", token: creator });
    expect(res.status).toBe(200);
    expect(rl(res).remaining).toBe(String(LIMIT - 1));
  });

  it("lets the user in again once the window has passed, and Retry-After counts down", async () => {
    clock.advance(1800);
    const still = await api.call("GET", "/users/me", { tenant: "acme", token: admin });
    expect(still.status).toBe(429);
    expect(still.headers.get("retry-after")).toBe("1800");
    clock.advance(1800);
    const res = await api.call("GET", "/users/me", { tenant: "acme", token: admin });
    expect(res.status).toBe(200);
    expect(rl(res)).toEqual({ limit: String(LIMIT), remaining: String(LIMIT - 1), reset: "3600" });
  });
});

describe("rate limit under concurrency (one caller's requests counted together, http/rate-limit.ts)", () => {
  it("requests sent at once by one caller: exactly the limit pass, each with its own count, the counter holds them all", async () => {
    // The creator's window has passed with the clock: a fresh one. The requests overlap, so the gate
    // counts them in batches (one upsert adding the batch's size); each still gets its own hit number.
    const sent = LIMIT + 7;
    const replies = await Promise.all(Array.from({ length: sent }, () => api.call("GET", "/users/me", { tenant: "acme", token: creator })));
    const passed = replies.filter((r) => r.status === 200);
    expect(passed).toHaveLength(LIMIT);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(sent - LIMIT);
    expect(passed.map((r) => Number(rl(r).remaining)).sort((a, b) => a - b)).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
    const me = passed[0]!.body.data as { id: string };
    expect(passed.every((r) => (r.body.data as { id: string }).id === me.id)).toBe(true);
    expect(await rawRows(api.db, sql`select count from counters where key = ${`rate:user:${me.id}`}`)).toEqual([{ count: sent }]);
  });
});

describe("rate limit for anonymous callers (by client address)", () => {
  it("limits public operations and login by address; health is not limited", async () => {
    // The window of 127.0.0.1 restarted with the clock: LIMIT fresh requests.
    for (let i = 1; i <= LIMIT; i++) {
      const res = await api.call("GET", "/tenants/acme");
      expect(res.status).toBe(200);
      expect(rl(res).remaining).toBe(String(LIMIT - i));
    }
    const limited = await api.call("GET", "/tenants/acme");
    expectError(limited, 429, "Too many requests");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const login = await api.call("POST", "/auth/login", { tenant: "acme", body: { email: "admin@acme.test", password: "whatever-it-is" } });
    expectError(login, 429, "Too many requests");
    const health = await fetch(`${api.url}/api/health`);
    expect(health.status).toBe(200);
  });
});

describe("X-Request-Id", () => {
  it("echoes a well-formed incoming id, replaces a malformed one, and is login's meta.requestId", async () => {
    clock.advance(3601);
    const echoed = await api.call("GET", "/tenants/globex", { headers: { "X-Request-Id": "client-req-12345" } });
    expect(echoed.headers.get("x-request-id")).toBe("client-req-12345");
    const replaced = await api.call("GET", "/tenants/globex", { headers: { "X-Request-Id": "bad id with spaces" } });
    expect(replaced.headers.get("x-request-id")).toMatch(UUID);
    const notFound = await api.call("GET", "/nope");
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("x-request-id")).toMatch(UUID);
    const login = await api.call("POST", "/auth/login", { tenant: "acme", body: { email: "learner@acme.test", password: "demo-Passw0rd!" }, headers: { "X-Request-Id": "login-req-0001" } });
    expect(login.status).toBe(200);
    expect(login.body.meta.requestId).toBe("login-req-0001");
  });

  it("keeps the counters in an unlogged table, so a request's count does not wait for a WAL flush", async () => {
    // drizzle/0045_counters-unlogged.sql; the schema cannot say so, a regenerated table would lose it.
    expect(await rawRows(api.db, sql`select relpersistence from pg_class where relname = 'counters' and relkind = 'r'`)).toEqual([{ relpersistence: "u" }]);
  });
});
