import { events } from "../../db/schema";
import type { DbOrTx } from "../../db";
import type { TenantScope } from "../../db/tenant-scope";
import { newId } from "../../lib/ids";

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
 * `caller.scope`, or the scope it works in). Delivery is the webhook worker's job.
 */
export async function emitEvent(tx: DbOrTx, scope: TenantScope, event: EventName, data: Record<string, unknown>): Promise<string> {
  const id = newId("evt");
  await tx.insert(events).values(scope.values(events, { id, event, data }));
  return id;
}
