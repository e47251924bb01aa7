import type { IncomingHttpHeaders } from "node:http";
import type { Db } from "../db";
import { clock, type Clock } from "../lib/clock";
import type { IdentityResult } from "../auth/session";
import { resolveTenantAccess, type TenantAccess } from "../db/tenant-scope";
import type { PrefetchedAccess } from "../http/rate-limit";
import { findUserById, type AccountProfile } from "../services/auth/accounts";

/** What the HTTP layer knows about a request before any procedure runs. */
export type RequestInfo = {
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  host: string | null;
  headers: IncomingHttpHeaders;
  /** Identity resolved once per request (the rate limiter already needed it). */
  identity: () => Promise<IdentityResult>;
  /** The tenant access the request gate read with the rate-limit count (http/rate-limit.ts), if any. */
  prefetched?: PrefetchedAccess | null;
  /** Status and headers a procedure wants on the REST response (201, Retry-After...). */
  response: { status?: number; headers: Record<string, string> };
};

export type Context = RequestInfo & { db: Db; clock: Clock };

export function createContext(db: Db, info: RequestInfo): Context {
  return { ...info, db, clock };
}

/**
 * The tenant named by `ref` with the user's membership and enrollment there: the request gate's
 * read when it was for the same reference and user (no second round trip), else one query.
 */
export async function tenantAccess(ctx: Context, ref: string, userId: string | null): Promise<TenantAccess | null> {
  const p = ctx.prefetched;
  if (p && p.ref === ref && p.userId === userId) return p.access;
  return resolveTenantAccess(ctx.db, ref, userId);
}

/** The caller's account as `GET /users/me` shows it: the request gate's read when it made one for this user, else one query. */
export async function callerAccount(ctx: Context, userId: string): Promise<AccountProfile | undefined> {
  const p = ctx.prefetched;
  if (p && p.userId === userId && p.account !== undefined) return p.account ?? undefined;
  return findUserById(ctx.db, userId);
}
