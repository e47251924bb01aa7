import { describe, expect, it } from "vitest";
import { procedureMetas } from "../../server/api/procedure-meta";
import { buildRestTable, indexRestTable } from "../../server/http/rest-routes";

/**
 * trpc-to-openapi keeps one regexp per path and method, in registration order, and serves the
 * FIRST that matches (node-http/procedures.ts). A parameterised path registered before a
 * static one of the same method silently captures it (GET /users/{id} would answer
 * GET /users/me). This reproduces its matcher and checks every documented path is reachable.
 */
const toRegExp = (path: string) => new RegExp(`^${path.replace(/\{(.+?)\}/g, (_, key) => `(?<${key}>[^/]+)`)}$`, "i");
const normalize = (path: string) => `/${path.replace(/^\/|\/$/g, "")}`;
/** A concrete URL path the operation must answer: each `{param}` replaced by a sample value. */
const sample = (path: string) => path.replace(/\{(.+?)\}/g, (_, key: string) => `sample-${key.toLowerCase()}-1`);

type Route = { procedure: string; method: string; path: string; re: RegExp };

function routes(): Route[] {
  return procedureMetas()
    .filter(({ meta }) => meta.openapi && meta.openapi.enabled !== false)
    .map(({ path, meta }) => {
      const p = normalize(meta.openapi!.path);
      return { procedure: path, method: meta.openapi!.method, path: p, re: toRegExp(p) };
    });
}

/** The procedure the REST adapter would pick for a method and a concrete path. */
function firstMatch(all: Route[], method: string, concrete: string): Route | undefined {
  return all.find((r) => r.method === method && r.re.test(concrete));
}

describe("REST route table", () => {
  const all = routes();

  it("has the operations of the spec and no two of them on the same method and path", () => {
    expect(all.length).toBeGreaterThanOrEqual(30);
    const keys = all.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("reaches every operation: no path is shadowed by an earlier parameterised path of the same method", () => {
    const shadowed = all
      .map((r) => ({ r, winner: firstMatch(all, r.method, sample(r.path)) }))
      .filter(({ r, winner }) => winner?.procedure !== r.procedure)
      .map(({ r, winner }) => `${r.method} ${r.path} (${r.procedure}) is captured by ${winner?.path} (${winner?.procedure})`);
    expect(shadowed).toEqual([]);
  });

  it("routes the static /me paths to their own procedures, not to /{id} or /{slug}", () => {
    expect(firstMatch(all, "GET", "/users/me")?.procedure).toBe("users.me");
    expect(firstMatch(all, "GET", "/users/usr_abc")?.procedure).toBe("users.byId");
    expect(firstMatch(all, "PATCH", "/users/me/preferences")?.procedure).toBe("users.updatePreferences");
    expect(firstMatch(all, "GET", "/tenants/me")?.procedure).toBe("tenants.me");
    expect(firstMatch(all, "GET", "/tenants/me/branding")?.procedure).toBe("tenants.branding");
    expect(firstMatch(all, "GET", "/tenants/acme")?.procedure).toBe("tenants.publicProfile");
    expect(firstMatch(all, "PATCH", "/tenants/me/of-mode")?.procedure).toBe("tenants.setOfMode");
  });

  it("detects a shadowed path (the check itself is not vacuous)", () => {
    const broken: Route[] = [
      { procedure: "x.byId", method: "GET", path: "/things/{id}", re: toRegExp("/things/{id}") },
      { procedure: "x.me", method: "GET", path: "/things/me", re: toRegExp("/things/me") },
    ];
    expect(firstMatch(broken, "GET", sample("/things/me"))?.procedure).toBe("x.byId");
  });

  it("the dispatch index (static paths by lookup, templated ones by segment count) picks what the ordered scan picks, with the parameters", () => {
    const index = indexRestTable(buildRestTable());
    const differences: string[] = [];
    for (const r of all) {
      const concrete = sample(r.path);
      for (const variant of [concrete, `${concrete}/`, concrete.toUpperCase()]) {
        const got = index.match(r.method, variant);
        const expected = firstMatch(all, r.method, normalize(variant));
        if (got?.operation.procedure !== expected?.procedure) differences.push(`${r.method} ${variant}: ${got?.operation.procedure} instead of ${expected?.procedure}`);
      }
    }
    expect(differences).toEqual([]);
    expect(index.match("GET", "/users/usr_abc")?.params).toEqual({ id: "usr_abc" });
    expect(index.match("GET", "/users/me")?.operation.procedure).toBe("users.me");
    expect(index.match("GET", "/no/such/path")).toBeNull();
    expect(index.match("DELETE", "/users/me/preferences")).toBeNull();
  });
});
