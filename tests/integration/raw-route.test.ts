import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "../../server/errors";
import { rawRoute } from "../../server/http/raw-route";
import { RAW_ROUTES } from "../../server/http/raw-routes";
import { startApi, type TestApi } from "../helpers/api";
import { tokenFor } from "../factories";

/**
 * The raw-route helper (server/http/raw-route.ts) behind the real API handler: the procedure
 * chain decides (401, 403, 404 as JSON), the producer gets the chain's ctx, a stream is written
 * with back-pressure and stops being read when the client goes away.
 */
const CHUNK = Buffer.alloc(64 * 1024, "x");
const TOTAL_CHUNKS = 20_000; // 1.3 GB if it were all read
const stream = { produced: 0, finished: false };

const TEST_DOC = { summary: "test", description: "test", tags: ["Test"], produces: "text/plain", successDescription: "test", errorResponses: {} };

const streamRoute = rawRoute({
  method: "GET",
  path: "/test-raw/{name}/stream",
  access: { member: true },
  input: z.object({ name: z.string() }),
  doc: TEST_DOC,
  handler: ({ ctx, input }) => {
    stream.produced = 0;
    stream.finished = false;
    async function* body() {
      try {
        if (input.name === "fails-early") throw new DomainError("CONFLICT", "Failed before the first byte");
        yield `${ctx.tenant.slug}:${ctx.caller.role}\n`;
        for (let i = 0; i < TOTAL_CHUNKS; i++) {
          stream.produced += 1;
          yield CHUNK;
        }
      } finally {
        stream.finished = true;
      }
    }
    return { contentType: "text/plain", filename: `${input.name}.txt`, body: body() };
  },
});

const adminOnly = rawRoute({
  method: "GET",
  path: "/test-raw/{name}/admin",
  access: { permission: "users.list" },
  input: z.object({ name: z.string() }),
  doc: TEST_DOC,
  handler: ({ input }) => ({ contentType: "text/plain", body: Buffer.from(`hello ${input.name}`) }),
});

let api: TestApi;
let admin: string;
let learner: string;

beforeAll(async () => {
  api = await startApi({ demo: true, rawRoutes: [...RAW_ROUTES, streamRoute, adminOnly] });
  admin = await tokenFor(api, "acme", "admin");
  learner = await tokenFor(api, "acme", "learner");
});
afterAll(async () => {
  await api.close();
});

const get = (path: string, token?: string) =>
  fetch(`${api.url}/api/v1${path}`, { headers: { "X-Tenant-ID": "acme", ...(token ? { Authorization: `Bearer ${token}` } : {}) } });

describe("raw routes", () => {
  it("run the procedure chain: 401, 403 and 404 are the spec's JSON errors", async () => {
    const anonymous = await get("/test-raw/a/admin");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ statusCode: 401 });
    const forbidden = await get("/test-raw/a/admin", learner);
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get("content-type")).toMatch(/^application\/json/);
    const otherTenant = await fetch(`${api.url}/api/v1/test-raw/a/admin`, { headers: { "X-Tenant-ID": "nowhere", Authorization: `Bearer ${admin}` } });
    expect(otherTenant.status).toBe(404);
    const ok = await get("/test-raw/w%C3%B6rld/admin", admin);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-length")).toBe(String(Buffer.byteLength("hello wörld")));
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await ok.text()).toBe("hello wörld");
  });

  it("answers a failure before the first byte with the JSON error body", async () => {
    const res = await get("/test-raw/fails-early/stream", admin);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ statusCode: 409, message: "Failed before the first byte" });
    expect(stream.finished).toBe(true);
  });

  it("gives the producer the chain's ctx, and stops reading the source when the client goes away (back-pressure)", async () => {
    const { status, headers, firstLine } = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; firstLine: string }>((resolve, reject) => {
      const req = http.get(`${api.url}/api/v1/test-raw/big/stream`, { headers: { "X-Tenant-ID": "acme", Authorization: `Bearer ${admin}` } }, (res) => {
        res.once("data", (chunk: Buffer) => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, firstLine: chunk.toString("utf8").split("\n")[0]! });
          req.destroy(); // the client goes away after the first bytes
        });
      });
      req.on("error", (e) => (e.message.includes("aborted") || e.message.includes("socket hang up") ? undefined : reject(e)));
    });
    expect(status).toBe(200);
    expect(headers["content-disposition"]).toBe('attachment; filename="big.txt"');
    expect(firstLine).toBe("acme:ADMIN");
    await expect.poll(() => stream.finished, { timeout: 5000 }).toBe(true);
    // Only what the socket buffers took was produced, not the 1.3 GB.
    expect(stream.produced).toBeLessThan(TOTAL_CHUNKS / 10);
  });
});
