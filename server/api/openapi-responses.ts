/**
 * The shared parts of every operation's responses in the OpenAPI document: the headers the API
 * sends (server/http/rate-limit.ts, api-handler.ts, security-headers.ts) as `components/headers`,
 * and the error answers any operation can give as `components/responses`, referenced from each
 * operation (its own wording, when it has one, in the reference's `description`).
 */
type Json = Record<string, unknown>;

const ref = (kind: "headers" | "responses" | "schemas", name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** An integer header (int32, from `minimum`). */
function intHeader(description: string, minimum: number): Json {
  return { description, schema: { type: "integer", format: "int32", minimum, maximum: 2_147_483_647 } };
}

/** Header components: what the API handler sets on every answer (the CORS one only for an allowed origin). */
export const HEADER_COMPONENTS: Record<string, Json> = {
  "RateLimit-Limit": intHeader("Requests allowed per window to this caller (the user when identified, else the client address): RATE_LIMIT_PER_HOUR.", 0),
  "RateLimit-Remaining": intHeader("Requests left in the current window.", 0),
  "RateLimit-Reset": intHeader("Seconds until the window resets.", 0),
  "Retry-After": intHeader("Seconds to wait before trying again.", 1),
  "X-Request-Id": {
    description: "The request's id (the client's X-Request-Id when it is 8 to 64 of A-Z a-z 0-9 . _ -, else a new UUID); logs carry it.",
    schema: { type: "string", maxLength: 64, pattern: "^[A-Za-z0-9._-]{8,64}$" },
  },
  "Access-Control-Allow-Origin": {
    description: "Only when the request's Origin is one of CORS_ORIGINS (none by default): that origin. Cookies are never allowed cross-origin.",
    required: false,
    schema: { type: "string", format: "uri", maxLength: 2048 },
  },
};

/** The headers of every answer, by reference. */
export function commonHeaders(): Json {
  return {
    "RateLimit-Limit": ref("headers", "RateLimit-Limit"),
    "RateLimit-Remaining": ref("headers", "RateLimit-Remaining"),
    "RateLimit-Reset": ref("headers", "RateLimit-Reset"),
    "X-Request-Id": ref("headers", "X-Request-Id"),
    "Access-Control-Allow-Origin": ref("headers", "Access-Control-Allow-Origin"),
  };
}

const errorContent = () => ({ "application/json": { schema: ref("schemas", "Error") } });

/** Status -> shared response component (name, generic description). */
const SHARED_ERRORS: Record<string, { name: string; description: string; retryAfter?: boolean; rateLimited?: false }> = {
  "400": {
    name: "BadRequest",
    description:
      "Malformed or invalid input (VALIDATION_FAILED with `errors` naming each field by its path: a missing field, a wrong type, a value over its documented maxLength, maxItems or maximum, an unknown field), malformed JSON, a body nested too deeply, invalid UTF-8, or a control character in a string or the query string.",
  },
  "401": { name: "Unauthorized", description: "Missing, invalid, expired or revoked credentials." },
  "403": { name: "Forbidden", description: "Known caller, not allowed (role, membership, tenant state)." },
  "404": { name: "NotFound", description: "Resource absent or of another tenant, or the tenant named by X-Tenant-ID (or the sub-domain) is unknown." },
  "408": { name: "RequestTimeout", description: "The request (headers or body) was not received in time; answered by the HTTP server before any operation, then the connection is closed.", rateLimited: false },
  "413": { name: "PayloadTooLarge", description: "The body exceeds the size limit." },
  "415": { name: "UnsupportedMediaType", description: "The body is not application/json." },
  "429": { name: "TooManyRequests", description: "Rate limit exceeded (per caller and window, or an operation's own throttle); retry after Retry-After seconds.", retryAfter: true },
  "431": { name: "HeadersTooLarge", description: "The request line (path and query) or headers are too large; answered by the HTTP server before any operation.", rateLimited: false },
  "500": { name: "InternalError", description: "Unexpected failure; the body never carries details, the log has them under the request id." },
};

/** `components/responses`: one per shared error status. */
export function responseComponents(): Json {
  const out: Json = {};
  for (const { name, description, retryAfter, rateLimited } of Object.values(SHARED_ERRORS)) {
    // 408 and 431 are written by Node's HTTP server before the API handler runs: no rate-limit headers
    const headers: Json = rateLimited === false ? {} : commonHeaders();
    if (retryAfter) headers["Retry-After"] = ref("headers", "Retry-After");
    out[name] = { description, ...(Object.keys(headers).length ? { headers } : {}), content: errorContent() };
  }
  return out;
}

/**
 * An operation's responses made whole: shared statuses by reference (the operation's own wording
 * kept as the reference's description), every other status with the Error body for >= 400 and the
 * common headers (Retry-After on 503 too, the transaction-conflict answer).
 */
export function finishResponses(responses: Record<string, Json>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const code of Object.keys(responses).sort()) {
    const response = responses[code]!;
    const shared = SHARED_ERRORS[code];
    if (shared) {
      const own = typeof response.description === "string" && response.description !== shared.description ? response.description : undefined;
      out[code] = { ...ref("responses", shared.name), ...(own ? { description: own } : {}) };
      continue;
    }
    const headers: Json = { ...commonHeaders(), ...((response.headers as Json | undefined) ?? {}) };
    if (code === "503") headers["Retry-After"] = ref("headers", "Retry-After");
    out[code] = { ...response, headers, ...(Number(code) >= 400 ? { content: errorContent() } : {}) };
  }
  return out;
}
