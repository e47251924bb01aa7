import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { events, webhookDeliveries, webhooks } from "../../db/schema";
import { forTenant } from "../../db/tenant-scope";
import { newId } from "../../lib/ids";
import { enqueueWebhookJob } from "./jobs";

/**
 * Fan-out of one event (job `event.dispatch` {eventId}, enqueued by emitEvent in the event's
 * transaction). In ONE transaction: the tenant's active webhooks subscribed to the event get a
 * PENDING delivery each (unique per webhook and event: a repeated job inserts nothing new), a
 * `webhook.deliver` job per new delivery, and the event is marked dispatched. Idempotent: an
 * event already dispatched, or unknown, does nothing. Returns the number of new deliveries.
 */
export async function dispatchEvent(db: Db, eventId: string, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).limit(1).for("update");
    if (!event || event.dispatchedAt) return 0;
    const scope = forTenant(event.tenantId);
    const targets = await tx
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(scope.where(webhooks, eq(webhooks.active, true), sql`${webhooks.events} @> array[${event.event}]::text[]`));
    let created: { id: string }[] = [];
    if (targets.length) {
      created = await tx
        .insert(webhookDeliveries)
        .values(scope.valuesMany(webhookDeliveries, targets.map((w) => ({ id: newId("dlv"), webhookId: w.id, eventId: event.id, event: event.event, nextAttemptAt: now, createdAt: now, updatedAt: now }))))
        .onConflictDoNothing()
        .returning({ id: webhookDeliveries.id });
      for (const d of created) await enqueueWebhookJob(tx, { name: "webhook.deliver", data: { deliveryId: d.id, attempt: 1 } });
    }
    await tx.update(events).set({ dispatchedAt: now }).where(eq(events.id, event.id));
    return created.length;
  });
}

/** Events older than this and still undispatched are re-enqueued by the sweeper. */
export const SWEEP_AFTER_SECONDS = 60;

/**
 * The sweeper (schedule every minute): an `event.dispatch` job for each event still undispatched
 * one minute after its creation (its job lost, or enqueued before the worker existed). Walks
 * events_pending_idx (dispatched_at, created_at). Returns the number of jobs enqueued.
 */
export async function sweepUndispatched(db: Db, now: Date = new Date(), batch = 500): Promise<number> {
  const cutoff = new Date(now.getTime() - SWEEP_AFTER_SECONDS * 1000);
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(isNull(events.dispatchedAt), lt(events.createdAt, cutoff)))
    .orderBy(asc(events.createdAt))
    .limit(batch);
  for (const r of rows) await enqueueWebhookJob(db, { name: "event.dispatch", data: { eventId: r.id } });
  return rows.length;
}
