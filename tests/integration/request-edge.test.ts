import net from "node:net";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiHandler } from "../../server/http/api-handler";
import { createAppServer, toOriginForm } from "../../server/http/app-server";
import { MAX_BODY_BYTES } from "../../server/http/body";
import { MAX_JSON_DEPTH } from "../../server/http/input-guard";
import { startApi, type TestApi } from "../helpers/api";
import { PASSWORD, tokenFor } from "../factories";
import { expectUnknownFields } from "../helpers/rest";

/**
 * Issue #13 item 1: the request edge refuses bad input with a 4xx before any procedure or the
 * database sees it — prototype-named keys, deep nesting, control characters, invalid UTF-8,
 * oversized bodies, slow senders, absolute-form request lines.
 */
let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await startApi({ demo: true });
  admin = await tokenFor(api, "acme", "admin");
});
afterAll(() => api.close());

async function post(path: string, raw: string | Uint8Array, opts: { token?: string; tenant?: string | null } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (opts.tenant !== null) headers["X-Tenant-ID"] = opts.tenant ?? "acme";
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${api.url}/api/v1${path}`, { method: "POST", headers, body: typeof raw === "string" ? raw : new Uint8Array(raw) });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

describe("keys named after Object.prototype members", () => {
  const names = ["toString", "constructor", "__proto__", "valueOf", "hasOwnProperty", "isPrototypeOf", "__defineGetter__"];

  it.each(names)("POST /auth/login with %s -> 400 Unknown field", async (name) => {
    const res = await post("/auth/login", `{"email":"admin@acme.test","password":"${PASSWORD}","${name}":1}`);
    expectUnknownFields(res, [name]);
    const alone = await post("/auth/login", `{"${name}":1}`);
    expect(alone.status, JSON.stringify(alone.body)).toBe(400);
    expect(alone.body.errors[name]).toEqual(["Unknown field"]);
  });

  it("POST /users and POST /courses, at the top and nested -> 400 naming the field; nothing created", async () => {
    for (const name of names) {
      const user = await post("/users", `{"email":"proto-${name.length}@acme.test","firstName":"P","lastName":"K","role":"LEARNER","${name}":"x"}`, { token: admin });
      expectUnknownFields(user, [name]);
      const course = await post("/courses", `{"title":"Proto ${name}","${name}":{"a":1}}`, { token: admin });
      expectUnknownFields(course, [name]);
      const nested = await post("/courses", `{"title":"Proto nested","objectives":{"${name}":1}}`, { token: admin });
      expectUnknownFields(nested, [`objectives.${name}`]);
    }
    const list = await api.call("GET", "/courses?search=Proto", { tenant: "acme", token: admin });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain("Proto");
  });

  it("the same keys in a query string are plain unknown parameters, never a 500", async () => {
    for (const name of names) {
      const res = await api.call("GET", `/courses?${name}=1&${name}=2`, { tenant: "acme" });
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    }
  });
});

describe("JSON depth", () => {
  it(`nested 4,500 levels -> 400 JSON_TOO_DEEP; ${MAX_JSON_DEPTH} levels are parsed`, async () => {
    const deep = `${'{"a":'.repeat(4500)}1${"}".repeat(4500)}`;
    const res = await post("/auth/login", deep);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("JSON_TOO_DEEP");
    const arrays = await post("/auth/login", `${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    expect(arrays.body.code).toBe("JSON_TOO_DEEP");
    // Brackets inside strings do not count.
    const inString = await post("/auth/login", JSON.stringify({ email: "[".repeat(200), password: "{".repeat(200) }));
    expect(inString.body.code).not.toBe("JSON_TOO_DEEP");
    // At the limit the body is parsed (and refused by the contract instead).
    const atLimit = await post("/auth/login", `${'{"a":'.repeat(MAX_JSON_DEPTH)}1${"}".repeat(MAX_JSON_DEPTH)}`);
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.code).toBe("VALIDATION_FAILED");
  });
});

describe("control characters", () => {
  it("NUL in a query filter -> 400 naming it (unauthenticated catalogue)", async () => {
    for (const q of ["search=a%00b", "search=a%01b", "search=%7F"]) {
      const res = await api.call("GET", `/courses?${q}`, { tenant: "acme" });
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ code: "INVALID_CHARACTER", errors: { search: ["No control characters"] } });
    }
    // Tab, line feed and carriage return are text.
    expect((await api.call("GET", "/courses?search=a%09b%0Ac%0D", { tenant: "acme" })).status).toBe(200);
  });

  it("NUL in other query filters and path parameters of JSON operations -> 400", async () => {
    const audit = await api.call("GET", "/audit-logs?action=a%00&userId=%00", { tenant: "acme", token: admin });
    expect(audit.status).toBe(400);
    expect(audit.body.errors).toMatchObject({ action: ["No control characters"], userId: ["No control characters"] });
    const byId = await api.call("GET", "/courses/ab%00cd", { tenant: "acme", token: admin });
    expect(byId.status).toBe(400);
    expect(byId.body).toMatchObject({ code: "INVALID_CHARACTER", errors: { id: ["No control characters"] } }); // one path, /courses/{id}: a slug or an id
  });

  it("NUL in a path or query parameter of a raw route (CSV, PDF) -> 400 naming it", async () => {
    for (const path of ["/enrollments/course/a%00b/export", "/emargement/a%00b/pdf"]) {
      const res = await fetch(`${api.url}/api/v1${path}`, { headers: { "X-Tenant-ID": "acme", Authorization: `Bearer ${admin}` } });
      expect(res.status, path).toBe(400);
      const body = (await res.json()) as { code: string; errors: Record<string, string[]> };
      expect(body.code).toBe("INVALID_CHARACTER");
      expect(Object.keys(body.errors)).toEqual([path.includes("export") ? "courseId" : "sessionId"]);
    }
  });

  it("NUL in body strings and keys -> 400 naming the field; nothing created", async () => {
    const login = await post("/auth/login", JSON.stringify({ email: "admin@acme.test\u0000", password: PASSWORD }));
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject({ code: "INVALID_CHARACTER", errors: { email: ["No control characters"] } });
    const course = await post("/courses", JSON.stringify({ title: "Nul\u0000title", description: "ok\n\ttext", objectives: ["a", "b\u0007"] }), { token: admin });
    expect(course.status).toBe(400);
    expect(course.body.errors).toEqual({ title: ["No control characters"], "objectives.1": ["No control characters"] });
    const key = await post("/courses", '{"title":"x","a\\u0000b":1}', { token: admin });
    expect(key.status).toBe(400);
    expect(key.body.errors).toEqual({ "a\\u0000b": ["No control characters"] });
    const list = await api.call("GET", "/courses?search=Nul", { tenant: "acme", token: admin });
    expect(JSON.stringify(list.body)).not.toContain("Nul");
  });
});

describe("encoding and size", () => {
  it("invalid UTF-8 in the body -> 400 INVALID_UTF8", async () => {
    const bytes = Buffer.concat([Buffer.from('{"email":"'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(`","password":"${PASSWORD}"}`)]);
    const res = await post("/auth/login", bytes);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_UTF8");
    // Valid multi-byte UTF-8 is accepted (and refused by the contract or credentials, not the edge).
    const ok = await post("/auth/login", Buffer.from(JSON.stringify({ email: "é@acme.test", password: PASSWORD })));
    expect(ok.body.code).not.toBe("INVALID_UTF8");
  });

  it("a body over the limit -> 413 BODY_TOO_LARGE", async () => {
    const res = await post("/auth/login", JSON.stringify({ email: "a@acme.test", password: "x".repeat(MAX_BODY_BYTES) }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ statusCode: 413, code: "BODY_TOO_LARGE" });
  });
});

/** The app's server (server.ts's createAppServer) with the API handler; other paths answer with the path they saw (Next's place). */
async function appServer(timeouts?: Parameters<typeof createAppServer>[1]): Promise<{ server: http.Server; port: number }> {
  const handler = createApiHandler(api.db);
  const server = createAppServer((req, res) => {
    void handler(req, res).then((handled) => {
      if (!handled) res.end(JSON.stringify({ fallbackSaw: req.url }));
    });
  }, timeouts);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Writes raw bytes on a socket; resolves with everything the server sent until it closed the connection (or `waitMs`). */
function rawExchange(port: number, chunks: string[], waitMs: number): Promise<{ text: string; closed: boolean; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false, ms: Date.now() - started });
    }, waitMs);
    socket.on("data", (d) => (text += d.toString("latin1")));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text, closed: true, ms: Date.now() - started });
    });
    socket.on("error", () => undefined);
    socket.on("connect", () => {
      for (const chunk of chunks) socket.write(chunk);
    });
  });
}

describe("the app server", () => {
  it("absolute-form request lines are served as their path: no redirect off the host", async () => {
    expect(toOriginForm("http://evil.example/login?next=1")).toBe("/login?next=1");
    expect(toOriginForm("//evil.example/login")).toBe("/evil.example/login");
    const { server, port } = await appServer();
    try {
      const page = await rawExchange(port, ["GET http://evil.example/login HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n"], 5000);
      expect(page.text).toMatch(/^HTTP\/1\.1 200/);
      expect(page.text).not.toMatch(/^location:/im);
      expect(page.text).toContain('{"fallbackSaw":"/login"}');
      const apiDoc = await rawExchange(port, ["GET https://evil.example/api/v1/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"], 5000);
      expect(apiDoc.text).toMatch(/^HTTP\/1\.1 200/);
      expect(apiDoc.text).toContain('"openapi"');
      expect(apiDoc.text).not.toContain("evil.example");
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("a body that never finishes is answered 408 and closed after the request timeout", async () => {
    const { server, port } = await appServer({ requestTimeoutMs: 600, headersTimeoutMs: 400 });
    try {
      const head = "POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Tenant-ID: acme\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n";
      const slowBody = await rawExchange(port, [head, '{"email":'], 10_000);
      expect(slowBody.closed).toBe(true);
      expect(slowBody.text).toMatch(/^HTTP\/1\.1 408/);
      expect(slowBody.ms).toBeLessThan(5000);
      // Headers that never finish: the same.
      const slowHeaders = await rawExchange(port, ["GET /api/v1/courses HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Ten"], 10_000);
      expect(slowHeaders.closed).toBe(true);
      expect(slowHeaders.text).toMatch(/^HTTP\/1\.1 408/);
      // A complete request on the same server is answered normally.
      const ok = await rawExchange(port, ["GET /api/v1/courses HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Tenant-ID: acme\r\nConnection: close\r\n\r\n"], 10_000);
      expect(ok.text).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("the tRPC transport", () => {
  it("applies the same checks to its bodies and GET inputs; valid calls still work", async () => {
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${api.url}/api/trpc/${path}`, { ...init, headers: { "X-Tenant-ID": "acme", "Content-Type": "application/json", ...init.headers } });
    const proto = await call("auth.login", { method: "POST", body: '{"toString":1}' });
    expect(proto.status).toBe(400);
    expect(((await proto.json()) as { errors: Record<string, string[]> }).errors).toEqual({ toString: ["Unknown field"] });
    const deep = await call("auth.login", { method: "POST", body: `${'{"a":'.repeat(4500)}1${"}".repeat(4500)}` });
    expect(deep.status).toBe(400);
    const nul = await call(`courses.list?input=${encodeURIComponent(JSON.stringify({ search: "a\u0000b" }))}`);
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as { code: string }).code).toBe("INVALID_CHARACTER");
    expect((await call("auth.login", { method: "POST", body: new Uint8Array([0x7b, 0xff, 0x7d]) })).status).toBe(400);
    expect((await call("%E0%A4%A")).status).toBe(404);
    const ok = await call("auth.login", { method: "POST", body: JSON.stringify({ email: "admin@acme.test", password: PASSWORD }) });
    expect(ok.status).toBe(200);
    const batch = await call("auth.login?batch=1", { method: "POST", body: JSON.stringify({ 0: { email: "admin@acme.test", password: PASSWORD } }) });
    expect(batch.status).toBe(200);
    expect(await batch.text()).toContain('"accessToken"');
    // An empty body is still tRPC's to judge (no input -> its own validation error, not the edge's).
    const empty = await call("auth.login", { method: "POST", body: "" });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error?: unknown }).error).toBeDefined();
  });
});
