import { errorInfo } from "@/lib/api-error";
import type { Translate } from "@/lib/i18n/translate";

/** Why a signature was refused, in the terms the learner needs (the server's English message decides between 422 cases). */
export type SignFailure =
  | { kind: "expired" | "used" | "invalidQr" | "alreadySigned" | "notEnrolled" | "closed" | "notFound" | "tooShort" | "network" | "other"; message: string | null }
  | { kind: "wrongPin"; remaining: number | null; message: string | null }
  | { kind: "locked"; retryAfterSeconds: number; message: string | null };

type Extra = { data?: { retryAfterSeconds?: unknown; remainingAttempts?: unknown } | null };

const numberFrom = (v: unknown): number | null => {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
};

/** Seconds to wait after a 429: the error data if the server sends it, else the message ("wait 15 minutes"). */
function retryAfter(error: unknown, message: string | null, fields: Record<string, string[]>): number {
  const fromData = numberFrom((error as Extra)?.data?.retryAfterSeconds) ?? numberFrom(fields.retryAfterSeconds?.[0]);
  if (fromData !== null) return fromData;
  const minutes = /(\d+)\s*min/i.exec(message ?? "");
  if (minutes) return Number(minutes[1]) * 60;
  const seconds = /(\d+)\s*s/i.exec(message ?? "");
  return seconds ? Number(seconds[1]) : 15 * 60;
}

function remainingAttempts(error: unknown, message: string | null, fields: Record<string, string[]>): number | null {
  const fromData = numberFrom((error as Extra)?.data?.remainingAttempts) ?? numberFrom(fields.remainingAttempts?.[0]);
  if (fromData !== null) return fromData;
  const m = /(\d+)\s+(?:attempts?\s+)?(?:left|remaining)/i.exec(message ?? "");
  return m ? Number(m[1]) : null;
}

export function classifySignError(error: unknown): SignFailure {
  const { status, message, fields } = errorInfo(error);
  const text = message ?? "";
  if (status === null) return { kind: "network", message };
  if (status === 410) return { kind: "expired", message };
  if (status === 401) return { kind: "wrongPin", remaining: remainingAttempts(error, message, fields), message };
  if (status === 429) return { kind: "locked", retryAfterSeconds: retryAfter(error, message, fields), message };
  if (status === 403) return { kind: "notEnrolled", message };
  if (status === 404) return { kind: "notFound", message };
  if (status === 409) return { kind: "closed", message };
  if (status === 422 || status === 400) {
    if (/already signed/i.test(text)) return { kind: "alreadySigned", message };
    if (/already used/i.test(text)) return { kind: "used", message };
    if (/expired/i.test(text)) return { kind: "expired", message };
    if (/signature/i.test(text) || fields.signatureBase64) return { kind: "tooShort", message };
    if (/qr/i.test(text)) return { kind: "invalidQr", message };
  }
  return { kind: "other", message };
}

/** One clear sentence per refusal (locked and wrongPin get their details from the caller). */
export function signFailureText(f: SignFailure, t: Translate): string {
  switch (f.kind) {
    case "expired":
      return t("attErrors.expired");
    case "used":
      return t("attErrors.used");
    case "invalidQr":
      return t("attErrors.invalidQr");
    case "alreadySigned":
      return t("attErrors.alreadySigned");
    case "notEnrolled":
      return t("attErrors.notEnrolled");
    case "closed":
      return t("attErrors.closed");
    case "notFound":
      return t("attErrors.notFound");
    case "tooShort":
      return t("attErrors.tooShort");
    case "wrongPin":
      return f.remaining === null ? t("attErrors.wrongPin") : t("attErrors.wrongPinRemaining", { count: f.remaining });
    case "locked":
      return t("attErrors.locked");
    case "network":
      return t("errors.network");
    default:
      return f.message ?? t("errors.generic");
  }
}
