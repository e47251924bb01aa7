import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../../server/api/openapi";
import { ERROR_REASON_CODES, NOT_FOUND_REASONS } from "../../server/error-reasons";
import { startApi, type TestApi } from "../helpers/api";
import { expectError, expectUnknownFields } from "../helpers/rest";
import { login, tokenFor } from "../factories";

let api: TestApi;
let admin: string;
let platform: string;
beforeAll(async () => {
  api = await startApi({ demo: true });
  admin = await tokenFor(api, "acme", "admin");
  platform = (await login(api, "", "platform@admin.test")).accessToken;
});
afterAll(() => api.close());

const FR = { "Accept-Language": "fr-FR,fr;q=0.9,en;q=0.8" };

/** A tRPC call as the bundled UI makes it (no batching), with a bearer token. */
async function trpc(path: string, input: unknown, opts: { token?: string; tenant?: string; headers?: Record<string, string>; query?: boolean } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json", ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.tenant) headers["X-Tenant-ID"] = opts.tenant;
  const url = opts.query ? `${api.url}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` : `${api.url}/api/trpc/${path}`;
  const res = await fetch(url, opts.query ? { headers } : { method: "POST", headers, body: JSON.stringify(input) });
  const body = (await res.json()) as { error?: { message: string; data: { code: string; httpStatus: number; errors: Record<string, string[]> | null } } };
  return { status: res.status, error: body.error! };
}

describe("every error body carries a code (REST)", () => {
  it("transport errors: unknown route, malformed JSON, missing identity", async () => {
    const route = await api.call("GET", "/no-such-thing", { tenant: "acme", token: admin });
    expectError(route, 404);
    expect(route.body.code).toBe("ROUTE_NOT_FOUND");
    const json = await api.call("POST", "/users", { tenant: "acme", token: admin, raw: "{not json" });
    expectError(json, 400);
    expect(json.body.code).toBe("MALFORMED_JSON");
    const anonymous = await api.call("GET", "/users", { tenant: "acme" });
    expectError(anonymous, 401, "Unauthorized");
    expect(anonymous.body.code).toBe("UNAUTHORIZED");
  });

  it("tenant, validation and business reasons", async () => {
    const unknownTenant = await api.call("GET", "/users", { tenant: "nowhere", token: admin });
    expectError(unknownTenant, 404, "Tenant not found");
    expect(unknownTenant.body.code).toBe("TENANT_NOT_FOUND");
    const invalid = await api.call("POST", "/users", { tenant: "acme", token: admin, body: { email: "x", firstName: "A", lastName: "B", role: "LEARNER" } });
    expectError(invalid, 422, "Validation failed");
    expect(invalid.body.code).toBe("VALIDATION_FAILED");
    const taken = await api.call("POST", "/users", { tenant: "acme", token: admin, body: { email: "learner@acme.test", firstName: "L", lastName: "P", role: "LEARNER" } });
    expectError(taken, 409, "Email already exists");
    expect(taken.body.code).toBe("EMAIL_ALREADY_EXISTS");
    const user = await api.call("GET", "/users/usr_aaaaaaaaaaaaaaaaaaaaaaaa", { tenant: "acme", token: admin });
    expectError(user, 404, "User not found");
    expect(user.body.code).toBe("USER_NOT_FOUND");
  });
});

describe("tRPC carries the same httpStatus and code as REST", () => {
  it("for a domain error, a validation error and a missing tenant", async () => {
    const taken = await trpc("users.create", { email: "learner@acme.test", firstName: "L", lastName: "P", role: "LEARNER" }, { token: admin, tenant: "acme" });
    expect(taken.status).toBe(409);
    expect(taken.error.data).toMatchObject({ code: "EMAIL_ALREADY_EXISTS", httpStatus: 409 });
    expect(taken.error.message).toBe("Email already exists");

    const invalid = await trpc("users.create", { email: "x", firstName: "A", lastName: "B", role: "LEARNER" }, { token: admin, tenant: "acme" });
    const rest = await api.call("POST", "/users", { tenant: "acme", token: admin, body: { email: "x", firstName: "A", lastName: "B", role: "LEARNER" } });
    expect(invalid.error.data).toMatchObject({ code: rest.body.code, httpStatus: rest.status, errors: rest.body.errors });

    const noTenant = await trpc("users.list", { limit: 20, page: 1 }, { token: admin, query: true });
    expect(noTenant.error.data).toMatchObject({ code: "TENANT_REQUIRED", httpStatus: 400 });
  });
});

describe("Accept-Language: fr words messages and field errors in French (REST and tRPC)", () => {
  it("messages by code, zod's issues and the contracts' own field messages", async () => {
    const taken = await api.call("POST", "/users", { tenant: "acme", token: admin, headers: FR, body: { email: "learner@acme.test", firstName: "L", lastName: "P", role: "LEARNER" } });
    expect(taken.body).toEqual({ statusCode: 409, code: "EMAIL_ALREADY_EXISTS", message: "Cette adresse e-mail est déjà utilisée." });

    const invalid = await api.call("POST", "/users", { tenant: "acme", token: admin, headers: FR, body: { email: "x", firstName: "", role: "KING", extra: 1 } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.message).toBe("Certains champs sont invalides.");
    expect(invalid.body.errors.email).toEqual(["Adresse e-mail invalide"]);
    expect(invalid.body.errors.firstName).toEqual(["Champ obligatoire"]);
    expect(invalid.body.errors.extra).toEqual(["Champ inconnu"]);
    expect(invalid.body.errors.role[0]).toMatch(/^Option invalide/);

    const trpcInvalid = await trpc("sessions.create", { courseId: "crs_aaaaaaaaaaaaaaaaaaaaaaaa", title: "T", scheduledAt: new Date(Date.now() + 86_400_000).toISOString(), durationMinutes: 60, maxParticipants: 0 }, { token: admin, tenant: "acme", headers: FR });
    expect(trpcInvalid.error.data.httpStatus).toBe(422);
    expect(trpcInvalid.error.data.errors).toEqual({ maxParticipants: ["Doit être supérieur ou égal à 1"] });
    expect(trpcInvalid.error.message).toBe("Certains champs sont invalides.");
  });

  it("platform screens: a used slug in French, English without the header", async () => {
    const body = { name: "Acme bis", slug: "acme" };
    const fr = await api.call("POST", "/tenants", { token: platform, headers: FR, body });
    expect(fr.body).toMatchObject({ statusCode: 409, code: "SLUG_ALREADY_USED", message: "Cet identifiant d'organisme est déjà utilisé." });
    const en = await api.call("POST", "/tenants", { token: platform, body });
    expect(en.body).toMatchObject({ statusCode: 409, code: "SLUG_ALREADY_USED", message: "Slug already used" });
  });
});

describe("POST /auth/login needs a tenant (except for platform administrators)", () => {
  it("answers 400 TENANT_REQUIRED for a tenant's member, with a right or a wrong password", async () => {
    const right = await api.call("POST", "/auth/login", { body: { email: "admin@acme.test", password: "demo-Passw0rd!" } });
    expectError(right, 400);
    expect(right.body.code).toBe("TENANT_REQUIRED");
    const wrong = await api.call("POST", "/auth/login", { body: { email: "admin@acme.test", password: "wrong-password!" } });
    expect(wrong.body).toEqual(right.body);
  });

  it("lets a platform administrator in without a tenant (no active tenant)", async () => {
    const res = await api.call("POST", "/auth/login", { body: { email: "platform@admin.test", password: "demo-Passw0rd!" } });
    expect(res.status).toBe(200);
    const claims = JSON.parse(Buffer.from(res.body.data.accessToken.split(".")[1], "base64url").toString());
    expect(claims).toMatchObject({ platformAdmin: true, activeTenantId: null });
  });
});

describe("POST /courses/{courseId}/regenerate-from-brief reads context", () => {
  it("answers 400 BRIEF_TOO_SHORT on errors.context, and refuses the old field brief as unknown", async () => {
    const creator = await tokenFor(api, "acme", "creator");
    const courses = await api.call("GET", "/courses?limit=1", { tenant: "acme", token: creator });
    const courseId = courses.body.data[0].id as string;
    const short = await api.call("POST", `/courses/${courseId}/regenerate-from-brief`, { tenant: "acme", token: creator, body: { context: "Trop court." } });
    expectError(short, 400);
    expect(short.body.code).toBe("BRIEF_TOO_SHORT");
    expect(Object.keys(short.body.errors)).toEqual(["context"]);
    expectUnknownFields(await api.call("POST", `/courses/${courseId}/regenerate-from-brief`, { tenant: "acme", token: creator, body: { brief: "x".repeat(40) } }), ["brief"]);
  });
});

describe("the OpenAPI document lists every code", () => {
  const doc = openApiDocument() as { components: { schemas: { Error: { required: string[]; properties: { code: { enum: string[] } } } } } };

  it("Error.code is an enum of the registry", () => {
    expect(doc.components.schemas.Error.required).toContain("code");
    expect([...doc.components.schemas.Error.properties.code.enum].sort()).toEqual([...ERROR_REASON_CODES].sort());
  });

  it("every reason written in server/ is listed (explicit reasons and notFound's resources)", () => {
    const listed = new Set(doc.components.schemas.Error.properties.code.enum);
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith(".ts")) files.push(path);
      }
    };
    walk(join(__dirname, "../../server"));
    const found = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/reason: "([A-Z][A-Z0-9_]*)"/g)) found.add(m[1]!);
      for (const m of text.matchAll(/(?:forbidden|unauthorized|conflict|unprocessable|badRequest)\([^;]*?, "([A-Z][A-Z0-9_]+)"\)/g)) found.add(m[1]!);
      for (const m of text.matchAll(/notFound\("([^"]+)"\)/g)) found.add(NOT_FOUND_REASONS[m[1] as keyof typeof NOT_FOUND_REASONS] ?? `unmapped ${m[1]}`);
    }
    expect(found.size).toBeGreaterThan(40);
    expect([...found].filter((code) => !listed.has(code))).toEqual([]);
  });
});
