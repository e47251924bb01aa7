import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../../server/api/openapi";
import { ROLES, type Role } from "../../server/auth/permissions";
import { startApi, type TestApi } from "../helpers/api";
import { envPatch } from "../helpers/env-patch";
import type { Json } from "../helpers/fuzz";
import { generateRequest, guardedOperations, inProcessApi, rolesAllowed, tenantRowIds, type IdPlacement, type InjectAnswer, type InjectRequest } from "../helpers/isolation";
import { tokenFor } from "../factories";
import { tenantBySlug, userIdOf } from "../helpers/rest";

/**
 * Issue #22 item 7: the role matrix, generated from the guards the chains declare (server/api/trpc.ts
 * `Guard`, read from each procedure's and raw route's middlewares), not from a hand list. For every
 * operation of the OpenAPI document and every role of acme its guards do not let through (the
 * roles without the permission it asks, every role where only a platform administrator may), the
 * answer is 403 with the guard's own code — PERMISSION_DENIED or PLATFORM_ADMIN_REQUIRED — and
 * nothing else: the guard runs before the input is parsed and before anything is loaded, so
 * neither a real id of acme (which an allowed role would find) nor an unknown id (404) nor an
 * object's state (409) decides the answer. Operations that let every signed-in role through
 * (membership only, or identity only) and public ones are skipped and counted. Every operation
 * that needs an identity answers 401 to an anonymous caller.
 */
const ACCOUNTS: Record<Role, string> = { ADMIN: "admin", CREATOR: "creator", TRAINER: "trainer", LEARNER: "learner", FINANCIER: "finance", FUNDER: "funder" };
const GUARD_CODES = new Set(["PERMISSION_DENIED", "PLATFORM_ADMIN_REQUIRED"]);
const UNKNOWN_ID = "unk_000000000000000000000000";

let api: TestApi;
let send: (req: InjectRequest) => Promise<InjectAnswer>;
const env = envPatch();
const doc = openApiDocument() as Json;
const tokens = {} as Record<Role, string>;
let real: IdPlacement;
const unknown: IdPlacement = (() => {
  const pool = { own: [UNKNOWN_ID], ownSlugs: [], other: [], otherSlugs: [] };
  return { path: pool, body: pool, query: pool };
})();

beforeAll(async () => {
  env.set({ RATE_LIMIT_PER_HOUR: "1000000000" });
  api = await startApi({ demo: true });
  const acme = await tenantBySlug(api, "acme");
  for (const role of ROLES) tokens[role] = await tokenFor(api, "acme", ACCOUNTS[role]);
  const callerIds = new Set(await Promise.all(ROLES.map((r) => userIdOf(api, `${ACCOUNTS[r]}@acme.test`))));
  const pool = { own: (await tenantRowIds(api.db, acme.id)).filter((id) => !callerIds.has(id)), ownSlugs: [], other: [], otherSlugs: [] };
  real = { path: pool, body: pool, query: pool };
  send = inProcessApi(api.db);
}, 300_000);
afterAll(async () => {
  await api?.close();
  env.restore();
});

function request(method: string, generated: ReturnType<typeof generateRequest>, token?: string): InjectRequest {
  const headers: Record<string, string> = { "X-Tenant-ID": "acme" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const body = generated.body === undefined ? undefined : JSON.stringify(generated.body);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const qs = generated.query.length ? `?${new URLSearchParams(generated.query).toString()}` : "";
  return { method, url: `/api/v1${generated.path}${qs}`, headers, body };
}

describe("role matrix, generated from the guards", () => {
  it("every role an operation's guard does not allow answers 403 from the guard, with acme's real ids and with unknown ones", async () => {
    const operations = guardedOperations(doc);
    const failures: string[] = [];
    let pairs = 0;
    let sent = 0;
    let skippedEveryRole = 0;
    let skippedPublic = 0;
    const started = performance.now();
    for (const [index, operation] of operations.entries()) {
      const allowed = rolesAllowed(operation.guards);
      if (allowed.public) {
        skippedPublic++;
        continue;
      }
      const refused = ROLES.filter((r) => !allowed.roles.includes(r));
      if (refused.length === 0) {
        skippedEveryRole++;
        continue;
      }
      const key = `${operation.method} ${operation.path}`;
      const variants = [generateRequest(doc, operation, real, 4001 + index), generateRequest(doc, operation, unknown, 4001 + index)];
      for (const role of refused) {
        pairs++;
        for (const generated of variants) {
          const res = await send(request(operation.method, generated, tokens[role]));
          sent++;
          const code = operation.method === "HEAD" ? undefined : (JSON.parse(res.text || "{}") as { code?: string }).code;
          if (res.status !== 403 || (operation.method !== "HEAD" && !GUARD_CODES.has(String(code)))) {
            failures.push(`${key} as ${role} (${generated.path}): ${res.status} ${res.text.slice(0, 160)}`);
          }
        }
      }
    }
    console.info(
      `role matrix: ${pairs} refused role/operation pairs (${sent} requests) in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `skipped: ${skippedEveryRole} operations open to every signed-in role, ${skippedPublic} public ones (of ${operations.length})`,
    );
    expect(failures).toEqual([]);
    // Not vacuous: most operations are guarded by a permission or the platform administrator.
    expect(pairs).toBeGreaterThan(500);
    expect(skippedEveryRole + skippedPublic).toBeLessThan(operations.length / 2);
  }, 300_000);

  it("every operation that needs an identity answers 401 to an anonymous caller", async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [index, operation] of guardedOperations(doc).entries()) {
      if (rolesAllowed(operation.guards).public) continue;
      const res = await send(request(operation.method, generateRequest(doc, operation, real, 9001 + index)));
      sent++;
      if (res.status !== 401) failures.push(`${operation.method} ${operation.path}: ${res.status} ${res.text.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(200);
  }, 120_000);

  it("the guards are read from the chains: a permission, a membership, an identity, a platform administrator", () => {
    const byKey = new Map(guardedOperations(doc).map((o) => [`${o.method} ${o.path}`, o.guards]));
    expect(byKey.get("GET /users")).toEqual([{ kind: "identity" }, { kind: "member", tenant: "request" }, { kind: "permission", permission: "users.list" }]);
    expect(byKey.get("POST /tenants")).toEqual([{ kind: "identity" }, { kind: "platformAdmin" }]);
    expect(byKey.get("GET /tenants/me")).toEqual([{ kind: "identity" }, { kind: "member", tenant: "token" }]);
    expect(byKey.get("POST /auth/login")).toEqual([]);
    expect(rolesAllowed(byKey.get("GET /users")!).roles).toEqual(["ADMIN"]);
    // A raw route's guards come from the same chain (invoice PDF: invoices.read).
    const pdf = [...byKey.entries()].find(([k]) => k === "GET /billing/invoices/{id}/pdf");
    expect(pdf?.[1]).toContainEqual({ kind: "permission", permission: "invoices.read" });
  });
});
