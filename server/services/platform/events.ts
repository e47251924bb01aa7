import { events } from "../../db/schema";
import type { DbOrTx } from "../../db";
import type { TenantScope } from "../../db/tenant-scope";
import { newId } from "../../lib/ids";
import { enqueue } from "../../jobs/queue";

/** The 14 event names of the spec. */
export const EVENT_NAMES = [
  "enrollment.created",
  "enrollment.completed",
  "enrollment.suspended",
  "enrollment.revoked",
  "payment.completed",
  "payment.refunded",
  "payment.failed",
  "course.published",
  "course.archived",
  "session.started",
  "session.ended",
  "emargement.signed",
  "certificate.generated",
  "user.created",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/**
 * The one event writer: inserts into the outbox inside the caller's transaction, so an event
 * exists exactly when its change is committed. The tenant is the scope's (a service passes
 * `caller.scope`, or the scope it works in). Its `event.dispatch` job is queued in the same
 * transaction, so a committed event is always dispatched (services/platform/event-jobs.ts).
 */
export async function emitEvent(tx: DbOrTx, scope: TenantScope, event: EventName, data: Record<string, unknown>): Promise<string> {
  const id = newId("evt");
  await tx.insert(events).values(scope.values(events, { id, event, data }));
  await enqueue(tx, "event.dispatch", { eventId: id });
  return id;
}
