/**
 * DomainError is what services throw; `toHttpError` is the ONE table that turns any
 * error (domain, validation, database, tRPC) into the spec's `{statusCode, message, errors}`.
 * Both transports (REST and tRPC) use it.
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
  | "VALIDATION"
  | "UNPROCESSABLE"
  | "RATE_LIMITED"
  | "UNAVAILABLE";

export type FieldErrors = Record<string, string[]>;
/** Most errors map fields to messages; a few operations (course publication) list messages. */
export type ErrorDetails = FieldErrors | string[];

export class DomainError extends Error {
  readonly code: DomainCode;
  readonly fields?: ErrorDetails;
  readonly retryAfterSeconds?: number;
  constructor(code: DomainCode, message: string, opts: { fields?: ErrorDetails; retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.fields = opts.fields;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

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
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

/** tRPC code for each domain code (the UI transport's status). */
export const TRPC_CODE_BY_CODE = {
  BAD_REQUEST: "BAD_REQUEST",
  VALIDATION: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  PAYMENT_REQUIRED: "PAYMENT_REQUIRED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  INVALID_STATE: "CONFLICT",
  GONE: "PRECONDITION_FAILED",
  UNPROCESSABLE: "UNPROCESSABLE_CONTENT",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  UNAVAILABLE: "INTERNAL_SERVER_ERROR",
} as const;

export type HttpError = {
  statusCode: number;
  message: string;
  errors?: ErrorDetails;
  retryAfterSeconds?: number;
};

type ZodLikeIssue = { code: string; path: PropertyKey[]; message: string; keys?: string[] };

function isZodError(e: unknown): e is { issues: ZodLikeIssue[] } {
  return !!e && typeof e === "object" && "issues" in e && Array.isArray((e as { issues: unknown }).issues);
}

/** Zod issues -> `{ "items.0.quantity": ["..."] }`; unknown keys -> "Unknown field". */
export function fieldErrorsFromIssues(issues: ZodLikeIssue[]): FieldErrors {
  const out: FieldErrors = {};
  const add = (path: string, msg: string) => {
    (out[path || "_"] ??= []).push(msg);
  };
  for (const issue of issues) {
    const base = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys" && issue.keys) {
      for (const k of issue.keys) add(base ? `${base}.${k}` : k, "Unknown field");
    } else {
      add(base, issue.message);
    }
  }
  return out;
}

const PG_UNIQUE_VIOLATION = "23505";
const PG_FOREIGN_KEY_VIOLATION = "23503";
const PG_INVALID_TEXT = "22P02";

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
 */
export function toHttpError(error: unknown): HttpError {
  // tRPC wraps what procedures throw; look at the cause first.
  const trpc = error as { name?: string; code?: string; cause?: unknown; message?: string };
  const cause = trpc && trpc.name === "TRPCError" && trpc.cause ? trpc.cause : error;

  if (cause instanceof DomainError) {
    return {
      statusCode: STATUS_BY_CODE[cause.code],
      message: cause.message,
      ...(cause.fields ? { errors: cause.fields } : {}),
      ...(cause.retryAfterSeconds ? { retryAfterSeconds: cause.retryAfterSeconds } : {}),
    };
  }
  if (isZodError(cause)) {
    return { statusCode: 400, message: "Validation failed", errors: fieldErrorsFromIssues(cause.issues) };
  }
  const db = pgCode(cause);
  if (db === PG_UNIQUE_VIOLATION) return { statusCode: 409, message: "Resource already exists" };
  if (db === PG_FOREIGN_KEY_VIOLATION) return { statusCode: 422, message: "Referenced resource not found" };
  if (db === PG_INVALID_TEXT) return { statusCode: 400, message: "Invalid value" };

  if (trpc && trpc.name === "TRPCError") {
    const byTrpc: Record<string, number> = {
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
    };
    const status = byTrpc[trpc.code ?? ""];
    if (status) {
      const message = trpc.code === "PARSE_ERROR" ? "Malformed JSON body" : (trpc.message ?? "Bad Request");
      return { statusCode: status, message };
    }
  }
  return { statusCode: 500, message: "Internal server error" };
}

// Short constructors keep services readable.
export const notFound = (what = "Resource") => new DomainError("NOT_FOUND", `${what} not found`);
export const forbidden = (message = "Forbidden") => new DomainError("FORBIDDEN", message);
export const unauthorized = (message = "Unauthorized") => new DomainError("UNAUTHORIZED", message);
export const conflict = (message: string) => new DomainError("CONFLICT", message);
export const unprocessable = (message: string, fields?: ErrorDetails) =>
  new DomainError("UNPROCESSABLE", message, { fields });
export const badRequest = (message: string, fields?: FieldErrors) => new DomainError("BAD_REQUEST", message, { fields });
