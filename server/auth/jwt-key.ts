import { env } from "../env";

let cached: { secret: string; key: Promise<CryptoKey> } | null = null;

/**
 * The HS256 key of every token the platform signs (access, invitation, QR, survey link, mail OAuth
 * state): JWT_SECRET imported once as a WebCrypto HMAC key. jose imports a raw secret again on each
 * sign and verify, which was half of a verification's cost on the request path. Re-imported when
 * the secret changes (tests set it per file).
 */
export function jwtKey(): Promise<CryptoKey> {
  const secret = env().JWT_SECRET;
  if (cached?.secret !== secret) {
    cached = { secret, key: crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]) };
  }
  return cached.key;
}
