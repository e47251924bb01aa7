import { eq, sql, type Placeholder } from "drizzle-orm";
import { counters } from "../../db/schema";
import type { DbOrTx } from "../../db";

export type CounterState = { count: number; resetAt: Date };

/**
 * Fixed-window counter in the database (shared by every app instance). One atomic upsert:
 * the window restarts when it has passed, so concurrent hits can never exceed the limit.
 */
export async function hitCounter(db: DbOrTx, key: string, windowSeconds: number, now: Date): Promise<CounterState> {
  const [row] = await counterHit(db, counterParams(key, windowSeconds, now));
  if (!row) throw new Error("counter upsert returned nothing");
  return { count: Number(row.count), resetAt: new Date(row.resetAt) };
}

/** The counter's parameters: values, or the placeholders of a prepared statement (http/rate-limit.ts). Times are ISO strings. */
export type CounterParams = {
  key: string | Placeholder;
  now: string | Placeholder;
  resetAt: string | Placeholder;
  /** How many hits this upsert counts (the request gate counts a batch of requests at once); 1 when absent. */
  by?: number | Placeholder;
};

export function counterParams(key: string, windowSeconds: number, now: Date): { key: string; now: string; resetAt: string } {
  return { key, now: now.toISOString(), resetAt: new Date(now.getTime() + windowSeconds * 1000).toISOString() };
}

/** The upsert of hitCounter, returning {count, resetAt}: also usable as a CTE, and preparable (http/rate-limit.ts). */
export function counterHit(db: DbOrTx, p: CounterParams) {
  const nowSql = sql`${p.now}::timestamptz`;
  const resetSql = sql`${p.resetAt}::timestamptz`;
  const by = p.by === undefined ? sql`1` : sql`${p.by}::int`;
  return db
    .insert(counters)
    .values({ key: p.key, count: by, resetAt: resetSql })
    .onConflictDoUpdate({
      target: counters.key,
      set: {
        count: sql`case when ${counters.resetAt} <= ${nowSql} then ${by} else ${counters.count} + ${by} end`,
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
