import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { aiCreditLedger, tenants } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { DomainError, notFound } from "../../errors";
import { newId } from "../../lib/ids";
import { countOf, limitPage, maintainedTotal, paginate, totalKeys } from "../platform/pagination";

/**
 * The tenant's AI credits: `tenants.ai_credits` is the balance and every movement is a row of
 * `ai_credit_ledger`, written in the same transaction. A debit is ONE atomic statement,
 * `UPDATE tenants SET ai_credits = ai_credits - n WHERE id = $1 AND ai_credits >= n RETURNING`,
 * so two concurrent operations never spend the same credits and no `SELECT … FOR UPDATE` holds
 * the tenant row (an UPDATE of a non-key column takes FOR NO KEY UPDATE, which does not conflict
 * with the FOR KEY SHARE that inserts of tenant-owned rows take: the source of the deadlocks of
 * issue #22 with course edits).
 *
 * Lock order of the request paths (docs in server/db/transaction.ts): tenant, then course, then
 * the course's children.
 */
export type Movement = { amount: number; operation: string; courseId?: string | null; userId?: string | null };

const insufficientCredits = (operation: string, amount: number, balance: number) =>
  new DomainError("PAYMENT_REQUIRED", `Insufficient AI credits: ${operation} needs ${amount}, balance ${balance}`, { reason: "INSUFFICIENT_CREDITS", params: { operation, amount, balance } });

export async function getBalance(db: DbOrTx, scope: TenantScope): Promise<number> {
  // The tenants table is not tenant-owned: its primary key is the scope's tenant id.
  const [row] = await db.select({ balance: tenants.aiCredits }).from(tenants).where(eq(tenants.id, scope.tenantId)).limit(1);
  if (!row) throw notFound("Tenant");
  return row.balance;
}

/** 402 before any work: a read without lock; `debit` checks again in its atomic update. */
export async function assertCredits(db: DbOrTx, scope: TenantScope, amount: number, operation: string): Promise<number> {
  const balance = await getBalance(db, scope);
  if (balance < amount) throw insufficientCredits(operation, amount, balance);
  return balance;
}

async function writeLedger(tx: DbOrTx, scope: TenantScope, delta: number, m: Movement, balanceAfter: number, now: Date): Promise<void> {
  await tx.insert(aiCreditLedger).values(
    scope.values(aiCreditLedger, {
      id: newId("aic"),
      delta,
      balanceAfter,
      operation: m.operation,
      courseId: m.courseId ?? null,
      userId: m.userId ?? null,
      createdAt: now,
    }),
  );
}

/**
 * Spend `amount` credits inside the caller's transaction: 402 (and nothing written) when the
 * balance is short. A zero amount writes nothing. Returns the balance after.
 */
export async function debit(tx: DbOrTx, scope: TenantScope, m: Movement, now: Date): Promise<number> {
  if (!Number.isInteger(m.amount) || m.amount < 0) throw new Error(`invalid debit amount ${m.amount}`);
  if (m.amount === 0) return getBalance(tx, scope);
  const [row] = await tx
    .update(tenants)
    .set({ aiCredits: sql`${tenants.aiCredits} - ${m.amount}`, updatedAt: now })
    .where(and(eq(tenants.id, scope.tenantId), gte(tenants.aiCredits, m.amount)))
    .returning({ balance: tenants.aiCredits });
  if (!row) throw insufficientCredits(m.operation, m.amount, await getBalance(tx, scope));
  await writeLedger(tx, scope, -m.amount, m, row.balance, now);
  return row.balance;
}

/** Add credits (grants, refunds of work that could not be done). Returns the balance after. */
export async function credit(tx: DbOrTx, scope: TenantScope, m: Movement, now: Date): Promise<number> {
  if (!Number.isInteger(m.amount) || m.amount < 0) throw new Error(`invalid credit amount ${m.amount}`);
  if (m.amount === 0) return getBalance(tx, scope);
  const [row] = await tx
    .update(tenants)
    .set({ aiCredits: sql`${tenants.aiCredits} + ${m.amount}`, updatedAt: now })
    .where(eq(tenants.id, scope.tenantId))
    .returning({ balance: tenants.aiCredits });
  if (!row) throw notFound("Tenant");
  await writeLedger(tx, scope, m.amount, m, row.balance, now);
  return row.balance;
}

/** The tenant's recent movements, newest first. */
export async function listLedger(db: DbOrTx, scope: TenantScope, q: { page: number; limit: number; courseId?: string }) {
  const where = scope.where(aiCreditLedger, q.courseId ? eq(aiCreditLedger.courseId, q.courseId) : undefined);
  // Walks ai_credit_ledger_tenant_idx (tenant, created_at, id) in order.
  return paginate(limitPage(q), {
    rows: (limit, offset) =>
      db
        .select()
        .from(aiCreditLedger)
        .where(where)
        .orderBy(desc(aiCreditLedger.createdAt), desc(aiCreditLedger.id))
        .limit(limit)
        .offset(offset),
    total: () => (q.courseId ? countOf(db.select({ n: count() }).from(aiCreditLedger).where(where)) : maintainedTotal(db, scope, totalKeys("ai_credit_ledger"))),
    map: (rows) =>
      rows.map((r) => ({
        id: r.id,
        delta: r.delta,
        balanceAfter: r.balanceAfter,
        operation: r.operation,
        courseId: r.courseId,
        userId: r.userId,
        createdAt: r.createdAt.toISOString(),
      })),
  });
}
