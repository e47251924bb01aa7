import { errorInfo } from "@/lib/api-error";
import type { Translate } from "@/lib/i18n/translate";

/** Why a signature was refused, in the terms the learner needs (chosen by the error's `code`). */
export type SignFailure =
  | { kind: "expired" | "used" | "invalidQr" | "alreadySigned" | "notEnrolled" | "closed" | "notFound" | "tooShort" | "network" | "other"; message: string | null }
  | { kind: "wrongPin"; remaining: number | null; message: string | null }
  | { kind: "locked"; retryAfterSeconds: number; message: string | null };

type Extra = { data?: { retryAfterSeconds?: unknown; remainingAttempts?: unknown } | null };

const numberFrom = (v: unknown): number | null => {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
};

const DEFAULT_LOCK_SECONDS = 15 * 60;

/** The server's reason code -> what the learner is told. */
const KIND_BY_CODE: Partial<Record<string, Exclude<SignFailure["kind"], "wrongPin" | "locked">>> = {
  QR_TOKEN_EXPIRED: "expired",
  QR_TOKEN_USED: "used",
  QR_TOKEN_INVALID: "invalidQr",
  ALREADY_SIGNED: "alreadySigned",
  SIGNATURE_TOO_SHORT: "tooShort",
  NOT_A_PARTICIPANT: "notEnrolled",
  ENROLLMENT_NOT_ACTIVE: "notEnrolled",
  ATTENDANCE_NOT_OPEN: "closed",
  SESSION_CLOSED: "closed",
  SESSION_NOT_FOUND: "notFound",
  SLOT_NOT_FOUND: "notFound",
  ENROLLMENT_NOT_FOUND: "notFound",
};

export function classifySignError(error: unknown): SignFailure {
  const { status, code, message, fields } = errorInfo(error);
  const data = (error as Extra)?.data;
  if (status === null) return { kind: "network", message };
  if (code === "INVALID_PIN") {
    return { kind: "wrongPin", remaining: numberFrom(data?.remainingAttempts) ?? numberFrom(fields.remainingAttempts?.[0]), message };
  }
  if (code === "PIN_LOCKED" || code === "RATE_LIMITED") {
    return { kind: "locked", retryAfterSeconds: numberFrom(data?.retryAfterSeconds) ?? DEFAULT_LOCK_SECONDS, message };
  }
  const kind = code ? KIND_BY_CODE[code] : undefined;
  if (kind) return { kind, message };
  // A reason this screen has no special wording for: its status's meaning.
  if (status === 403) return { kind: "notEnrolled", message };
  if (status === 404) return { kind: "notFound", message };
  if (status === 409) return { kind: "closed", message };
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
