import { NOT_FOUND_REASONS, type ErrorReason, type NotFoundResource } from "./error-reasons";

export { ERROR_REASON_CODES, type ErrorReason } from "./error-reasons";

/**
 * DomainError is what services throw; `toHttpError` is the ONE table that turns any
 * error (domain, validation, database, tRPC) into the spec's `{statusCode, message, errors}`
 * plus `code`, the stable reason (error-reasons.ts). REST and tRPC both use it: tRPC's
 * error `data` carries the same `httpStatus` and `code` as the REST body. Wording per language:
 * `localizeHttpError` (server/i18n.ts).
 */
export type DomainCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "PAYMENT_REQUIRED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "INVALID_STATE"
  | "GONE"
  | "PAYLOAD_TOO_LARGE"
  | "VALIDATION"
  | "UNPROCESSABLE"
  | "RATE_LIMITED"
  | "UNAVAILABLE";

export type FieldErrors = Record<string, string[]>;
/** Most errors map fields to messages; a few operations (course publication) list messages. */
export type ErrorDetails = FieldErrors | string[];
/** Values for the reason's ICU message (messages/api/errors.*.ts). */
export type MessageParams = Record<string, string | number>;

type DomainErrorOptions = {
  fields?: ErrorDetails;
  retryAfterSeconds?: number;
  /** The public `code`; when absent, the category's generic reason (see defaultReason). */
  reason?: ErrorReason;
  params?: MessageParams;
};

export class DomainError extends Error {
  readonly code: DomainCode;
  readonly reason: ErrorReason;
  readonly params?: MessageParams;
  readonly fields?: ErrorDetails;
  readonly retryAfterSeconds?: number;
  constructor(code: DomainCode, message: string, opts: DomainErrorOptions = {}) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.reason = opts.reason ?? defaultReason(code, message);
    this.params = opts.params;
    this.fields = opts.fields;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

const VALIDATION_FAILED_MESSAGE = "Validation failed";

function defaultReason(code: DomainCode, message: string): ErrorReason {
  if (code === "VALIDATION" || message === VALIDATION_FAILED_MESSAGE) return "VALIDATION_FAILED";
  if (code === "UNAVAILABLE") return "SERVICE_UNAVAILABLE";
  if (code === "PAYLOAD_TOO_LARGE") return "BODY_TOO_LARGE";
  return code;
}

/** The one status table: every transport answers these statuses. */
export const STATUS_BY_CODE: Record<DomainCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_STATE: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

type TrpcCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "PAYMENT_REQUIRED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "METHOD_NOT_SUPPORTED"
  | "CONFLICT"
  | "PRECONDITION_FAILED"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "UNPROCESSABLE_CONTENT"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL_SERVER_ERROR";

/**
 * tRPC's JSON-RPC code for an HTTP status. tRPC has no 410: a GONE error travels as
 * PRECONDITION_FAILED, but its `data.httpStatus` (410) and `data.code` are REST's, and the UI reads those.
 */
export function trpcCodeForStatus(status: number): TrpcCode {
  const byStatus: Record<number, TrpcCode> = {
    400: "BAD_REQUEST",
    401: "UNAUTHORIZED",
    402: "PAYMENT_REQUIRED",
    403: "FORBIDDEN",
    404: "NOT_FOUND",
    405: "METHOD_NOT_SUPPORTED",
    409: "CONFLICT",
    410: "PRECONDITION_FAILED",
    413: "PAYLOAD_TOO_LARGE",
    415: "UNSUPPORTED_MEDIA_TYPE",
    422: "UNPROCESSABLE_CONTENT",
    429: "TOO_MANY_REQUESTS",
    503: "SERVICE_UNAVAILABLE",
  };
  return byStatus[status] ?? "INTERNAL_SERVER_ERROR";
}

/** tRPC code -> HTTP status, for errors tRPC raises itself (parse errors, unknown procedures). */
const STATUS_BY_TRPC_CODE: Record<string, number> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

const REASON_BY_TRPC_CODE: Record<string, ErrorReason> = {
  PARSE_ERROR: "MALFORMED_JSON",
  NOT_FOUND: "ROUTE_NOT_FOUND",
  METHOD_NOT_SUPPORTED: "METHOD_NOT_SUPPORTED",
  PAYLOAD_TOO_LARGE: "BODY_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  TOO_MANY_REQUESTS: "RATE_LIMITED",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  CONFLICT: "CONFLICT",
  PAYMENT_REQUIRED: "PAYMENT_REQUIRED",
  PRECONDITION_FAILED: "INVALID_STATE",
  UNPROCESSABLE_CONTENT: "UNPROCESSABLE",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
};

/** The generic reason for a status, for error bodies built without a DomainError. */
export function reasonForStatus(status: number): ErrorReason {
  if (status >= 500) return status === 503 ? "SERVICE_UNAVAILABLE" : "INTERNAL_ERROR";
  if (status === 400) return "BAD_REQUEST";
  if (status === 404) return "NOT_FOUND";
  if (status === 410) return "GONE";
  if (status === 422) return "UNPROCESSABLE";
  return REASON_BY_TRPC_CODE[trpcCodeForStatus(status)] ?? "BAD_REQUEST";
}

export type ZodLikeIssue = { code: string; path: PropertyKey[]; message: string; keys?: string[] } & Record<string, unknown>;

export type HttpError = {
  statusCode: number;
  /** The stable reason (UPPER_SNAKE), listed in the OpenAPI document. */
  code: ErrorReason;
  /** English wording (the spec's); `localizeHttpError` words it in the request's language. */
  message: string;
  errors?: ErrorDetails;
  retryAfterSeconds?: number;
  /** What localisation needs and the body never shows: the message's ICU values, the zod issues. */
  i18n?: { params?: MessageParams; issues?: ZodLikeIssue[] };
};

function isZodError(e: unknown): e is { issues: ZodLikeIssue[] } {
  return !!e && typeof e === "object" && "issues" in e && Array.isArray((e as { issues: unknown }).issues);
}

export const UNKNOWN_FIELD_MESSAGE = "Unknown field";

/** Zod issues -> `{ "items.0.quantity": ["..."] }`; unknown keys -> "Unknown field". `word` renders an issue. */
export function fieldErrorsFromIssues(issues: ZodLikeIssue[], word: (issue: ZodLikeIssue) => string = (i) => i.message, unknownField = UNKNOWN_FIELD_MESSAGE): FieldErrors {
  // Own keys only: a field named after an Object.prototype member (toString, constructor) is a plain key here.
  const out: FieldErrors = {};
  const add = (path: string, msg: string) => {
    const key = path || "_";
    if (Object.hasOwn(out, key)) out[key]!.push(msg);
    else Object.defineProperty(out, key, { value: [msg], enumerable: true, writable: true, configurable: true });
  };
  for (const issue of issues) {
    const base = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys" && issue.keys) {
      for (const k of issue.keys) add(base ? `${base}.${k}` : k, unknownField);
    } else {
      add(base, word(issue));
    }
  }
  return out;
}

const PG_UNIQUE_VIOLATION = "23505";
const PG_FOREIGN_KEY_VIOLATION = "23503";
const PG_INVALID_TEXT = "22P02";
/**
 * Data exceptions a value from the request can cause once past its contract: too long for its
 * column (22001), a number out of the column's range (22003), an invalid or out-of-range date-time
 * (22007, 22008, e.g. year 0000). The contracts should refuse them first; this keeps them 400.
 */
const PG_VALUE_OUT_OF_RANGE = new Set(["22001", "22003", "22007", "22008"]);

function pgCode(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === "object"; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Map anything thrown while handling a request. Unknown errors become a 500 with a
 * generic message (never a stack); the caller logs the original with the request id.
 * A zod error wrapped in a TRPCError UNPROCESSABLE_CONTENT is a 422 (operations whose
 * meta says `validationStatus: 422`), else 400.
 */
export function toHttpError(error: unknown): HttpError {
  // tRPC wraps what procedures throw; look at the cause first.
  const trpc = error as { name?: string; code?: string; cause?: unknown; message?: string };
  const isTrpc = !!trpc && trpc.name === "TRPCError";
  const cause = isTrpc && trpc.cause ? trpc.cause : error;

  if (cause instanceof DomainError) {
    return {
      statusCode: STATUS_BY_CODE[cause.code],
      code: cause.reason,
      message: cause.message,
      ...(cause.fields ? { errors: cause.fields } : {}),
      ...(cause.retryAfterSeconds ? { retryAfterSeconds: cause.retryAfterSeconds } : {}),
      ...(cause.params ? { i18n: { params: cause.params } } : {}),
    };
  }
  if (isZodError(cause)) {
    return {
      statusCode: isTrpc && trpc.code === "UNPROCESSABLE_CONTENT" ? 422 : 400,
      code: "VALIDATION_FAILED",
      message: VALIDATION_FAILED_MESSAGE,
      errors: fieldErrorsFromIssues(cause.issues),
      i18n: { issues: cause.issues },
    };
  }
  const db = pgCode(cause);
  if (db === PG_UNIQUE_VIOLATION) return { statusCode: 409, code: "ALREADY_EXISTS", message: "Resource already exists" };
  if (db === PG_FOREIGN_KEY_VIOLATION) return { statusCode: 422, code: "REFERENCE_NOT_FOUND", message: "Referenced resource not found" };
  if (db === PG_INVALID_TEXT || (db && PG_VALUE_OUT_OF_RANGE.has(db))) return { statusCode: 400, code: "INVALID_VALUE", message: "Invalid value" };
  // A deadlock or serialization failure outside `db.transaction` (which retries them, db/transaction.ts).
  if (db === "40001" || db === "40P01") return { statusCode: 503, code: "TRANSACTION_CONFLICT", message: "Concurrent requests on the same data kept conflicting: retry in a moment", retryAfterSeconds: 1 };

  if (isTrpc) {
    const status = STATUS_BY_TRPC_CODE[trpc.code ?? ""];
    if (status) {
      const code = REASON_BY_TRPC_CODE[trpc.code ?? ""] ?? reasonForStatus(status);
      const message = trpc.code === "PARSE_ERROR" ? "Malformed JSON body" : (trpc.message ?? "Bad Request");
      return { statusCode: status, code, message };
    }
  }
  return { statusCode: 500, code: "INTERNAL_ERROR", message: "Internal server error" };
}

// Short constructors keep services readable.
export const notFound = (what: NotFoundResource = "Resource") =>
  new DomainError("NOT_FOUND", `${what} not found`, { reason: NOT_FOUND_REASONS[what] });
export const forbidden = (message = "Forbidden", reason?: ErrorReason) => new DomainError("FORBIDDEN", message, { reason });
export const unauthorized = (message = "Unauthorized", reason?: ErrorReason) => new DomainError("UNAUTHORIZED", message, { reason });
export const conflict = (message: string, reason?: ErrorReason, params?: MessageParams) => new DomainError("CONFLICT", message, { reason, params });
export const unprocessable = (message: string, fields?: ErrorDetails, reason?: ErrorReason) =>
  new DomainError("UNPROCESSABLE", message, { fields, reason });
export const badRequest = (message: string, fields?: FieldErrors, reason?: ErrorReason) => new DomainError("BAD_REQUEST", message, { fields, reason });

