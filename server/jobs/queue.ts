import type { DbOrTx } from "../db";
import { senderBoss } from "./boss";
import type { JobName } from "./names";
import { sqlExecutor } from "./sql-adapter";

export type JobOptions = {
  /** A date, or seconds from now. */
  startAfter?: Date | number;
  /** At most one queued job per key in its queue (pg-boss singleton). */
  singletonKey?: string;
};

/**
 * Enqueues a job on the given database or transaction: passed a transaction, the job exists
 * exactly when the transaction commits (an event and its dispatch, a mail and its change).
 */
export async function enqueue(db: DbOrTx, name: JobName, data: Record<string, unknown>, opts: JobOptions = {}): Promise<string | null> {
  const startAfter = opts.startAfter instanceof Date ? opts.startAfter.toISOString() : opts.startAfter;
  return senderBoss().send(name, data, {
    db: sqlExecutor(db),
    ...(startAfter !== undefined ? { startAfter } : {}),
    ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
  });
}
