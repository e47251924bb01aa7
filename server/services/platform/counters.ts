import { eq, sql } from "drizzle-orm";
import { counters } from "../../db/schema";
import type { DbOrTx } from "../../db";

export type CounterState = { count: number; resetAt: Date };

/**
 * Fixed-window counter in the database (shared by every app instance). One atomic upsert:
 * the window restarts when it has passed, so concurrent hits can never exceed the limit.
 */
export async function hitCounter(db: DbOrTx, key: string, windowSeconds: number, now: Date): Promise<CounterState> {
  const [row] = await counterHit(db, key, windowSeconds, now);
  if (!row) throw new Error("counter upsert returned nothing");
  return { count: Number(row.count), resetAt: new Date(row.resetAt) };
}

/** The upsert of hitCounter, returning {count, resetAt}: also usable as a CTE (http/rate-limit.ts). */
export function counterHit(db: DbOrTx, key: string, windowSeconds: number, now: Date) {
  const resetAt = new Date(now.getTime() + windowSeconds * 1000);
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const resetSql = sql`${resetAt.toISOString()}::timestamptz`;
  return db
    .insert(counters)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: counters.key,
      set: {
        count: sql`case when ${counters.resetAt} <= ${nowSql} then 1 else ${counters.count} + 1 end`,
        resetAt: sql`case when ${counters.resetAt} <= ${nowSql} then ${resetSql} else ${counters.resetAt} end`,
      },
    })
    .returning({ count: counters.count, resetAt: counters.resetAt });
}

/** Current value without counting (expired windows read as zero). */
export async function peekCounter(db: DbOrTx, key: string, now: Date): Promise<CounterState | null> {
  const [row] = await db.select().from(counters).where(eq(counters.key, key)).limit(1);
  if (!row || row.resetAt <= now) return null;
  return { count: row.count, resetAt: row.resetAt };
}

export async function clearCounter(db: DbOrTx, key: string): Promise<void> {
  await db.delete(counters).where(eq(counters.key, key));
}
