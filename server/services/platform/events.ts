import { events } from "../../db/schema";
import type { DbOrTx } from "../../db";
import type { TenantScope } from "../../db/tenant-scope";
import { newId } from "../../lib/ids";
import type { EventData, EventName } from "../../contracts/events";
import { enqueue } from "../../jobs/queue";

/** The 14 event names of the spec and their payload schemas (server/contracts/events.ts). */
export { type EventData, type EventName };

/**
 * The one event writer: inserts into the outbox inside the caller's transaction, so an event
 * exists exactly when its change is committed. The tenant is the scope's (a service passes
 * `caller.scope`, or the scope it works in). `data` is typed by the event's schema
 * (contracts/events.ts), so an emitter sends exactly its fields. Its `event.dispatch` job is
 * queued in the same transaction, so a committed event is always dispatched
 * (services/platform/event-jobs.ts).
 */
export async function emitEvent<E extends EventName>(tx: DbOrTx, scope: TenantScope, event: E, data: EventData<E>): Promise<string> {
  const id = newId("evt");
  await tx.insert(events).values(scope.values(events, { id, event, data: data as Record<string, unknown> }));
  await enqueue(tx, "event.dispatch", { eventId: id });
  return id;
}
