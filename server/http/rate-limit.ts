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
 *   so it stays exact across instances; one caller's concurrent requests share an upsert that
 *   counts them together (`gateRow` below). Headers go on every response.
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
  const key = `rate:${req.subject}`;
  if (req.tenantRef) {
    const ref = tenantRefOf(req.tenantRef);
    const shape = `${ref.byId ? "id" : "slug"}:${req.userId ? "user" : "anon"}` as const;
    const values = { key, ref: ref.value, userId: req.userId ?? "" };
    const { row, count } = await gateRow(db, `${shape}\u0000${key}\u0000${ref.value}\u0000${req.userId ?? ""}`, now, (n, at) =>
      gateStatements(db)[shape].execute({ ...values, ...counterParams(key, env().RATE_LIMIT_WINDOW_SECONDS, at), by: n }),
    );
    const account = req.userId ? { account: row.account ? { ...row.account } : null } : {};
    const prefetched = { ref: req.tenantRef, userId: req.userId, access: toTenantAccess(row), ...account };
    return { decision: rateHeaders({ count, resetAt: new Date(row.resetAt) }, res, now), prefetched };
  }
  const { row, count } = await gateRow(db, `none\u0000${key}`, now, (n, at) =>
    gateStatements(db).none.execute({ ...counterParams(key, env().RATE_LIMIT_WINDOW_SECONDS, at), by: n }),
  );
  return { decision: rateHeaders({ count, resetAt: new Date(row.resetAt) }, res, now), prefetched: null };
}

/**
 * Requests with the same gate statement and values (one caller, one tenant) that arrive while that
 * statement is running wait for it, then go together in the next one, which counts them all at once
 * (`by`). Exact as one upsert per request: the database adds the batch's size atomically and answers
 * the new count C, and the i-th request of a batch of n is hit number C - n + i of the window, the
 * count it would have got alone, so no two requests of a window share a number across instances.
 * Fresh as one upsert per request: a batch's statement starts after each of its requests arrived, so
 * each reads the tenant access, the membership and the account as they were at or after its arrival.
 * What it removes is the queue of 50 concurrent requests of one caller waiting on the lock of the
 * same counter row, one statement after the other. A lone request goes at once, as before.
 */
type Waiter<R> = { now: Date; resolve: (r: { row: R; count: number }) => void; reject: (error: unknown) => void };
type Batch<R> = { running: boolean; waiting: Waiter<R>[] };
const batches = new WeakMap<Db, Map<string, Batch<unknown>>>();

function gateRow<R extends { count: unknown }>(db: Db, batchKey: string, now: Date, run: (n: number, now: Date) => Promise<R[]>): Promise<{ row: R; count: number }> {
  let byKey = batches.get(db);
  if (!byKey) batches.set(db, (byKey = new Map()));
  let batch = byKey.get(batchKey) as Batch<R> | undefined;
  if (!batch) byKey.set(batchKey, (batch = { running: false, waiting: [] }) as Batch<unknown>);
  const target = batch;
  const promise = new Promise<{ row: R; count: number }>((resolve, reject) => target.waiting.push({ now, resolve, reject }));
  if (!target.running) runBatch(byKey, batchKey, target, run);
  return promise;
}

function runBatch<R extends { count: unknown }>(byKey: Map<string, Batch<unknown>>, batchKey: string, batch: Batch<R>, run: (n: number, now: Date) => Promise<R[]>): void {
  const group = batch.waiting;
  batch.waiting = [];
  batch.running = true;
  // The window is judged at the latest arrival of the batch (its statement starts after all of them).
  const at = group.reduce((latest, w) => (w.now > latest ? w.now : latest), group[0]!.now);
  run(group.length, at)
    .then(([row]) => {
      if (!row) throw new Error("request gate returned nothing");
      const top = Number(row.count);
      group.forEach((w, i) => w.resolve({ row, count: top - group.length + 1 + i }));
    })
    .catch((error: unknown) => group.forEach((w) => w.reject(error)))
    .finally(() => {
      batch.running = false;
      if (batch.waiting.length) runBatch(byKey, batchKey, batch, run);
      else byKey.delete(batchKey);
    });
}

const ph = {
  key: sql.placeholder("key"),
  now: sql.placeholder("now"),
  resetAt: sql.placeholder("resetAt"),
  ref: sql.placeholder("ref"),
  userId: sql.placeholder("userId"),
  by: sql.placeholder("by"),
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
