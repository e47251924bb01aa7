import type { ServerResponse } from "node:http";
import type { Db } from "../db";
import { memberships, tenants } from "../db/schema";
import { accessJoin, tenantAccessSelection, tenantRefCondition, toTenantAccess, type TenantAccess } from "../db/tenant-scope";
import { env } from "../env";
import { counterHit, hitCounter, type CounterState } from "../services/platform/counters";

export type RateDecision = { allowed: boolean; retryAfterSeconds: number };

/** The tenant access read ahead of the procedure chain: for which reference, and what it found. */
export type PrefetchedAccess = { ref: string; userId: string | null; access: TenantAccess | null };

/**
 * The request gate: the one database round trip before a procedure's own queries.
 * - The rate limit (conventions §6): a database-backed fixed window of RATE_LIMIT_PER_HOUR requests
 *   per caller (the user when identified, else the client address), counted by one atomic upsert,
 *   so it stays exact across instances. Headers go on every response.
 * - In the same statement (a CTE around that upsert), the tenant the request names, with the
 *   caller's membership and enrollment there (db/tenant-scope.ts), which the procedure chain then
 *   uses instead of asking again. Identity needs no query (a signed token; the session-version
 *   check is a short in-process cache, auth/session-check.ts).
 * Without a tenant reference (login, platform routes), the upsert alone.
 */
export async function passGate(
  db: Db,
  req: { subject: string; tenantRef: string | null; userId: string | null },
  res: ServerResponse,
  now: Date,
): Promise<{ decision: RateDecision; prefetched: PrefetchedAccess | null }> {
  const windowSeconds = env().RATE_LIMIT_WINDOW_SECONDS;
  const key = `rate:${req.subject}`;
  let state: CounterState;
  let prefetched: PrefetchedAccess | null = null;
  if (req.tenantRef) {
    const hit = db.$with("hit").as(counterHit(db, key, windowSeconds, now));
    const [row] = await db
      .with(hit)
      .select({ count: hit.count, resetAt: hit.resetAt, ...tenantAccessSelection(req.userId) })
      .from(hit)
      .leftJoin(tenants, tenantRefCondition(req.tenantRef))
      .leftJoin(memberships, accessJoin(req.userId))
      .limit(1);
    if (!row) throw new Error("request gate returned nothing");
    state = { count: Number(row.count), resetAt: new Date(row.resetAt) };
    prefetched = { ref: req.tenantRef, userId: req.userId, access: toTenantAccess(row) };
  } else {
    state = await hitCounter(db, key, windowSeconds, now);
  }
  return { decision: rateHeaders(state, res, now), prefetched };
}

function rateHeaders({ count, resetAt }: CounterState, res: ServerResponse, now: Date): RateDecision {
  const limit = env().RATE_LIMIT_PER_HOUR;
  const resetSeconds = Math.max(0, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  res.setHeader("RateLimit-Limit", String(limit));
  res.setHeader("RateLimit-Remaining", String(Math.max(0, limit - count)));
  res.setHeader("RateLimit-Reset", String(resetSeconds));
  if (count > limit) {
    res.setHeader("Retry-After", String(Math.max(1, resetSeconds)));
    return { allowed: false, retryAfterSeconds: resetSeconds };
  }
  return { allowed: true, retryAfterSeconds: 0 };
}
