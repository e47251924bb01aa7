import type { Translate } from "./i18n/translate";

/**
 * What a failed call tells the UI: the HTTP status, the stable reason `code` (branch on it, never on
 * the message), the message and the field errors (`errors`), both already in the user's language
 * (the tRPC client sends Accept-Language).
 */
export type ApiErrorInfo = { status: number | null; code: string | null; message: string | null; fields: Record<string, string[]> };

type ErrorShape = { message?: unknown; data?: { httpStatus?: unknown; code?: unknown; errors?: unknown } | null };

/** Reads a TRPCClientError (its `data` is the server's errorFormatter `shape.data`). */
export function errorInfo(error: unknown): ApiErrorInfo {
  if (!error || typeof error !== "object") return { status: null, code: null, message: null, fields: {} };
  const e = error as ErrorShape;
  const status = typeof e.data?.httpStatus === "number" ? e.data.httpStatus : null;
  const raw = e.data?.errors;
  const fields: Record<string, string[]> = {};
  if (raw && typeof raw === "object") {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      if (Array.isArray(v)) fields[k] = v.map(String);
    }
  }
  const code = typeof e.data?.code === "string" && /^[A-Z][A-Z0-9_]*$/.test(e.data.code) && status !== null ? e.data.code : null;
  return { status, code, message: typeof e.message === "string" ? e.message : null, fields };
}

/** One sentence for the form: the server's message for 4xx, a generic one for network and 5xx failures. */
export function errorMessage(error: unknown, t: Translate): string {
  const info = errorInfo(error);
  if (info.status === null) return t("errors.network");
  if (info.status === 429) return t("errors.tooManyRequests");
  if (info.status >= 500 || !info.message) return t("errors.generic");
  return info.message;
}
