import { eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { events, webhookDeliveries, webhooks } from "../../db/schema";
import { forTenant } from "../../db/tenant-scope";
import { clock } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { enqueueWebhookJob } from "./jobs";

/**
 * Fan-out of one event (job `event.dispatch` {eventId}, enqueued by emitEvent in the event's
 * transaction). In ONE transaction: the tenant's active webhooks subscribed to the event get a
 * PENDING delivery each — only those that existed when the event happened (webhook createdAt ≤
 * event createdAt): a webhook registered now never receives the seed's events or those that waited
 * while the worker was down. The event types are the webhook's current ones (a PATCH of `events`
 * applies to events not yet dispatched; a webhook's types are not versioned). Deliveries are
 * unique per webhook and event (a repeated job inserts nothing new); a `webhook.deliver` job per new delivery, and the event is marked dispatched. Idempotent: an
 * event already dispatched, or unknown, does nothing. Returns the number of new deliveries.
 */
export async function dispatchEvent(db: Db, eventId: string, now: Date = clock.now()): Promise<number> {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).limit(1).for("update");
    if (!event || event.dispatchedAt) return 0;
    const scope = forTenant(event.tenantId);
    const targets = await tx
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(
        scope.where(webhooks, eq(webhooks.active, true), sql`${webhooks.events} @> array[${event.event}]::text[]`, lte(webhooks.createdAt, event.createdAt)),
      );
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
