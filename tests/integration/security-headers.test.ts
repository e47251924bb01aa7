import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "../../server/env";
import { startApi, type TestApi } from "../helpers/api";
import { tokenFor } from "../factories";
import { expectError } from "../helpers/rest";

/** API answers: nosniff everywhere, no-store when credentials are presented, CORS only for CORS_ORIGINS. */
let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await startApi({ demo: true });
  admin = await tokenFor(api, "acme", "admin");
});
afterAll(async () => {
  delete process.env.CORS_ORIGINS;
  resetEnvCache();
  await api.close();
});

const preflight = (origin: string | null, path = "/api/v1/courses") =>
  fetch(`${api.url}${path}`, {
    method: "OPTIONS",
    headers: { ...(origin ? { Origin: origin } : {}), "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type, x-tenant-id" },
  });

describe("API security headers", () => {
  it("sends X-Content-Type-Options: nosniff and Cache-Control: no-store on authenticated answers", async () => {
    for (const path of ["/users/me", "/courses"]) {
      const res = await api.call("GET", path, { tenant: "acme", token: admin });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    // Errors of authenticated requests too.
    const denied = await api.call("GET", "/users/usr_nobody", { tenant: "acme", token: admin });
    expect(denied.status).toBe(404);
    expect(denied.headers.get("cache-control")).toBe("no-store");
    expect(denied.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("sends nosniff on anonymous answers, which may be cached (public catalogue)", async () => {
    const res = await api.call("GET", "/courses", { tenant: "acme" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).not.toBe("no-store");
  });
});

describe("CORS", () => {
  it("refuses every preflight by default (no CORS_ORIGINS): 403, no allow headers", async () => {
    const res = await preflight("https://evil.example");
    expect(res.status).toBe(403);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("access-control-allow-methods")).toBeNull();
    expectError({ status: res.status, body: await res.json(), headers: res.headers }, 403, "Origin not allowed");
  });

  it("answers a preflight from a listed origin with 204 and the allow headers; other origins stay refused", async () => {
    process.env.CORS_ORIGINS = "https://app.partner.example, http://localhost:5173";
    resetEnvCache();
    try {
      const ok = await preflight("https://app.partner.example");
      expect(ok.status).toBe(204);
      expect(ok.headers.get("access-control-allow-origin")).toBe("https://app.partner.example");
      expect(ok.headers.get("access-control-allow-methods")).toContain("POST");
      expect(ok.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
      expect(ok.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("x-tenant-id");
      expect(ok.headers.get("access-control-allow-credentials")).toBeNull();
      expect(ok.headers.get("vary")).toContain("Origin");
      expect(await ok.text()).toBe("");
      expect((await preflight("http://localhost:5173", "/api/v1/auth/login")).status).toBe(204);

      const other = await preflight("https://app.partner.example.evil.example");
      expect(other.status).toBe(403);
      expect(other.headers.get("access-control-allow-origin")).toBeNull();

      // The actual request from the listed origin carries the allow-origin header.
      const res = await api.call("GET", "/courses", { tenant: "acme", headers: { Origin: "https://app.partner.example" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("https://app.partner.example");
      expect(res.headers.get("access-control-expose-headers")).toContain("Retry-After");
      const foreign = await api.call("GET", "/courses", { tenant: "acme", headers: { Origin: "https://evil.example" } });
      expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    } finally {
      delete process.env.CORS_ORIGINS;
      resetEnvCache();
    }
  });

  it("answers OPTIONS without Origin (not a browser preflight) with 204 and Allow", async () => {
    const res = await preflight(null);
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toContain("PATCH");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});
