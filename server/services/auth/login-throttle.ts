import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { counters } from "../../db/schema";
import { env } from "../../env";
import { DomainError } from "../../errors";
import { clearCounter, hitCounter, peekCounter } from "../platform/counters";

/**
 * Failed-login throttling (conventions §3), counted per account *and* client address so that a
 * stranger's wrong passwords never lock the owner out from the owner's own address:
 * - `LOGIN_MAX_FAILURES` (10) failures for one e-mail from one address within `LOGIN_LOCK_SECONDS`
 *   (15 minutes): that pair answers 429 with Retry-After until the window passes;
 * - growing delays (OWASP authentication guidance): each further lock of the same pair within
 *   24 hours lasts twice as long as the previous one (15, 30, 60 minutes..., at most 24 hours).
 * - across accounts, `LOGIN_MAX_FAILURES_PER_ADDRESS` (30) failures from one client address within
 *   `LOGIN_LOCK_SECONDS`, whatever the e-mails (credential stuffing, spraying): that address answers
 *   the same 429 with Retry-After for every login until the window passes. A success does not clear
 *   this count (one valid account must not reset a spray).
 * Counters live in the database, so every app instance shares them.
 */
const LOCK_MEMORY_SECONDS = 24 * 3600;
const MAX_LOCK_SECONDS = 24 * 3600;

const pair = (email: string, ip: string | null | undefined) => `${email.trim().toLowerCase()}|${ip ?? "unknown"}`;
const failKey = (email: string, ip: string | null | undefined) => `login-fail:${pair(email, ip)}`;
const locksKey = (email: string, ip: string | null | undefined) => `login-locks:${pair(email, ip)}`;
const addressKey = (ip: string | null | undefined) => `login-fail-ip:${ip ?? "unknown"}`;

export function lockedError(resetAt: Date, now: Date): DomainError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new DomainError("RATE_LIMITED", `Too many failed login attempts. Try again in ${minutes} minutes.`, {
    retryAfterSeconds: seconds,
    reason: "LOGIN_LOCKED",
    params: { minutes },
  });
}

/** The 429 to answer before checking the password when this account and address are locked, else null. */
export async function loginLock(db: Db, email: string, ip: string | null | undefined, now: Date): Promise<DomainError | null> {
  const state = await peekCounter(db, failKey(email, ip), now);
  if (state && state.count >= env().LOGIN_MAX_FAILURES) return lockedError(state.resetAt, now);
  const address = await peekCounter(db, addressKey(ip), now);
  return address && address.count >= env().LOGIN_MAX_FAILURES_PER_ADDRESS ? lockedError(address.resetAt, now) : null;
}

/** Lock duration of the n-th lock of a pair within 24 hours: doubles each time. */
function lockSeconds(nth: number): number {
  return Math.min(MAX_LOCK_SECONDS, env().LOGIN_LOCK_SECONDS * 2 ** Math.max(0, nth - 1));
}

/**
 * Counts one failure of this account from this address. The failure that reaches the limit
 * starts a lock: the first lasts until the 15-minute window passes, later ones (within 24 h) longer.
 */
export async function recordLoginFailure(
  db: Db,
  email: string,
  ip: string | null | undefined,
  now: Date,
): Promise<{ failures: number; lockedUntil: Date | null; addressLocked?: boolean }> {
  const e = env();
  const address = await hitCounter(db, addressKey(ip), e.LOGIN_LOCK_SECONDS, now);
  const state = await hitCounter(db, failKey(email, ip), e.LOGIN_LOCK_SECONDS, now);
  if (address.count > e.LOGIN_MAX_FAILURES_PER_ADDRESS) return { failures: state.count, lockedUntil: address.resetAt, addressLocked: true };
  if (state.count < e.LOGIN_MAX_FAILURES) return { failures: state.count, lockedUntil: null };
  if (state.count > e.LOGIN_MAX_FAILURES) return { failures: state.count, lockedUntil: state.resetAt };
  const nth = (await hitCounter(db, locksKey(email, ip), LOCK_MEMORY_SECONDS, now)).count;
  if (nth <= 1) return { failures: state.count, lockedUntil: state.resetAt };
  const until = new Date(Math.max(state.resetAt.getTime(), now.getTime() + lockSeconds(nth) * 1000));
  await db
    .update(counters)
    .set({ resetAt: sql`${until.toISOString()}::timestamptz` })
    .where(eq(counters.key, failKey(email, ip)));
  return { failures: state.count, lockedUntil: until };
}

/** A successful login clears this address's failures and lock history for the account (other addresses keep theirs). */
export async function clearLoginFailures(db: Db, email: string, ip: string | null | undefined): Promise<void> {
  await clearCounter(db, failKey(email, ip));
  await clearCounter(db, locksKey(email, ip));
}
