import { and, eq, isNull, lt } from "drizzle-orm";
import { events } from "../../db/schema";
import { clock } from "../../lib/clock";
import { defineJob } from "../../jobs/define";
import { enqueue } from "../../jobs/queue";

/**
 * The outbox relay. `event.dispatch` {eventId} fans an event out to its deliveries and marks it
 * dispatched; `events.sweep` (every minute) queues a dispatch for any event still undispatched
 * after a minute (events written before the relay existed, or a lost job).
 */
export const eventJobs = [
  defineJob<{ eventId: string }>("event.dispatch", {
    retryLimit: 10,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
    handler: async ({ eventId }, { db }) => {
      await db.update(events).set({ dispatchedAt: clock.now() }).where(and(eq(events.id, eventId), isNull(events.dispatchedAt)));
    },
  }),
  defineJob<Record<string, never>>("events.sweep", {
    cron: "* * * * *",
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    handler: async (_data, { db }) => {
      const before = new Date(clock.now().getTime() - 60_000);
      const stale = await db.select({ id: events.id }).from(events).where(and(isNull(events.dispatchedAt), lt(events.createdAt, before))).orderBy(events.createdAt).limit(500);
      for (const e of stale) await enqueue(db, "event.dispatch", { eventId: e.id }, { singletonKey: e.id });
    },
  }),
];
