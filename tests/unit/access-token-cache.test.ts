import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "../../server/env";
import { signAccessToken, verifyAccessToken } from "../../server/auth/tokens";

/** server/auth/tokens.ts: a token verified once is recognised by its exact text; time, key and bytes still decide. */
const claims = { sub: "usr_cache", email: "a@b.test", tenantId: null, tenantSlug: null, activeTenantId: null, memberships: [{ tenantId: "ten_1", tenantSlug: "acme", role: "ADMIN" as const }] };
const t0 = new Date("2031-03-01T10:00:00Z");
const later = (s: number) => new Date(t0.getTime() + s * 1000);
const savedSecret = process.env.JWT_SECRET;

afterEach(() => {
  if (savedSecret === undefined) delete process.env.JWT_SECRET;
  else process.env.JWT_SECRET = savedSecret;
  resetEnvCache();
});

describe("verified access tokens", () => {
  it("answers the same claims again, and refuses the token once it has expired", async () => {
    const { token, expiresIn } = await signAccessToken(claims, t0);
    const first = await verifyAccessToken(token, t0);
    expect(first?.sub).toBe("usr_cache");
    expect(await verifyAccessToken(token, later(1))).toEqual(first);
    expect(await verifyAccessToken(token, later(expiresIn - 1))).not.toBeNull();
    expect(await verifyAccessToken(token, later(expiresIn))).toBeNull();
  });

  it("refuses a token changed by one character, even after the original was verified", async () => {
    const { token } = await signAccessToken(claims, t0);
    expect(await verifyAccessToken(token, t0)).not.toBeNull();
    const [h, p, sig] = token.split(".");
    const flipped = `${h}.${p}.${sig!.slice(0, -2)}${sig!.endsWith("AA") ? "BA" : "AA"}`;
    expect(await verifyAccessToken(flipped, t0)).toBeNull();
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, "base64url").toString()), sub: "usr_other" })).toString("base64url");
    expect(await verifyAccessToken(`${h}.${otherPayload}.${sig}`, t0)).toBeNull();
  });

  it("forgets what it verified when the signing key changes", async () => {
    const { token } = await signAccessToken(claims, t0);
    expect(await verifyAccessToken(token, t0)).not.toBeNull();
    process.env.JWT_SECRET = "another-secret-of-at-least-thirty-two-characters";
    resetEnvCache();
    expect(await verifyAccessToken(token, t0)).toBeNull();
  });

  it("hands out frozen claims: one request cannot change another's", async () => {
    const { token } = await signAccessToken(claims, t0);
    const a = await verifyAccessToken(token, t0);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(a!.memberships)).toBe(true);
    expect(Object.isFrozen(a!.memberships[0])).toBe(true);
  });
});
