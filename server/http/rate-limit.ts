import type { ServerResponse } from "node:http";
import type { Db } from "../db";
import { env } from "../env";
import { hitCounter } from "../services/platform/counters";

export type RateDecision = { allowed: boolean; retryAfterSeconds: number };

/**
 * Database-backed fixed window (conventions §6): RATE_LIMIT_PER_HOUR requests per caller
 * (the user when identified, else the client address). Headers go on every response.
 */
export async function applyRateLimit(db: Db, subject: string, res: ServerResponse, now: Date): Promise<RateDecision> {
  const e = env();
  const { count, resetAt } = await hitCounter(db, `rate:${subject}`, e.RATE_LIMIT_WINDOW_SECONDS, now);
  const resetSeconds = Math.max(0, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  res.setHeader("RateLimit-Limit", String(e.RATE_LIMIT_PER_HOUR));
  res.setHeader("RateLimit-Remaining", String(Math.max(0, e.RATE_LIMIT_PER_HOUR - count)));
  res.setHeader("RateLimit-Reset", String(resetSeconds));
  if (count > e.RATE_LIMIT_PER_HOUR) {
    res.setHeader("Retry-After", String(Math.max(1, resetSeconds)));
    return { allowed: false, retryAfterSeconds: resetSeconds };
  }
  return { allowed: true, retryAfterSeconds: 0 };
}
