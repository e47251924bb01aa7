import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { pinAttempts } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { DomainError } from "../../errors";
import { env } from "../../env";

const pinLockedMessage = (minutes: number) => `Too many PIN attempts: wait ${minutes} minutes`;

/**
 * Counts one PIN attempt of a user on a session BEFORE the PIN is compared, in one atomic upsert,
 * so concurrent attempts can never be evaluated more than PIN_MAX_ATTEMPTS times. The window is
 * PIN_LOCK_SECONDS long from its first attempt; the attempt after the last allowed one locks the
 * pair for PIN_LOCK_SECONDS (429 with Retry-After) and any attempt during the lock answers 429
 * without being evaluated. A lapsed window or lock starts a new window.
 */
export async function countPinAttempt(db: DbOrTx, scope: TenantScope, sessionId: string, userId: string, now: Date): Promise<void> {
  const { PIN_MAX_ATTEMPTS: max, PIN_LOCK_SECONDS: lockSeconds } = env();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(now.getTime() - lockSeconds * 1000).toISOString()}::timestamptz`;
  const lockEnd = sql`${new Date(now.getTime() + lockSeconds * 1000).toISOString()}::timestamptz`;
  const lapsed = sql`((${pinAttempts.lockedUntil} is null and ${pinAttempts.windowStartedAt} <= ${windowStart}) or ${pinAttempts.lockedUntil} <= ${nowSql})`;
  const [row] = await db
    .insert(pinAttempts)
    .values(scope.values(pinAttempts, { sessionId, userId, windowStartedAt: now, attempts: 1, lockedUntil: null }))
    .onConflictDoUpdate({
      target: [pinAttempts.tenantId, pinAttempts.sessionId, pinAttempts.userId],
      set: {
        windowStartedAt: sql`case when ${lapsed} then ${nowSql} else ${pinAttempts.windowStartedAt} end`,
        attempts: sql`case when ${lapsed} then 1 else ${pinAttempts.attempts} + 1 end`,
        lockedUntil: sql`case when ${lapsed} then null when ${pinAttempts.lockedUntil} is null and ${pinAttempts.attempts} + 1 > ${max} then ${lockEnd} else ${pinAttempts.lockedUntil} end`,
      },
    })
    .returning({ attempts: pinAttempts.attempts, lockedUntil: pinAttempts.lockedUntil });
  if (row && row.lockedUntil && new Date(row.lockedUntil) > now) {
    const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.lockedUntil).getTime() - now.getTime()) / 1000));
    throw new DomainError("RATE_LIMITED", pinLockedMessage(Math.round(lockSeconds / 60)), { retryAfterSeconds, reason: "PIN_LOCKED", params: { minutes: Math.round(lockSeconds / 60) } });
  }
}
