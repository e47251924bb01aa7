import { DomainError } from "../errors";
import type { Db } from "./client";

/**
 * The ONE retry of conflicting transactions. `openDatabase` wraps the handle's `db.transaction`
 * with `withTransactionRetry`, so every service that opens a transaction (`db.transaction(...)`)
 * gets it; nested `tx.transaction` (savepoints) are not retried on their own, the outer
 * transaction is.
 *
 * A serialization failure (SQLSTATE 40001) or a deadlock (40P01) rolls the whole transaction back;
 * its callback is run again up to TRANSACTION_ATTEMPTS times in all, after a short random wait
 * (jitter, growing with the attempt). When it still conflicts, the request answers 503
 * TRANSACTION_CONFLICT with Retry-After, never 500. PGlite is single-connection and never raises
 * these codes: there the wrapper costs nothing.
 *
 * Lock order of the request paths, to keep deadlocks rare in the first place: the tenant row
 * (only through atomic `UPDATE tenants … RETURNING`, e.g. AI credits in services/ai/credits.ts),
 * then the course (`getOwnedCourse(…, { forUpdate: true })`), then the course's children
 * (modules, lessons, questionnaires, questions).
 */
export const TRANSACTION_ATTEMPTS = 3;
const TRANSACTION_RETRY_AFTER_SECONDS = 1;
const RETRYABLE = new Set(["40001", "40P01"]);

function isRetryableConflict(e: unknown): boolean {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === "object"; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string" && RETRYABLE.has(code)) return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

const transactionConflict = () =>
  new DomainError("UNAVAILABLE", "Concurrent requests on the same data kept conflicting: retry in a moment", {
    reason: "TRANSACTION_CONFLICT",
    retryAfterSeconds: TRANSACTION_RETRY_AFTER_SECONDS,
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` until it does not fail with 40001/40P01, at most `attempts` times; then 503. */
export async function retryConflicts<T>(attempt: () => Promise<T>, opts: { attempts?: number; baseDelayMs?: number } = {}): Promise<T> {
  const attempts = opts.attempts ?? TRANSACTION_ATTEMPTS;
  const base = opts.baseDelayMs ?? 20;
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (e) {
      if (!isRetryableConflict(e)) throw e;
      if (i >= attempts) throw transactionConflict();
      await sleep(base * i + Math.random() * base * 2 * i);
    }
  }
}

/** Makes `db.transaction` retry conflicts (see above). Returns the same object. */
export function withTransactionRetry<T extends Db>(db: T, opts: { attempts?: number; baseDelayMs?: number } = {}): T {
  const original = db.transaction.bind(db) as Db["transaction"];
  const retrying: Db["transaction"] = (callback, config) => retryConflicts(() => original(callback, config), opts);
  db.transaction = retrying;
  return db;
}
