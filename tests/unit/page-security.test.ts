import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, PERMISSIONS_POLICY, staticPageHeaders } from "../../server/lib/page-security";

const directives = (csp: string) => new Map(csp.split("; ").map((d) => [d.split(" ")[0]!, d.split(" ").slice(1)]));

describe("page Content-Security-Policy", () => {
  it("allows scripts only with the nonce (strict-dynamic), forbids framing, objects and foreign forms", () => {
    const csp = directives(contentSecurityPolicy({ nonce: "abc123==", dev: false, https: true, mediaServerUrl: "wss://media.example.com" }));
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "wss://media.example.com", "https://media.example.com"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(true);
    expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
  });

  it("adds what the development server needs (eval, HMR socket) only in development, and no upgrade over http", () => {
    const csp = directives(contentSecurityPolicy({ nonce: "n", dev: true, https: false, mediaServerUrl: "ws://localhost:7880" }));
    expect(csp.get("script-src")).toContain("'unsafe-eval'");
    expect(csp.get("connect-src")).toEqual(["'self'", "ws://localhost:7880", "http://localhost:7880", "ws:", "wss:"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
    expect(directives(contentSecurityPolicy({ nonce: "n", dev: false, https: false, mediaServerUrl: "not a url" })).get("connect-src")).toEqual(["'self'"]);
  });

  it("uses a fresh 128-bit nonce per call", () => {
    const a = newNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });
});

describe("page headers", () => {
  it("permits camera, microphone, screen sharing and geolocation for the page itself only, nothing else", () => {
    expect(PERMISSIONS_POLICY).toContain("camera=(self)");
    expect(PERMISSIONS_POLICY).toContain("microphone=(self)");
    expect(PERMISSIONS_POLICY).toContain("display-capture=(self)");
    expect(PERMISSIONS_POLICY).toContain("geolocation=(self)");
    expect(PERMISSIONS_POLICY).toContain("payment=()");
    expect(PERMISSIONS_POLICY).toContain("usb=()");
  });

  it("sends HSTS in production only", () => {
    expect(staticPageHeaders(true)["Strict-Transport-Security"]).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(staticPageHeaders(false)["Strict-Transport-Security"]).toBeUndefined();
    expect(staticPageHeaders(false)).toMatchObject({ "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "strict-origin-when-cross-origin" });
  });
});
