import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../server/db";
import { events, mailOutbox } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { resetEnvCache } from "../../server/env";
import { enqueue } from "../../server/jobs/queue";
import { startWorker } from "../../server/jobs/worker";
import { sendMail } from "../../server/services/mail";
import { setMailTransport } from "../../server/services/mail/chain";
import type { MailMessage, MailTransport } from "../../server/services/mail/transport";
import { emitEvent } from "../../server/services/platform/events";
import { freshDatabase } from "../helpers/db";
import { drainJobs, queuedJobs } from "../helpers/jobs";
import { createTenant } from "../factories";

/**
 * The job worker on the real database (PGlite here, PostgreSQL with DATABASE_URL): jobs exist
 * exactly when the transaction that queued them commits; drainJobs and the background worker run
 * them; a failing job is retried, then given up; a job whose worker died is run again.
 */
let h: DbHandle;
let tenantId: string;
const sent: MailMessage[] = [];
let failing = false;
const fake: MailTransport = {
  name: "outbox",
  async send(msg) {
    if (failing) throw new Error("provider down (test)");
    sent.push(msg);
    return { messageId: `fake-${sent.length}` };
  },
};

beforeAll(async () => {
  h = await freshDatabase();
  tenantId = (await createTenant(h.db, { slug: "jobs", name: "Jobs" })).id;
  setMailTransport(fake);
});
afterAll(async () => {
  setMailTransport(null);
  await h.close();
});
afterEach(async () => {
  failing = false;
  sent.length = 0;
  await drainJobs(h.db, { runDelayed: true });
});

const mail = (to: string) => ({ scope: forTenant(tenantId), to, template: "password-reset" as const, locale: "fr", vars: { firstName: "Ana", link: "https://x.test/r" } });
/** A user.created payload (typed by its schema, server/contracts/events.ts). */
const userCreated = (userId: string) => ({ userId, email: `${userId}@x.test`, firstName: "X", lastName: "Y", role: "LEARNER" as const, status: "ACTIVE" as const });
const statusOf = async (id: string) => (await h.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe("enqueue", () => {
  it("a job queued in a transaction that rolls back does not exist; one that commits does", async () => {
    const before = await queuedJobs(h.db, "event.dispatch");
    await expect(
      h.db.transaction(async (tx) => {
        await emitEvent(tx, forTenant(tenantId), "user.created", userCreated("usr_x"));
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await queuedJobs(h.db, "event.dispatch")).toBe(before);
    const eventId = await h.db.transaction((tx) => emitEvent(tx, forTenant(tenantId), "user.created", userCreated("usr_y")));
    expect(await queuedJobs(h.db, "event.dispatch")).toBe(before + 1);
    await drainJobs(h.db);
    const [event] = await h.db.select().from(events).where(eq(events.id, eventId));
    expect(event!.dispatchedAt).toBeInstanceOf(Date);
  });

  it("startAfter delays a job: drainJobs leaves it, runDelayed runs it", async () => {
    await enqueue(h.db, "event.dispatch", { eventId: "evt_missing" }, { startAfter: 3600 });
    expect(await drainJobs(h.db)).toBe(0);
    expect(await drainJobs(h.db, { runDelayed: true })).toBe(1);
  });
});

describe("mail.send", () => {
  it("sendMail records the mail QUEUED; the job sends it once and records the transport", async () => {
    const id = await sendMail(h.db, mail("ana@example.test"));
    expect((await statusOf(id)).status).toBe("QUEUED");
    expect(sent).toHaveLength(0);
    expect(await drainJobs(h.db)).toBe(1);
    const row = await statusOf(id);
    expect(row).toMatchObject({ status: "SENT", transport: "outbox", providerMessageId: "fake-1", attempts: 1, lastError: null });
    expect(sent.map((m) => m.to)).toEqual(["ana@example.test"]);
    expect(sent[0]!.subject).toBe("Réinitialisation de votre mot de passe");
    // A second run of the same job (at-least-once) does not send again.
    await enqueue(h.db, "mail.send", { mailId: id });
    await drainJobs(h.db);
    expect(sent).toHaveLength(1);
  });

  it("a dedupe key gives one mail whatever the number of calls", async () => {
    const a = await sendMail(h.db, { ...mail("bo@example.test"), dedupeKey: "test:bo" });
    const b = await sendMail(h.db, { ...mail("bo@example.test"), dedupeKey: "test:bo" });
    expect(b).toBe(a);
    await drainJobs(h.db);
    expect(sent).toHaveLength(1);
  });

  it("a failing provider is retried, then the mail is FAILED with the provider's error", async () => {
    failing = true;
    const id = await sendMail(h.db, mail("cy@example.test"));
    expect(await drainJobs(h.db)).toBe(1);
    expect(await statusOf(id)).toMatchObject({ status: "QUEUED", attempts: 1, lastError: "Error: provider down (test)" });
    expect(await queuedJobs(h.db, "mail.send")).toBe(1); // waiting for its retry
    await drainJobs(h.db, { runDelayed: true });
    expect(await statusOf(id)).toMatchObject({ status: "FAILED", attempts: 6 });
    expect(await queuedJobs(h.db, "mail.send")).toBe(0);
  });

  it("a mail queued in a transaction that rolls back is neither recorded nor sent", async () => {
    await expect(
      h.db.transaction(async (tx) => {
        await sendMail(tx, mail("dee@example.test"));
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await h.db.select().from(mailOutbox).where(eq(mailOutbox.to, "dee@example.test"))).toEqual([]);
    expect(await drainJobs(h.db)).toBe(0);
  });
});

describe("the background worker", () => {
  async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it("sends a queued mail without anyone draining", async () => {
    const worker = await startWorker(h.db, { pollingIntervalSeconds: 0.5 });
    try {
      const id = await sendMail(h.db, mail("eve@example.test"));
      await until(async () => (await statusOf(id)).status === "SENT");
      expect(sent.map((m) => m.to)).toEqual(["eve@example.test"]);
    } finally {
      await worker.stop();
    }
  });

  it("a backlog drains at the speed of its jobs, not one job per polling interval", async () => {
    // A minute's polling interval: a worker that waited it out after each job would send one mail
    // per minute per worker. One that found work asks again at once, so all of them go out now.
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5, 6]) ids.push(await sendMail(h.db, mail(`backlog${n}@example.test`)));
    const worker = await startWorker(h.db, { pollingIntervalSeconds: 60 });
    try {
      await until(async () => (await Promise.all(ids.map(statusOf))).every((m) => m.status === "SENT"));
      expect(sent.map((m) => m.to).sort()).toEqual(ids.map((_, i) => `backlog${i + 1}@example.test`));
    } finally {
      await worker.stop();
    }
  });

  it("a job whose worker died (active past its expiry) is run again", async () => {
    const id = await sendMail(h.db, mail("fay@example.test"));
    // A worker takes the job and dies: the job stays active, started long ago, with a 1 s expiry.
    await h.db.execute(sql`update pgboss.job set state = 'active', started_on = now() - interval '1 hour', expire_in = interval '1 second' where name = 'mail.send' and state = 'created'`);
    process.env.JOB_MAINTENANCE_INTERVAL_SECONDS = "1";
    resetEnvCache();
    const worker = await startWorker(h.db, { pollingIntervalSeconds: 0.5 });
    try {
      // Supervision fails the expired job into retry; its retry runs after the queue's delay, so move it up.
      await until(async () => {
        await h.db.execute(sql`update pgboss.job set start_after = now() where name = 'mail.send' and state = 'retry'`);
        return (await statusOf(id)).status === "SENT";
      }, 30_000);
      expect(sent.map((m) => m.to)).toEqual(["fay@example.test"]);
    } finally {
      await worker.stop();
      delete process.env.JOB_MAINTENANCE_INTERVAL_SECONDS;
      resetEnvCache();
    }
  });
});
