import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "drizzle-orm";
import { startApi, type TestApi } from "../helpers/api";
import { tokenFor } from "../factories";

/**
 * Issue #24: at most one database round trip before a handler's own query. The SQL each request
 * sends is recorded with drizzle's logger. The first statement must be the request gate (the
 * rate-limit upsert and the tenant access in one statement, http/rate-limit.ts); no later
 * statement may count the rate limit or read the tenant access again.
 */
const recorded: string[] = [];
let recording = false;
const logger: Logger = {
  logQuery(query) {
    if (recording) recorded.push(query);
  },
};

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await startApi({ demo: true, logger });
  token = await tokenFor(api, "acme", "admin");
});
afterAll(() => api.close());

/** The statements one request sends (after a first call, so the session-version cache is warm as in steady use). */
async function statementsOf(path: string): Promise<string[]> {
  expect((await api.call("GET", path, { tenant: "acme", token })).status).toBe(200);
  recorded.length = 0;
  recording = true;
  const res = await api.call("GET", path, { tenant: "acme", token });
  recording = false;
  expect(res.status).toBe(200);
  return [...recorded];
}

const isGate = (q: string) => /^with "hit" as \(insert into "counters"/i.test(q) && /left join "tenants"/i.test(q) && /left join "memberships"/i.test(q);
const countsRate = (q: string) => /"counters"/i.test(q);
const readsAccess = (q: string) => /from "tenants" left join "memberships"/i.test(q) || /left join "tenants"/i.test(q);

describe("database round trips before the handler's query", () => {
  it("GET /users/me: the gate alone (it reads the caller's account with the tenant access)", async () => {
    const statements = await statementsOf("/users/me");
    expect(statements).toHaveLength(1);
    expect(isGate(statements[0]!)).toBe(true);
    expect(statements[0]).toMatch(/left join "users"/i);
    expect(statements[0]).not.toMatch(/password_hash/i); // the account as `me` shows it, no secret
  });

  it("GET /users/me shows the account as it is at the request, not as an earlier request saw it", async () => {
    const patched = await api.call("PATCH", "/users/me/preferences", { tenant: "acme", token, body: { locale: "en" } });
    expect(patched.status).toBe(200);
    const me = await api.call("GET", "/users/me", { tenant: "acme", token });
    expect(me.body.data.locale).toBe("en");
    await api.call("PATCH", "/users/me/preferences", { tenant: "acme", token, body: { locale: "fr" } });
    expect((await api.call("GET", "/users/me", { tenant: "acme", token })).body.data.locale).toBe("fr");
  });

  it("a list (GET /courses?limit=20): the gate, then only the list's queries", async () => {
    const statements = await statementsOf("/courses?limit=20");
    expect(isGate(statements[0]!)).toBe(true);
    const rest = statements.slice(1);
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.filter(countsRate)).toEqual([]);
    expect(rest.filter(readsAccess)).toEqual([]);
  });

  it("the tenant named by the token's active tenant (no X-Tenant-ID) is read in the gate too", async () => {
    const me = await api.call("GET", "/users/me", { token });
    expect(me.status).toBe(200);
    recorded.length = 0;
    recording = true;
    const again = await api.call("GET", "/users/me", { token });
    recording = false;
    expect(again.body.data.tenantSlug).toBe("acme");
    expect(isGate(recorded[0]!)).toBe(true);
    expect(recorded.slice(1).filter(readsAccess)).toEqual([]);
  });
});
