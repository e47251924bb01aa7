import { jwtVerify, SignJWT, errors as joseErrors } from "jose";
import { env } from "../env";
import { newId } from "../lib/ids";
import { unixSeconds } from "../lib/clock";
import type { Role } from "./permissions";
import { jwtKey } from "./jwt-key";

export type MembershipClaim = { tenantId: string; tenantSlug: string; role: Role };

/** Access-token payload: the spec's fields plus memberships, activeTenantId and jti (conventions §3). */
export type AccessClaims = {
  sub: string;
  email: string;
  tenantId: string | null;
  tenantSlug: string | null;
  activeTenantId: string | null;
  memberships: MembershipClaim[];
  platformAdmin?: boolean;
  /** The refresh-token family the token was issued with (session-version check, session-check.ts). */
  fam?: string;
  jti: string;
  iat: number;
  exp: number;
};

const ISSUER = "training-platform";

export async function signAccessToken(
  claims: Omit<AccessClaims, "jti" | "iat" | "exp">,
  now: Date,
): Promise<{ token: string; expiresIn: number }> {
  const ttl = env().ACCESS_TOKEN_TTL_SECONDS;
  const iat = unixSeconds(now);
  const token = await new SignJWT({ ...claims, typ: "access" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setJti(newId("req"))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttl)
    .sign(await jwtKey());
  return { token, expiresIn: ttl };
}

/**
 * Access tokens whose signature, issuer, type and lifetime already checked out, by their exact
 * text (any other byte misses), for the key they were checked with. A request then re-checks only
 * the time (exp against now), not the HMAC: the WebCrypto verification was the largest single cost
 * of an authenticated request's own work. Bounded (oldest dropped first); tokens live minutes.
 */
const VERIFIED_MAX = 20_000;
const verified = new Map<string, AccessClaims>();
let verifiedKey: CryptoKey | null = null;

/**
 * Verifies signature (HS256 only: `alg: none` and other algorithms are refused), expiry and type.
 * `exp` and `iat` are required and the lifetime may not exceed ACCESS_TOKEN_TTL_SECONDS: a token
 * signed with the server's key but without `exp` (or with a longer life) is refused, never eternal.
 */
export async function verifyAccessToken(token: string, now: Date): Promise<AccessClaims | null> {
  const key = await jwtKey();
  if (verifiedKey !== key) {
    verified.clear();
    verifiedKey = key;
  }
  const known = verified.get(token);
  if (known) return known.exp > unixSeconds(now) && known.exp - known.iat <= env().ACCESS_TOKEN_TTL_SECONDS ? known : null;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256"],
      issuer: ISSUER,
      currentDate: now,
      requiredClaims: ["exp", "iat", "jti"],
    });
    if (payload.typ !== "access" || typeof payload.sub !== "string") return null;
    // The lifetime the token claims (exp − iat), at most the configured one: with exp checked against
    // now, this bounds its age too (no maxTokenAge: it would also refuse an iat ahead of a clock set back).
    const lifetime = payload.exp! - payload.iat!;
    if (lifetime <= 0 || lifetime > env().ACCESS_TOKEN_TTL_SECONDS) return null;
    // Shared by every request that presents this token: frozen, so none can change another's claims.
    if (Array.isArray(payload.memberships)) {
      for (const m of payload.memberships) Object.freeze(m);
      Object.freeze(payload.memberships);
    }
    const claims = Object.freeze(payload) as unknown as AccessClaims;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

/** Invitation token (the spec calls it an invitation JWT): names one membership. */
export async function signInvitationToken(p: { membershipId: string; tenantId: string; email: string }, now: Date): Promise<string> {
  const iat = unixSeconds(now);
  return new SignJWT({ ...p, typ: "invite" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + env().INVITATION_TTL_SECONDS)
    .sign(await jwtKey());
}

export async function verifyInvitationToken(
  token: string,
  now: Date,
): Promise<{ membershipId: string; tenantId: string; email: string } | null> {
  try {
    const { payload } = await jwtVerify(token, await jwtKey(), { algorithms: ["HS256"], issuer: ISSUER, currentDate: now });
    if (payload.typ !== "invite") return null;
    const { membershipId, tenantId, email } = payload as Record<string, unknown>;
    if (typeof membershipId !== "string" || typeof tenantId !== "string" || typeof email !== "string") return null;
    return { membershipId, tenantId, email };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
