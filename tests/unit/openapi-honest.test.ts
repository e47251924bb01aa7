import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../server/api/openapi";
import { RAW_ROUTES } from "../../server/http/raw-routes";
import { buildRestTable } from "../../server/http/rest-routes";

/**
 * The OpenAPI document names every status the request edge can answer (issue 13, item 3): the
 * fuzz test (tests/integration/fuzz.test.ts) then holds every answer to it.
 */
type Json = Record<string, any>;
const doc = openApiDocument() as Json;
const operations: { key: string; path: string; op: Json }[] = [];
for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
  for (const [method, op] of Object.entries(ops)) operations.push({ key: `${method.toUpperCase()} ${path}`, path, op });
}

function expected(op: Json): string[] {
  // 400 everywhere: the edge checks every query string, declared or not (control characters)
  // 404 everywhere: an unknown tenant (X-Tenant-ID) answers TENANT_NOT_FOUND
  // 500 everywhere: an unexpected failure answers the Error body
  const codes = ["400", "404", "408", "429", "431", "500"];
  if (op.requestBody) codes.push("413", "415");
  // 401 and 403 where a bearer token is required (public operations declare them only when they answer them)
  if (Array.isArray(op.security) && op.security.some((s: Json) => "bearerAuth" in s)) codes.push("401", "403");
  return codes.sort();
}

describe("the OpenAPI document is honest about the edge", () => {
  it("has operations", () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it("documents exactly the routes the handler dispatches (REST table and raw routes)", () => {
    const routes = new Set<string>();
    for (const list of buildRestTable().values()) for (const r of list) routes.add(`${r.method} ${r.path}`);
    routes.add("GET /openapi.json"); // the document itself (api-handler.ts)
    for (const r of RAW_ROUTES) {
      routes.add(`${r.method} ${r.path}`);
      if (r.head) routes.add(`HEAD ${r.path}`);
    }
    expect(operations.map((o) => o.key).sort()).toEqual([...routes].sort());
  });

  it("documents 400 for every route that takes input", () => {
    const missing: string[] = [];
    for (const list of buildRestTable().values()) {
      for (const r of list) if (r.takesInput && !doc.paths[r.path][r.method.toLowerCase()].responses["400"]) missing.push(`${r.method} ${r.path}`);
    }
    expect(missing).toEqual([]);
  });

  it("documents, for every operation, the statuses the edge can answer", () => {
    const missing = operations.flatMap(({ key, op }) => expected(op).filter((c) => !op.responses[c]).map((c) => `${key} ${c}`));
    expect(missing).toEqual([]);
  });

  it("points every error response to the Error schema", () => {
    const wrong = operations.flatMap(({ key, op }) =>
      Object.entries(op.responses as Record<string, Json>)
        .map(([code, r]) => [code, r.$ref ? doc.components.responses[String(r.$ref).split("/").pop()!] : r] as const)
        .filter(([code, r]) => Number(code) >= 400 && r?.content?.["application/json"]?.schema?.$ref !== "#/components/schemas/Error")
        .map(([code]) => `${key} ${code}`),
    );
    expect(wrong).toEqual([]);
    expect(doc.components.schemas.Error.properties.code.enum).toEqual(expect.arrayContaining(["HEADERS_TOO_LARGE", "REQUEST_TIMEOUT", "BODY_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "JSON_TOO_DEEP", "INVALID_CHARACTER"]));
  });

  it("the Error schema admits both forms of `errors`: the field map and the publication refusal's list", () => {
    const validate = new Ajv2020({ strict: false }).compile(doc.components.schemas.Error);
    expect(validate({ statusCode: 400, code: "VALIDATION_FAILED", message: "Validation failed", errors: { title: ["Required"] } })).toBe(true);
    expect(validate({ statusCode: 422, code: "COURSE_NOT_PUBLISHABLE", message: "Course cannot be published", errors: ["accessibilityInfo is required"] })).toBe(true);
    expect(validate({ statusCode: 400, code: "VALIDATION_FAILED", message: "x", errors: "no" })).toBe(false);
    expect(validate({ statusCode: 400, code: "NOT_A_CODE", message: "x" })).toBe(false);
  });

  it("a body operation documents 413 and 415; a protected one 401 and 403 (spot checks)", () => {
    const login = doc.paths["/auth/login"].post.responses;
    expect(Object.keys(login)).toEqual(expect.arrayContaining(["400", "413", "415", "429"]));
    const courses = doc.paths["/courses"].post.responses;
    expect(Object.keys(courses)).toEqual(expect.arrayContaining(["400", "401", "403", "413", "415", "429"]));
    expect(doc.paths["/auth/me"].get.responses["400"]).toBeDefined(); // ?a=%00 answers 400 even here
  });

  it("PATCH /courses/{id} does not offer `slug`, which it refuses, and says so", async () => {
    const op = doc.paths["/courses/{id}"].patch;
    const schema = op.requestBody.content["application/json"].schema;
    expect(Object.keys(schema.properties)).not.toContain("slug");
    expect(schema.additionalProperties).toBe(false);
    expect(op.description).toMatch(/`slug` cannot be changed; sending it answers 400/);
    // what the contract accepts: slug refused, the other fields accepted
    const { ZUpdateCourseInput } = await import("../../server/contracts/courses");
    expect(ZUpdateCourseInput.safeParse({ id: "crs_x", slug: "other" }).success).toBe(false);
    expect(ZUpdateCourseInput.safeParse({ id: "crs_x", title: "Titre" }).success).toBe(true);
  });

  it("documents each raw route with its own media type (a redirecting one with its 302 and Location)", () => {
    for (const route of RAW_ROUTES) {
      const op = doc.paths[route.path][route.method.toLowerCase()];
      if (route.successStatus === 302) {
        expect(op.responses["200"], `${route.method} ${route.path}`).toBeUndefined();
        expect(Object.keys(op.responses["302"].headers), `${route.method} ${route.path}`).toContain("Location");
        continue;
      }
      expect(Object.keys(op.responses["200"].content), `${route.method} ${route.path}`).toEqual([route.doc.produces].flat());
    }
  });

  it("a public raw route (the mail OAuth callbacks, the media server's and the payment gateways' webhooks, a convention's signing link, a tenant's logo) shows no security requirement", () => {
    for (const route of RAW_ROUTES) {
      const op = doc.paths[route.path][route.method.toLowerCase()];
      if ("public" in route.access) expect(op.security, route.path).toEqual([]);
      else expect(op.security ?? doc.security, route.path).not.toEqual([]);
    }
    expect(RAW_ROUTES.filter((r) => "public" in r.access).map((r) => r.path)).toEqual(["/configuration/mail/google/callback", "/configuration/mail/microsoft/callback", "/media/livekit/webhook", "/payments/webhooks/{gateway}", "/conventions/sign/{token}/pdf", "/public/tenants/{slug}/logo"]);
  });
});
