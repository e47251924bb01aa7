import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "../env";
import { DomainError, toHttpError } from "../errors";
import { sendError } from "./send";

/**
 * Headers every API answer carries, and CORS. Called once per API request, before routing;
 * returns true when it answered the request itself (an OPTIONS preflight).
 * - `X-Content-Type-Options: nosniff` on every answer;
 * - `Cache-Control: no-store` when the request presents credentials (Bearer token or session
 *   cookie), so no shared or browser cache keeps an authenticated answer (a route may still set
 *   its own Cache-Control afterwards);
 * - CORS: only the origins listed in CORS_ORIGINS (comma-separated, exact `scheme://host[:port]`,
 *   none by default). A preflight from a listed origin gets 204 with the allow headers; a preflight
 *   from any other origin gets 403 (error envelope) and no allow headers; an OPTIONS request
 *   without Origin (not a browser preflight) gets 204 with `Allow`. Credentials (cookies) are never
 *   allowed cross-origin: cross-origin clients send a Bearer token.
 */
const METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
const ALLOWED_HEADERS = "Authorization, Content-Type, X-Tenant-ID, X-Request-Id, Accept-Language, Idempotency-Key";
const EXPOSED_HEADERS = "Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-Request-Id, Content-Disposition, Location";
const PREFLIGHT_MAX_AGE_SECONDS = 600;

let parsed: { raw: string; origins: Set<string> } | undefined;
function allowedOrigins(): Set<string> {
  const raw = env().CORS_ORIGINS;
  if (parsed?.raw !== raw) {
    const origins = raw
      .split(",")
      .map((o) => o.trim().toLowerCase().replace(/\/+$/, ""))
      .filter(Boolean);
    parsed = { raw, origins: new Set(origins) };
  }
  return parsed.origins;
}

export function applyApiSecurityHeaders(req: IncomingMessage, res: ServerResponse): boolean {
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (req.headers.authorization || /(?:^|;\s*)(?:__Secure-)?next-auth\.session-token=/.test(req.headers.cookie ?? "")) {
    res.setHeader("Cache-Control", "no-store");
  }

  const origin = typeof req.headers.origin === "string" ? req.headers.origin : null;
  const allowed = origin !== null && allowedOrigins().has(origin.toLowerCase());
  if (origin !== null) res.setHeader("Vary", "Origin");
  if (allowed) {
    res.setHeader("Access-Control-Allow-Origin", origin);
    res.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  }
  if (req.method !== "OPTIONS") return false;

  if (origin === null) {
    res.statusCode = 204;
    res.setHeader("Allow", METHODS);
    res.end();
    return true;
  }
  if (!allowed) {
    sendError(res, toHttpError(new DomainError("FORBIDDEN", "Origin not allowed")));
    return true;
  }
  res.statusCode = 204;
  res.setHeader("Access-Control-Allow-Methods", METHODS);
  res.setHeader("Access-Control-Allow-Headers", ALLOWED_HEADERS);
  res.setHeader("Access-Control-Max-Age", String(PREFLIGHT_MAX_AGE_SECONDS));
  res.end();
  return true;
}
