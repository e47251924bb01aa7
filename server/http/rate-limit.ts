import type { ServerResponse } from "node:http";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { preparedOn } from "../db/prepared";
import { memberships, tenants, users } from "../db/schema";
import { accountProfileColumns, type AccountProfile } from "../services/auth/accounts";
import { accessJoin, tenantAccessSelection, tenantRefColumn, tenantRefOf, toTenantAccess, type TenantAccess } from "../db/tenant-scope";
import { env } from "../env";
import { counterHit, counterParams, type CounterState } from "../services/platform/counters";

export type RateDecision = { allowed: boolean; retryAfterSeconds: number };

/**
 * What the gate read ahead of the procedure chain: the tenant access for which reference, and, for
 * a user, their account (`undefined` when the gate did not read it, `null` when it no longer exists).
 */
export type PrefetchedAccess = { ref: string; userId: string | null; access: TenantAccess | null; account?: AccountProfile | null };

/**
 * The request gate: the one database round trip before a procedure's own queries.
 * - The rate limit (conventions §6): a database-backed fixed window of RATE_LIMIT_PER_HOUR requests
 *   per caller (the user when identified, else the client address), counted by one atomic upsert,
 *   so it stays exact across instances. Headers go on every response.
 * - In the same statement (a CTE around that upsert), the tenant the request names, with the
 *   caller's membership and enrollment there (db/tenant-scope.ts), and the caller's account as
 *   `GET /users/me` shows it, which the procedure chain then uses instead of asking again (`me`
 *   is then this one statement). Identity needs no query (a signed token; the session-version
 *   check is a short in-process cache, auth/session-check.ts).
 * Without a tenant reference (login, platform routes), the upsert alone.
 * The statement is prepared: Drizzle builds each of its five shapes (tenant by id or by slug, with
 * or without a user; no tenant) once per database handle, and every request only binds its values.
 */
export async function passGate(
  db: Db,
  req: { subject: string; tenantRef: string | null; userId: string | null },
  res: ServerResponse,
  now: Date,
): Promise<{ decision: RateDecision; prefetched: PrefetchedAccess | null }> {
  const counter = counterParams(`rate:${req.subject}`, env().RATE_LIMIT_WINDOW_SECONDS, now);
  let state: CounterState;
  let prefetched: PrefetchedAccess | null = null;
  if (req.tenantRef) {
    const ref = tenantRefOf(req.tenantRef);
    const statement = gateStatements(db)[`${ref.byId ? "id" : "slug"}:${req.userId ? "user" : "anon"}`];
    const [row] = await statement.execute({ ...counter, ref: ref.value, userId: req.userId ?? "" });
    if (!row) throw new Error("request gate returned nothing");
    state = { count: Number(row.count), resetAt: new Date(row.resetAt) };
    prefetched = { ref: req.tenantRef, userId: req.userId, access: toTenantAccess(row), ...(req.userId ? { account: row.account ?? null } : {}) };
  } else {
    const [row] = await gateStatements(db).none.execute(counter);
    if (!row) throw new Error("counter upsert returned nothing");
    state = { count: Number(row.count), resetAt: new Date(row.resetAt) };
  }
  return { decision: rateHeaders(state, res, now), prefetched };
}

const ph = {
  key: sql.placeholder("key"),
  now: sql.placeholder("now"),
  resetAt: sql.placeholder("resetAt"),
  ref: sql.placeholder("ref"),
  userId: sql.placeholder("userId"),
};

/** One shape of the gate: the counter CTE, the tenant (by id or slug) and, with a user, their membership, enrollment and account. */
function prepareGate(db: Db, byId: boolean, withUser: boolean) {
  const hit = db.$with("hit").as(counterHit(db, ph));
  const userId = withUser ? ph.userId : null;
  return db
    .with(hit)
    .select({ count: hit.count, resetAt: hit.resetAt, ...tenantAccessSelection(userId), account: withUser ? accountProfileColumns : sql<null>`null` })
    .from(hit)
    .leftJoin(tenants, eq(tenantRefColumn(byId), ph.ref))
    .leftJoin(memberships, accessJoin(userId))
    .leftJoin(users, withUser ? eq(users.id, ph.userId) : sql`false`)
    .limit(1)
    .prepare(`gate_${byId ? "id" : "slug"}_${withUser ? "user" : "anon"}`);
}

function prepareGates(db: Db) {
  return {
    "id:user": prepareGate(db, true, true),
    "id:anon": prepareGate(db, true, false),
    "slug:user": prepareGate(db, false, true),
    "slug:anon": prepareGate(db, false, false),
    none: counterHit(db, ph).prepare("gate_none"),
  };
}

/** The gate's prepared statements of a database handle (built on its first request). */
const gateStatements = (db: Db) => preparedOn(db, "request-gate", () => prepareGates(db));

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
