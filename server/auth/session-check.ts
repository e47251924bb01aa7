import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db";
import { appDatabase } from "../db/global";
import { memberships, refreshTokens, users } from "../db/schema";
import { forTenant } from "../db/tenant-scope";
import { env } from "../env";

/**
 * Session-version check: an access token (or a web session) stops working within
 * SESSION_CHECK_TTL_SECONDS (default 30, at most 60) once
 * - its refresh-token family is revoked (logout, refresh-token reuse detection, a password reset,
 *   a refresh refused because of a suspension): the token's `fam` claim names the family;
 * - its account is gone, or its membership in the token's active tenant is SUSPENDED.
 * One indexed query per (user, family, active tenant) and TTL, cached in process; revocations
 * made by this process drop their cache entries at once, other instances see them within the TTL.
 * Tokens without `fam` (minted by test helpers and benches, never by the app) get the account and
 * suspension checks only.
 */
export type SessionClaims = { sub: string; fam?: string | null; activeTenantId?: string | null };

const MAX_ENTRIES = 50_000;
type Entry = { ok: boolean; until: number; userId: string; fam: string | null };
const cache = new Map<string, Entry>();
let store: DbOrTx | null = null;

/**
 * The database the check reads: the API handler registers its own on creation; code that Next
 * bundles separately (server components calling procedures) falls back to the app's database.
 */
export function useSessionStore(db: DbOrTx): void {
  if (store !== db) cache.clear();
  store = db;
}

/** Drops cached answers after a revocation in this process (by family, or every family of a user). */
export function forgetSessions(match: { userId?: string; familyId?: string }): void {
  for (const [key, entry] of cache) {
    if ((match.familyId && entry.fam === match.familyId) || (match.userId && entry.userId === match.userId)) cache.delete(key);
  }
}

/** Query counter for tests and the bench (how many checks reached the database). */
export const sessionCheckStats = { queries: 0 };

export async function sessionStillValid(claims: SessionClaims, now: Date): Promise<boolean> {
  const db = store ?? appDatabase().db;
  const fam = claims.fam ?? null;
  const tenant = claims.activeTenantId ?? null;
  const key = `${claims.sub}|${fam ?? ""}|${tenant ?? ""}`;
  const t = now.getTime();
  const hit = cache.get(key);
  if (hit && hit.until > t) return hit.ok;

  sessionCheckStats.queries++;
  const [row] = await db
    .select({
      revoked: fam
        ? sql<boolean>`exists (select 1 from ${refreshTokens} where ${and(eq(refreshTokens.familyId, fam), eq(refreshTokens.userId, claims.sub), isNotNull(refreshTokens.revokedAt))})`
        : sql<boolean>`false`,
      status: tenant
        ? sql<string | null>`(select ${memberships.status} from ${memberships} where ${forTenant(tenant).where(memberships, eq(memberships.userId, claims.sub))} limit 1)`
        : sql<string | null>`null`,
    })
    .from(users)
    .where(eq(users.id, claims.sub))
    .limit(1);
  const ok = !!row && row.revoked !== true && row.status !== "SUSPENDED";

  const ttl = env().SESSION_CHECK_TTL_SECONDS;
  if (ttl > 0) {
    cache.delete(key);
    cache.set(key, { ok, until: t + ttl * 1000, userId: claims.sub, fam });
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  }
  return ok;
}
