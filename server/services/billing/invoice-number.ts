import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { invoiceCounters } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";

export type InvoiceNumber = { number: string; year: number; seq: number };

/** `{PREFIX}-{YYYY}-{000001}`: at most 10 + 1 + 4 + 1 + 6 (or more past a million) = 22 characters of BR-FR-01's set. */
const formatInvoiceNumber = (prefix: string, year: number, seq: number) => `${prefix}-${year}-${String(seq).padStart(6, "0")}`;

/**
 * Takes the next number of the tenant's series for `year`, under the counter row's lock
 * (SELECT ... FOR UPDATE, held until the issuing transaction ends). A rolled-back issue gives
 * its number back with the rollback, so the series stays gapless; concurrent issues queue on
 * the row, so it stays duplicate-free and chronological (the caller reads the clock after this).
 */
export async function takeInvoiceNumber(tx: DbOrTx, scope: TenantScope, prefix: string, year: number): Promise<InvoiceNumber> {
  await tx.insert(invoiceCounters).values(scope.values(invoiceCounters, { year, lastNumber: 0 })).onConflictDoNothing();
  const [row] = await tx
    .update(invoiceCounters)
    .set({ lastNumber: sql`${invoiceCounters.lastNumber} + 1` })
    .where(scope.where(invoiceCounters, and(eq(invoiceCounters.year, year))))
    .returning({ seq: invoiceCounters.lastNumber });
  const seq = row!.seq;
  return { number: formatInvoiceNumber(prefix, year, seq), year, seq };
}
