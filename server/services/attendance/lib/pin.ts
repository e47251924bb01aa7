import { randomInt, timingSafeEqual } from "node:crypto";

/** Session PIN (conventions §7): 6 decimal digits, leading zeros allowed. */
const PIN_LENGTH = 6;
const PIN_PATTERN = /^[0-9]{6}$/;

/** Uniform over 000000..999999 (crypto.randomInt, CSPRNG). */
export function generatePin(): string {
  return randomInt(0, 10 ** PIN_LENGTH).toString().padStart(PIN_LENGTH, "0");
}

export function isPinFormat(value: unknown): value is string {
  return typeof value === "string" && PIN_PATTERN.test(value);
}

/**
 * Constant-time comparison of a submitted PIN with the session's PIN. A submission that is not
 * exactly 6 digits is false (without comparing); both sides are then 6 ASCII bytes, compared
 * with timingSafeEqual.
 */
export function pinMatches(submitted: unknown, expected: string): boolean {
  if (!isPinFormat(submitted) || !isPinFormat(expected)) return false;
  return timingSafeEqual(Buffer.from(submitted, "ascii"), Buffer.from(expected, "ascii"));
}
