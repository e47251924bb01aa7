import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { complaintCounters } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";

export type ComplaintReference = { reference: string; year: number; seq: number };

/** `RECL-2026-0042`: four digits at least (more past 9999 in a year). */
const formatComplaintReference = (year: number, seq: number) => `RECL-${year}-${String(seq).padStart(4, "0")}`;

/**
 * The next reference of the tenant's series for `year`, as invoice numbers are taken: the
 * counter row is created if needed, then incremented by an UPDATE whose row lock is held until
 * the creating transaction ends. Concurrent creations queue on the row (no duplicate), and a
 * rolled-back creation gives its number back (no gap).
 */
export async function takeComplaintReference(tx: DbOrTx, scope: TenantScope, year: number): Promise<ComplaintReference> {
  await tx.insert(complaintCounters).values(scope.values(complaintCounters, { year, lastNumber: 0 })).onConflictDoNothing();
  const [row] = await tx
    .update(complaintCounters)
    .set({ lastNumber: sql`${complaintCounters.lastNumber} + 1` })
    .where(scope.where(complaintCounters, eq(complaintCounters.year, year)))
    .returning({ seq: complaintCounters.lastNumber });
  const seq = row!.seq;
  return { reference: formatComplaintReference(year, seq), year, seq };
}
