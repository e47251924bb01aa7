import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { sessionCheckStats, sessionStillValid, useSessionStore } from "../server/auth/session-check";
import { openAppDatabase } from "../server/jobs/open";
import { memberships, users } from "../server/db/schema";
import { seedDemo } from "../server/seed/demo";
import { issueTokens } from "../server/services/auth/session-tokens";

/**
 * Cost of the session-version check (server/auth/session-check.ts), alone:
 *   npx tsx bench/session-check.ts            (throwaway PGlite)
 *   DATABASE_URL=postgres://… npx tsx bench/session-check.ts   (PostgreSQL; seeds the demo data there)
 * - miss: one query per (user, family, active tenant) and TTL: N distinct families checked once;
 * - hit: the same token checked again within the TTL (in-process map, no query).
 * Per request that is at most one indexed query every SESSION_CHECK_TTL_SECONDS per session.
 * Measured (2 shared cores, PostgreSQL 15, 1,000 sessions, checks one after another): a miss
 * 0.98 ms (one round trip), a hit 1.5 µs with no query; PGlite under load: a miss ~19 ms.
 */
const N = Number(process.env.BENCH_SESSIONS ?? 500);
const HITS = Number(process.env.BENCH_HITS ?? 200_000);

const dir = process.env.DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), "bench-session-check-"));
const handle = await openAppDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: dir ? path.join(dir, "db") : undefined });
try {
  await seedDemo(handle.db, "bench-Passw0rd!");
  useSessionStore(handle.db);
  const [user] = await handle.db.select().from(users).where(eq(users.email, "learner@acme.test")).limit(1);
  const [m] = await handle.db.select().from(memberships).where(eq(memberships.userId, user!.id)).limit(1);
  const now = new Date();
  const fams: string[] = [];
  for (let i = 0; i < N; i++) {
    const { accessToken } = await issueTokens(handle.db, user!, { id: m!.tenantId, slug: "acme" }, now);
    fams.push(JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString()).fam as string);
  }
  const claims = fams.map((fam) => ({ sub: user!.id, fam, activeTenantId: m!.tenantId }));

  const q0 = sessionCheckStats.queries;
  let t = performance.now();
  for (const c of claims) if (!(await sessionStillValid(c, now))) throw new Error("unexpectedly revoked");
  const missMs = (performance.now() - t) / N;
  const queries = sessionCheckStats.queries - q0;

  t = performance.now();
  for (let i = 0; i < HITS; i++) await sessionStillValid(claims[i % N]!, now);
  const hitUs = ((performance.now() - t) / HITS) * 1000;

  process.stdout.write(
    `${JSON.stringify({ driver: handle.driver, sessions: N, miss: { queries, msPerCheck: +missMs.toFixed(3) }, hit: { checks: HITS, queries: sessionCheckStats.queries - q0 - queries, usPerCheck: +hitUs.toFixed(3) } })}\n`,
  );
} finally {
  await handle.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
