import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildRestTable, carriesSecret } from "../../server/http/rest-routes";

/** Issue #22 item 4: every answer that carries a token or a secret is sent with Cache-Control: no-store. */
describe("Cache-Control: no-store on token and secret answers (derived from the output contracts)", () => {
  it("marks the operations whose output names a token or secret field, and not the others", () => {
    const marked = [...buildRestTable().values()]
      .flat()
      .filter((op) => op.noStore)
      .map((op) => `${op.method} ${op.path}`)
      .sort();
    expect(marked).toEqual(
      expect.arrayContaining([
        "POST /auth/login",
        "POST /auth/refresh",
        "POST /auth/switch-tenant",
        "POST /auth/accept-invite",
        "POST /webhooks",
      ]),
    );
    expect(marked.some((m) => m.includes("service-api-key"))).toBe(true);
    expect(marked.some((m) => m.includes("token-exchange") || m.includes("exchange"))).toBe(true);
    // And nothing that does not carry one.
    expect(marked.some((m) => m === "GET /webhooks" || m === "GET /courses")).toBe(false);
  });

  it("finds a secret field at any depth, and not in other fields", () => {
    expect(carriesSecret(z.object({ data: z.object({ accessToken: z.string() }) }))).toBe(true);
    expect(carriesSecret(z.object({ data: z.array(z.object({ secret: z.string().optional() })) }))).toBe(true);
    expect(carriesSecret(z.object({ data: z.object({ secretLastFour: z.string(), tokenCount: z.number() }) }))).toBe(false);
    expect(carriesSecret(undefined)).toBe(false);
  });
});
