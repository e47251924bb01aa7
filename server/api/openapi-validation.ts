import { procedureMetas } from "./procedure-meta";

type Json = Record<string, unknown>;

/**
 * Conventions §4: a field failing its contract (wrong type or enum value, out of its bounds,
 * missing) answers 400 VALIDATION_FAILED with `errors` keyed by field path, except where the
 * spec gives the operation 422 for invalid input (meta `validationStatus: 422`: POST /users,
 * /courses, /courses/bulk, /sessions, /emargement/override, /complaints, /billing/invoices,
 * /billing/invoices/{id}/send). Business rules found by the services answer 422 everywhere.
 */
const CONTRACT_FAILURE = "a field failing its contract (wrong type or enum value, out of its bounds, missing)";

type OperationMeta = { validationStatus: 400 | 422; errorResponses: Record<string, string> };

/** "METHOD /path" -> the status of its zod failures and its own error descriptions. */
function operationMetas(): Map<string, OperationMeta> {
  const out = new Map<string, OperationMeta>();
  for (const { meta } of procedureMetas()) {
    if (!meta.openapi) continue;
    const errorResponses = meta.openapi.errorResponses && !Array.isArray(meta.openapi.errorResponses) ? (meta.openapi.errorResponses as Record<string, string>) : {};
    out.set(`${meta.openapi.method} ${meta.openapi.path}`, { validationStatus: meta.validationStatus ?? 400, errorResponses });
  }
  return out;
}

let cached: Map<string, OperationMeta> | undefined;
const metaOf = (key: string) => (cached ??= operationMetas()).get(key);

/** The status a contract failure answers on the operation `key` ("POST /users"). */
export function validationStatusOf(key: string): 400 | 422 {
  return metaOf(key)?.validationStatus ?? 400;
}

/**
 * trpc-to-openapi builds one response object per status and reuses it for every operation, so
 * each 4xx would carry the first operation's description: give each operation its own object,
 * with the description its procedure declares.
 */
function ownErrorResponses(key: string, responses: Record<string, Json>): void {
  const own = metaOf(key)?.errorResponses ?? {};
  for (const [code, response] of Object.entries(responses)) {
    if (Number(code) < 400) continue;
    responses[code] = { ...response, ...(own[code] !== undefined ? { description: own[code] } : {}) };
  }
}

/** Says on the 400 (and, where it applies, the 422) response which status a contract failure answers. */
export function documentValidationStatus(key: string, responses: Record<string, Json>): void {
  ownErrorResponses(key, responses);
  // a new object: the generator shares one response object between operations
  const append = (code: string, text: string) => {
    const r = responses[code] ?? {};
    const before = String(r.description ?? "").replace(/\.?\s*$/, "");
    responses[code] = { ...r, description: before ? `${before}. ${text}` : text };
  };
  if (validationStatusOf(key) === 422) {
    append("422", `Also ${CONTRACT_FAILURE}: 422 VALIDATION_FAILED with errors keyed by field path, the status the spec gives this operation for invalid input.`);
    append("400", "An unknown field or a malformed body stays 400 (fields failing their contract: 422).");
  } else {
    append("400", `Also ${CONTRACT_FAILURE}: 400 VALIDATION_FAILED with errors keyed by field path (conventions §4); business rules answer 422.`);
  }
}
