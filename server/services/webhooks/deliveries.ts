import { webhookFailureCause } from "../../lib/technical-causes";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import type { TDelivery, TDeliveryAttempt } from "../../contracts/webhooks";
import type { Db, DbOrTx } from "../../db";
import { webhookDeliveries, webhookDeliveryAttempts } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { writeAudit } from "../platform/audit";
import { countOf, limitPage, paginate } from "../platform/pagination";
import { enqueueWebhookJob } from "./jobs";
import { loadWebhook } from "./webhooks";

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

const toAttempt = (a: AttemptRow): TDeliveryAttempt => ({
  attempt: a.attempt,
  startedAt: a.startedAt.toISOString(),
  statusCode: a.statusCode,
  durationMs: a.durationMs,
  responseExcerpt: a.responseExcerpt,
  error: a.error,
  cause: webhookFailureCause(a),
});

function toDelivery(d: DeliveryRow, attempts: AttemptRow[]): TDelivery {
  return {
    id: d.id,
    webhookId: d.webhookId,
    eventId: d.eventId,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === "PENDING" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    lastStatusCode: d.lastStatusCode,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    attemptLog: attempts.map(toAttempt),
  };
}

async function withAttempts(db: DbOrTx, caller: Caller, rows: DeliveryRow[]): Promise<TDelivery[]> {
  if (!rows.length) return [];
  const attempts = await db
    .select()
    .from(webhookDeliveryAttempts)
    .where(caller.scope.where(webhookDeliveryAttempts, inArray(webhookDeliveryAttempts.deliveryId, rows.map((r) => r.id))))
    .orderBy(asc(webhookDeliveryAttempts.deliveryId), asc(webhookDeliveryAttempts.attempt));
  const byDelivery = new Map<string, AttemptRow[]>();
  for (const a of attempts) byDelivery.set(a.deliveryId, [...(byDelivery.get(a.deliveryId) ?? []), a]);
  return rows.map((r) => toDelivery(r, byDelivery.get(r.id) ?? []));
}

/** GET /webhooks/{id}/deliveries: newest first, each with its attempts (walks webhook_deliveries_webhook_created_idx). */
export async function listDeliveries(db: Db, caller: Caller, q: { id: string; page: number; limit: number }) {
  await loadWebhook(db, caller, q.id);
  const where = caller.scope.where(webhookDeliveries, eq(webhookDeliveries.webhookId, q.id));
  return paginate(limitPage(q), {
    rows: (limit, offset) => db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(limit).offset(offset),
    total: () => countOf(db.select({ n: count() }).from(webhookDeliveries).where(where)),
    map: (rows) => withAttempts(db, caller, rows),
  });
}

/**
 * POST /webhooks/{id}/deliveries/{deliveryId}/redeliver: a new series of attempts (one attempt
 * and the retries of WEBHOOK_RETRY_DELAYS_SECONDS) for a SUCCEEDED or FAILED delivery, with the
 * same payload bytes and event id. 409 while the delivery is PENDING or the webhook inactive.
 */
export async function redeliver(db: Db, caller: Caller, webhookId: string, deliveryId: string, now: Date): Promise<TDelivery> {
  return db.transaction(async (tx) => {
    const hook = await loadWebhook(tx, caller, webhookId);
    const [current] = await tx
      .select()
      .from(webhookDeliveries)
      .where(caller.scope.where(webhookDeliveries, and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId))))
      .limit(1)
      .for("update");
    if (!current) throw notFound("Webhook delivery");
    if (!hook.active) throw conflict("The webhook is inactive; activate it first", "WEBHOOK_INACTIVE");
    if (current.status === "PENDING") throw conflict("The delivery is still being attempted", "WEBHOOK_DELIVERY_IN_PROGRESS");
    const attempt = current.attempts + 1;
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "PENDING", seriesFirstAttempt: attempt, nextAttemptAt: now, updatedAt: now })
      .where(caller.scope.where(webhookDeliveries, eq(webhookDeliveries.id, deliveryId)))
      .returning();
    if (!row) throw notFound("Webhook delivery");
    await enqueueWebhookJob(tx, { name: "webhook.deliver", data: { deliveryId, attempt } });
    await writeAudit(tx, caller, { action: "webhook.redelivered", targetType: "webhook", targetId: webhookId, metadata: { deliveryId, eventId: row.eventId } });
    return (await withAttempts(tx, caller, [row]))[0]!;
  });
}
