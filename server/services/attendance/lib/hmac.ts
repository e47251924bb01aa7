import { createHmac, timingSafeEqual } from "node:crypto";
import { badRequest } from "../../../errors";

/**
 * HMAC of the media server's AUTO attendance call (conventions §7):
 * `hmacSignature` = "sha256=" + lower-case hex HMAC-SHA256(MEDIA_HMAC_SECRET, payload), payload =
 * `{sessionId}|{userId}|{joinedAt}|{leftAt}|{connectionDurationSeconds}|{mediaParticipantSid}`.
 * The fields are used exactly as received (no date re-formatting), since the sender signed
 * those bytes.
 */
export type AutoSignatureFields = {
  sessionId: string;
  userId: string;
  joinedAt: string;
  leftAt: string;
  connectionDurationSeconds: number | string;
  mediaParticipantSid: string;
};

const FIELD_ORDER = ["sessionId", "userId", "joinedAt", "leftAt", "connectionDurationSeconds", "mediaParticipantSid"] as const;

/**
 * Build the signed string. A field containing "|" would make the string ambiguous (two different
 * bodies with one signature), so it is refused with 400.
 */
export function autoSignaturePayload(fields: AutoSignatureFields): string {
  const parts = FIELD_ORDER.map((k) => String(fields[k]));
  const bad = FIELD_ORDER.filter((_, i) => parts[i]!.includes("|"));
  if (bad.length) {
    throw badRequest("Invalid HMAC payload", Object.fromEntries(bad.map((k) => [k, ["Must not contain '|'"]])));
  }
  return parts.join("|");
}

/** "sha256=" + lower-case hex HMAC-SHA256 of the payload (UTF-8) under `secret`. */
export function signAuto(payload: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(payload, "utf8").digest("hex")}`;
}

const SIGNATURE_PATTERN = /^sha256=[0-9a-fA-F]{64}$/;

/**
 * Constant-time check of `signature` against the payload. Anything malformed (not a string, no
 * "sha256=" prefix, wrong length, non-hex) is false without throwing. The comparison is
 * `timingSafeEqual` over the two 32-byte digests (hex case is not significant).
 */
export function verifyAuto(payload: string, signature: unknown, secret: string): boolean {
  if (typeof signature !== "string" || !SIGNATURE_PATTERN.test(signature)) return false;
  const given = Buffer.from(signature.slice("sha256=".length), "hex");
  const expected = createHmac("sha256", secret).update(payload, "utf8").digest();
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}
