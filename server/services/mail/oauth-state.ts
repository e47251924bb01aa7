import { clock } from "../../lib/clock";
import { randomBytes } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { TOAuthProvider } from "../../contracts/mail-config";
import { decryptBytes, encryptBytes } from "../../lib/crypto-box";
import { jwtKey } from "../../auth/jwt-key";

/**
 * The OAuth `state` of "Connect Google / Microsoft": no server-side table. It is an HS256 JWT
 * (JWT_SECRET, typ "mail-oauth-state", 10 minutes) binding the provider, the tenant, the user who
 * started the flow and the configuration owner (null: the tenant-level one), and carrying the PKCE
 * code verifier encrypted (AES-256-GCM, ENCRYPTION_KEY, bound to the state's nonce): whoever sees
 * the redirect URL learns neither the verifier nor can forge or alter the binding. A replayed state
 * is harmless: the authorization code it goes with is single-use and bound to the verifier.
 */
export type OAuthState = { provider: TOAuthProvider; tenantId: string; tenantSlug: string; userId: string; ownerUserId: string | null; fromName?: string; codeVerifier: string };

const TYP = "mail-oauth-state";
const ISSUER = "training-platform";
const OAUTH_STATE_TTL_SECONDS = 600;

export async function signOAuthState(s: OAuthState, now = clock.now()): Promise<string> {
  const nonce = randomBytes(16).toString("base64url");
  const { codeVerifier, ...claims } = s;
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...claims, typ: TYP, nonce, cv: encryptBytes(Buffer.from(codeVerifier, "utf8"), { aad: `${TYP}:${nonce}`, purpose: "mail-oauth-state" }) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + OAUTH_STATE_TTL_SECONDS)
    .sign(await jwtKey());
}

/** null when the state is absent, tampered, of another kind or expired. */
export async function verifyOAuthState(token: string | undefined, now = clock.now()): Promise<OAuthState | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, await jwtKey(), { algorithms: ["HS256"], issuer: ISSUER, currentDate: now });
    const p = payload as Record<string, unknown>;
    if (p.typ !== TYP || typeof p.nonce !== "string" || typeof p.cv !== "string") return null;
    if (p.provider !== "google" && p.provider !== "microsoft") return null;
    if (typeof p.tenantId !== "string" || typeof p.tenantSlug !== "string" || typeof p.userId !== "string") return null;
    const codeVerifier = decryptBytes(p.cv, { aad: `${TYP}:${p.nonce}`, purpose: "mail-oauth-state" }).toString("utf8");
    return {
      provider: p.provider,
      tenantId: p.tenantId,
      tenantSlug: p.tenantSlug,
      userId: p.userId,
      ownerUserId: typeof p.ownerUserId === "string" ? p.ownerUserId : null,
      fromName: typeof p.fromName === "string" ? p.fromName : undefined,
      codeVerifier,
    };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || (error as Error).name === "CryptoBoxError") return null;
    throw error;
  }
}
