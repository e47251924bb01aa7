import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rawRows } from "../../server/db/raw-rows";
import { countJobs } from "../../server/jobs/inspect";
import { PASSWORD } from "../factories";
import { callAt, type Reply } from "../helpers/instances";
import { JOB_EXPIRE_SECONDS, LIMITS, startInstancesWorld, TENANT, WEBHOOK_EVENTS, type InstancesWorld, type Signer } from "../helpers/instances-world";
import { signatureValid } from "../helpers/webhook-receiver";

/**
 * Issue #22 item 6: two app instances and two job workers, separate processes on one PostgreSQL
 * database, driven together (requests alternate between the two instances' ports). What must be
 * exact across them lives in the database: the rate limit, the PIN attempts, the login throttle,
 * the invoice numbers, the webhook deliveries and the job queue. Then `kill -9` rounds: one app
 * and one worker killed in the middle of issuing invoices, signing attendance and delivering
 * webhooks, started again, and at the end nothing lost and nothing duplicated.
 *
 * PostgreSQL only (PGlite is one process); about 2 minutes. KILL_ROUNDS rounds, more with
 * INSTANCES_KILL_ROUNDS=20 for a longer run.
 */
const KILL_ROUNDS = Number(process.env.INSTANCES_KILL_ROUNDS) > 0 ? Number(process.env.INSTANCES_KILL_ROUNDS) : 3;
/** When, after a round's work starts, its app and worker are killed (deterministic: cycled). */
const KILL_AFTER_MS = [300, 700, 1100];
const PHASE_INVOICES = 8;
const PHASE_SIGNERS = 12;
const PHASE_INVITES = 6;
const ROUND_INVOICES = 8;
const ROUND_SIGNERS = 16;
/** The learners of the PIN lock-out tests. */
const PIN_SIGNERS = 2;

// Separate processes on a shared machine: every request crosses a real socket and a real database.
vi.setConfig({ testTimeout: 120_000 });
let w: InstancesWorld;
const signers = { pin: [] as Signer[], phase: [] as Signer[], rounds: [] as Signer[][] };

// Skipped without DATABASE_URL: PGlite is single-process (one data directory, one process).
describe.skipIf(!process.env.DATABASE_URL)("2 app instances + 2 job workers on one PostgreSQL (separate processes; PostgreSQL only)", () => {
  beforeAll(async () => {
    w = await startInstancesWorld({ signers: PIN_SIGNERS + PHASE_SIGNERS + KILL_ROUNDS * ROUND_SIGNERS });
    const all = [...w.signers];
    signers.pin = all.splice(0, PIN_SIGNERS);
    signers.phase = all.splice(0, PHASE_SIGNERS);
    for (let r = 0; r < KILL_ROUNDS; r += 1) signers.rounds.push(all.splice(0, ROUND_SIGNERS));
  }, 300_000);
  afterAll(async () => {
    await w?.close();
  }, 60_000);

  it(`the rate limit: ${LIMITS.RATE_LIMIT_PER_HOUR + 40} requests of one client over both instances, exactly RATE_LIMIT_PER_HOUR (${LIMITS.RATE_LIMIT_PER_HOUR}) pass`, async () => {
    const total = LIMITS.RATE_LIMIT_PER_HOUR + 40;
    // An anonymous client is counted by its address: this one is 127.0.0.5, nobody else's.
    const replies = await inLanes(range(total), 8, (i) => callAt(w.app(i), "GET", `/tenants/${TENANT}`, { from: "127.0.0.5" }));
    const passed = replies.filter((r) => r.status === 200);
    expect(passed.length).toBe(LIMITS.RATE_LIMIT_PER_HOUR);
    expect(replies.filter((r) => r.status === 429).length).toBe(40);
    // Each instance let some through: alone, each would have let up to the whole limit through.
    for (const parity of [0, 1]) expect(replies.filter((r, i) => i % 2 === parity && r.status === 200).length).toBeGreaterThan(0);
    expect(passed.map((r) => Number(r.headers.get("ratelimit-remaining"))).sort((a, b) => a - b)).toEqual(range(LIMITS.RATE_LIMIT_PER_HOUR));
    for (const r of replies.filter((x) => x.status === 429)) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it(`PIN attempts: wrong PINs through both instances lock after exactly PIN_MAX_ATTEMPTS (${LIMITS.PIN_MAX_ATTEMPTS}), one after another and all at once`, async () => {
    const wrong = w.session.pin === "000000" ? "111111" : "000000";
    const sign = (i: number, s: Signer, pin: string) => w.call(i, "POST", "/emargement/sign/pin", { token: s.token, body: { sessionId: w.session.id, pin } });
    const [one, burst] = signers.pin as [Signer, Signer];
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.PIN_MAX_ATTEMPTS + 3; i += 1) statuses.push((await sign(i, one, wrong)).status);
    expect(statuses).toEqual([...Array<number>(LIMITS.PIN_MAX_ATTEMPTS).fill(401), 429, 429, 429]);
    // Locked on every instance, even with the right PIN.
    for (const i of [0, 1]) expect((await sign(i, one, w.session.pin)).status).toBe(429);

    const at = await Promise.all(range(LIMITS.PIN_MAX_ATTEMPTS * 3).map((i) => sign(i, burst, wrong)));
    expect(at.filter((r) => r.status === 401).length).toBe(LIMITS.PIN_MAX_ATTEMPTS);
    expect(at.filter((r) => r.status === 429).length).toBe(LIMITS.PIN_MAX_ATTEMPTS * 2);
    const [row] = await rawRows<{ attempts: number }>(w.db, sql`select attempts from pin_attempts where session_id = ${w.session.id} and user_id = ${burst.userId}`);
    expect(row?.attempts).toBe(LIMITS.PIN_MAX_ATTEMPTS * 3);
  });

  it(`the login throttle: per account (${LIMITS.LOGIN_MAX_FAILURES}) and per address (${LIMITS.LOGIN_MAX_FAILURES_PER_ADDRESS}), exact over both instances`, async () => {
    const login = (i: number, email: string, password: string, from: string) => callAt(w.app(i), "POST", "/auth/login", { tenant: TENANT, from, body: { email, password } });
    // One account from one address, twice the limit at once (under the address's own limit): exactly the limit answered 401, the rest 429.
    const account = `learner3@${TENANT}.test`;
    const burst = await Promise.all(range(LIMITS.LOGIN_MAX_FAILURES * 2).map((i) => login(i, account, "wrong-Passw0rd!", "127.0.0.2")));
    expect(burst.filter((r) => r.status === 401).length).toBe(LIMITS.LOGIN_MAX_FAILURES);
    expect(burst.filter((r) => r.status === 429).length).toBe(LIMITS.LOGIN_MAX_FAILURES);
    for (const i of [0, 1]) expect((await login(i, account, PASSWORD, "127.0.0.2")).status).toBe(429);
    // The lock is this account's from this address: the owner elsewhere, and another account here, sign in.
    expect((await login(1, account, PASSWORD, "127.0.0.3")).status).toBe(200);
    expect((await login(0, `learner2@${TENANT}.test`, PASSWORD, "127.0.0.2")).status).toBe(200);

    // One address, a different e-mail each time (spraying): exactly the per-address limit answered 401.
    const spray = await Promise.all(range(LIMITS.LOGIN_MAX_FAILURES_PER_ADDRESS + 5).map((i) => login(i, `nobody${i}@instances.test`, "wrong-Passw0rd!", "127.0.0.4")));
    expect(spray.filter((r) => r.status === 401).length).toBe(LIMITS.LOGIN_MAX_FAILURES_PER_ADDRESS);
    expect(spray.filter((r) => r.status === 429).length).toBe(5);
    for (const i of [0, 1]) expect((await login(i, `admin@${TENANT}.test`, PASSWORD, "127.0.0.4")).status).toBe(429);
  });

  it(`invoices: ${PHASE_INVOICES} issued at once through both instances get gapless, unique, chronological numbers and one PDF rendering each`, async () => {
    const drafts = await createDrafts(PHASE_INVOICES, "phase");
    const t0 = performance.now();
    const issued = await inLanes(drafts, 4, (id, i) => w.call(i, "POST", `/billing/invoices/${id}/issue`));
    process.stdout.write(`invoices: ${PHASE_INVOICES} issued in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    for (const r of issued) {
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      // The issuing request answers with the signed PDF stored (its fast path).
      expect(r.body.data).toMatchObject({ status: "ISSUED", pdfAvailable: true });
    }
    await expectSeriesGapless();
    await expectRenderedOnce(drafts, { renders: "exactlyOne" });
  });

  it(`webhooks and e-mail: one POST per event and endpoint (HMAC verified), one e-mail per outbox row, with ${PHASE_SIGNERS} signatures and ${PHASE_INVITES} invitations through both instances`, async () => {
    const signed = await inLanes(signers.phase, 4, (s, i) => w.call(i, "POST", "/emargement/sign/pin", { token: s.token, body: { sessionId: w.session.id, pin: w.session.pin } }));
    for (const r of signed) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const invited = await inLanes(range(PHASE_INVITES), 2, (i) => w.call(i, "POST", "/users", { body: { email: `invitee${i}@instances.test`, firstName: "Invitee", lastName: String(i), role: "LEARNER" } }));
    for (const r of invited) expect(r.status, JSON.stringify(r.body)).toBe(201);

    const expected = await subscribedEvents();
    expect(expected.length).toBe(PHASE_SIGNERS + PHASE_INVITES);
    await waitUntil("every event delivered and every e-mail sent", 90_000, async () => expected.every((e) => w.hooks.every((h) => postsOf(h, e.id).length > 0)) && (await mailQueued()) === 0);
    // Delivered jobs are recorded a moment after the POST is answered: no job left at all.
    await waitUntil("no webhook job left", 30_000, async () => (await countJobs(w.db, ["event.dispatch", "webhook.deliver"], "unfinished")) === 0);
    for (const h of w.hooks) {
      expect(h.receiver.received.length).toBe(expected.length);
      for (const e of expected) {
        const posts = postsOf(h, e.id);
        expect(posts.length, `${e.event} ${e.id}`).toBe(1);
        expect(signatureValid(h.secret, posts[0]!.raw, posts[0]!.headers["x-platform-signature"])).toBe(true);
      }
    }
    await expectDeliveriesRecordedOnce(expected.map((e) => e.id));

    const outbox = await rawRows<{ id: string; to: string; status: string; provider_message_id: string | null }>(w.db, sql`select id, "to", status, provider_message_id from mail_outbox`);
    expect(outbox.filter((m) => m.to.startsWith("invitee")).length).toBe(PHASE_INVITES);
    expect(outbox.every((m) => m.status === "SENT")).toBe(true);
    // nodemailer gives every send its own Message-ID: a mail sent twice would arrive twice with two ids.
    expect(w.smtp.received.length).toBe(outbox.length);
    for (const m of outbox) expect(w.smtp.received.filter((r) => r.parsed.messageId === m.provider_message_id).map((r) => r.envelope.to)).toEqual([[m.to]]);
  }, 180_000);

  it(`kill -9 of one app and one worker while invoices are issued, attendance signed and webhooks delivered (${KILL_ROUNDS} rounds): nothing lost, nothing duplicated`, async () => {
    // Whatever a kill cuts expires within JOB_EXPIRE_MAX_SECONDS: no waiting job may carry a longer expiry
    // (the demo's render jobs once did, enqueued before the queues had the cluster's settings).
    const longer = await rawRows<{ name: string; expire_in: string }>(w.db, sql`select name, expire_in::text from pgboss.job where state::text in ('created', 'retry', 'active') and not starts_with(name, '__pgboss') and expire_in > make_interval(secs => ${JOB_EXPIRE_SECONDS})`);
    expect(longer).toEqual([]);
    const report: string[] = [];
    const allDrafts: string[] = [];
    const allSigners: Signer[] = [];
    for (let round = 0; round < KILL_ROUNDS; round += 1) {
      const started = performance.now();
      const drafts = await createDrafts(ROUND_INVOICES, `round ${round}`);
      allDrafts.push(...drafts);
      allSigners.push(...signers.rounds[round]!);
      const app = w.cluster.apps[round % 2]!;
      const worker = w.cluster.workers[round % 2]!;
      const work = new Work();
      const issuing = inLanes(drafts, 2, (id, i) => work.untilAnswered(i, (base) => callAt(base, "POST", `/billing/invoices/${id}/issue`, { tenant: TENANT, token: w.adminToken }), [200], [409]));
      const signing = inLanes(signers.rounds[round]!, 2, (s, i) =>
        work.untilAnswered(i, (base) => callAt(base, "POST", "/emargement/sign/pin", { tenant: TENANT, token: s.token, body: { sessionId: w.session.id, pin: w.session.pin } }), [201], [422]),
      );
      await sleep(KILL_AFTER_MS[round % KILL_AFTER_MS.length]!);
      const inFlight = work.inFlight(app.url!);
      const delivering = w.hooks.reduce((n, h) => n + h.receiver.received.length, 0);
      await Promise.all([w.cluster.kill(app), w.cluster.kill(worker)]);
      const restarted = Promise.all([w.cluster.start(app), w.cluster.start(worker)]);
      await Promise.all([issuing, signing, restarted]);
      report.push(`round ${round}: killed ${app.name} with ${inFlight} request(s) in flight and ${worker.name} (${delivering} POSTs received so far); ${work.cut} request(s) cut, retried on the other instance; ${((performance.now() - started) / 1000).toFixed(1)} s`);
      expect(work.serverErrors, work.serverErrorBodies.join("\n")).toBe(0);
    }
    process.stdout.write(`${report.join("\n")}\n`);

    // Whatever was cut, the system finishes it: PDFs by the render job, deliveries by the retried jobs.
    const records = () => rawRows<{ id: string; user_id: string }>(w.db, sql`select id, user_id from emargements where session_id = ${w.session.id} and user_id in ${allSigners.map((s) => s.userId)}`);
    const t0 = performance.now();
    await waitUntil(
      "every PDF rendered, every event delivered, no job left",
      180_000,
      async () => {
        const pending = await rawRows<{ n: number }>(w.db, sql`select count(*)::int as n from invoices where id in ${allDrafts} and (status <> 'ISSUED' or pdf_status <> 'READY')`);
        if (pending[0]!.n > 0) return false;
        const events = await subscribedEvents();
        if (!events.every((e) => w.hooks.every((h) => postsOf(h, e.id).length > 0))) return false;
        return (await countJobs(w.db, ["event.dispatch", "webhook.deliver", "invoice.render"], "unfinished")) === 0;
      },
      () => whatIsLeft(allDrafts),
    );

    process.stdout.write(`kill rounds: the system finished the cut work ${((performance.now() - t0) / 1000).toFixed(1)} s after the last round\n`);

    // Invoices: every one issued once, numbered without gap, its PDF rendered and sealed once.
    await expectSeriesGapless();
    await expectRenderedOnce(allDrafts, { renders: "sealedOnce" });

    // Signatures: one record per learner, the tenant's chain intact.
    const recs = await records();
    expect(recs.length).toBe(allSigners.length);
    expect(new Set(recs.map((r) => r.user_id)).size).toBe(allSigners.length);
    const verify = await w.call(0, "GET", `/qualiopi/emargement/${w.session.id}/verify`);
    expect(verify.status).toBe(200);
    expect(verify.body.data).toMatchObject({ valid: true, brokenAt: null });

    // Events: one per record, each delivered to each endpoint; a repeat (a worker killed between
    // the POST and its record, spec: "delivery may repeat") carries the same delivery id and bytes.
    const events = await subscribedEvents();
    const signedEvents = events.filter((e) => e.event === "emargement.signed" && recs.some((r) => r.id === e.emargementId));
    expect(signedEvents.length).toBe(recs.length);
    expect(new Set(signedEvents.map((e) => e.emargementId)).size).toBe(recs.length);
    let repeats = 0;
    for (const h of w.hooks) {
      for (const e of events) {
        const posts = postsOf(h, e.id);
        expect(posts.length, `${e.event} ${e.id}`).toBeGreaterThan(0);
        expect(new Set(posts.map((p) => p.headers["x-platform-delivery"])).size).toBe(1);
        expect(new Set(posts.map((p) => p.raw.toString("base64"))).size).toBe(1);
        for (const p of posts) expect(signatureValid(h.secret, p.raw, p.headers["x-platform-signature"])).toBe(true);
        repeats += posts.length - 1;
      }
    }
    await expectDeliveriesRecordedOnce(events.map((e) => e.id));
    process.stdout.write(`kill rounds: ${allDrafts.length} invoices, ${recs.length} signatures, ${events.length} events x ${w.hooks.length} endpoints; ${repeats} repeated POST(s) of a delivery cut by a kill\n`);
  }, 600_000);
});

/** Drafts of the acme ADMIN on the demo's COMPANY client, made through both instances; each its own line text. */
async function createDrafts(n: number, label: string): Promise<string[]> {
  return inLanes(range(n), 2, async (i) => {
    const res = await w.call(i, "POST", "/billing/invoices", {
      body: { clientId: w.clientId, items: [{ description: `Formation multi-instances (${label}, n° ${i + 1}) — 1 jour`, quantity: 1, unitPriceCents: 90_000 + i, vatRate: 0 }] },
    });
    if (res.status !== 201) throw new Error(`draft: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body.data.id as string;
  });
}

/** The tenant's series of the year: 1..n, each once, and issue times in number order. */
async function expectSeriesGapless(): Promise<void> {
  const rows = await rawRows<{ seq: number; number: string; issued_at: string }>(
    w.db,
    sql`select number_seq as seq, number, issued_at::text from invoices where tenant_id = ${w.tenantId} and number_year = extract(year from now() at time zone 'Europe/Paris')::int order by number_seq`,
  );
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.map((r) => r.seq)).toEqual(range(rows.length).map((i) => i + 1));
  expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
  const times = rows.map((r) => new Date(r.issued_at).getTime());
  expect(times).toEqual([...times].sort((a, b) => a - b));
}

/**
 * Each invoice ISSUED with its PDF READY, the stored file (shared MEDIA_DIR) matching its SHA-256,
 * and exactly one sealed verification, of those bytes. `exactlyOne`: also one rendering started
 * and one file written (no second renderer ran). `sealedOnce`: renderings cut by a kill may have
 * left a reserved code or a file that nothing points to; never a second recorded PDF.
 */
async function expectRenderedOnce(ids: string[], opts: { renders: "exactlyOne" | "sealedOnce" }): Promise<void> {
  const rows = await rawRows<{ id: string; status: string; pdf_status: string; pdf_path: string | null; pdf_sha256: string | null; signed: boolean }>(
    w.db,
    sql`select id, status, pdf_status, pdf_path, pdf_sha256, signed from invoices where id in ${ids}`,
  );
  expect(rows.length).toBe(ids.length);
  const verifications = await rawRows<{ ref: string; sha256: string | null }>(w.db, sql`select document_ref as ref, sha256 from document_verifications where document_ref in ${ids}`);
  for (const r of rows) {
    expect(r).toMatchObject({ status: "ISSUED", pdf_status: "READY", signed: true });
    const file = path.join(w.mediaDir, "documents", r.pdf_path!);
    expect(existsSync(file), file).toBe(true);
    expect(createHash("sha256").update(readFileSync(file)).digest("hex")).toBe(r.pdf_sha256);
    const mine = verifications.filter((v) => v.ref === r.id);
    expect(mine.filter((v) => v.sha256 !== null).map((v) => v.sha256)).toEqual([r.pdf_sha256]);
    if (opts.renders === "exactlyOne") {
      expect(mine.length, `renderings of ${r.id}`).toBe(1);
      expect(readdirSync(path.dirname(file)).filter((f) => f.startsWith(`${r.id}_`)).length).toBe(1);
    }
  }
}

type SubscribedEvent = { id: string; event: string; emargementId: string | null };

/** The tenant's events the endpoints subscribed to (all of them happened after the endpoints were created). */
async function subscribedEvents(): Promise<SubscribedEvent[]> {
  return rawRows<SubscribedEvent>(
    w.db,
    sql`select id, event, data->>'emargementId' as "emargementId" from events where tenant_id = ${w.tenantId} and event in ${[...WEBHOOK_EVENTS]} and created_at >= (select min(created_at) from webhooks where tenant_id = ${w.tenantId})`,
  );
}

/** One delivery row per event and endpoint, SUCCEEDED, with its attempts recorded once each. */
async function expectDeliveriesRecordedOnce(eventIds: string[]): Promise<void> {
  const rows = await rawRows<{ event_id: string; webhook_id: string; status: string; attempts: number; recorded: number }>(
    w.db,
    sql`select d.event_id, d.webhook_id, d.status, d.attempts, (select count(*)::int from webhook_delivery_attempts a where a.delivery_id = d.id) as recorded from webhook_deliveries d where d.event_id in ${eventIds}`,
  );
  expect(rows.length).toBe(eventIds.length * w.hooks.length);
  for (const r of rows) expect(r).toMatchObject({ status: "SUCCEEDED", attempts: 1, recorded: 1 });
  expect(new Set(rows.map((r) => `${r.event_id}|${r.webhook_id}`)).size).toBe(rows.length);
}

function postsOf(h: InstancesWorld["hooks"][number], eventId: string) {
  return h.receiver.received.filter((r) => (JSON.parse(r.raw.toString("utf8")) as { id: string }).id === eventId);
}

async function mailQueued(): Promise<number> {
  const [row] = await rawRows<{ n: number }>(w.db, sql`select count(*)::int as n from mail_outbox where status = 'QUEUED'`);
  return row!.n;
}

/**
 * The client side of a kill round: a request goes to the instances in turn; a refused or cut
 * connection (its instance was killed: did it commit?) is sent again to the other instance,
 * where `done` answers mean it went through and `already` answers that a cut attempt had
 * committed. A 503 (transaction conflict, Retry-After) is retried too; any other status fails.
 */
class Work {
  cut = 0;
  serverErrors = 0;
  serverErrorBodies: string[] = [];
  private flying = new Map<string, number>();

  inFlight(base: string): number {
    return this.flying.get(base) ?? 0;
  }

  async untilAnswered(i: number, send: (base: string) => Promise<Reply>, done: number[], already: number[]): Promise<Reply> {
    let wasCut = false;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const base = w.app(i + attempt);
      this.flying.set(base, this.inFlight(base) + 1);
      try {
        const res = await send(base);
        if (res.status >= 500 && res.status !== 503) {
          this.serverErrors += 1;
          this.serverErrorBodies.push(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
        }
        if (done.includes(res.status) || (wasCut && already.includes(res.status))) return res;
        if (res.status !== 503) throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith("unexpected")) throw error;
        this.cut += 1;
        wasCut = true;
      } finally {
        this.flying.set(base, this.inFlight(base) - 1);
      }
      await sleep(50);
    }
    throw new Error("no instance answered");
  }
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** `fn` over `items` with at most `lanes` calls at once; results in the items' order. */
async function inLanes<T, R>(items: T[], lanes: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    range(Math.min(lanes, items.length)).map(async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

async function waitUntil(what: string, timeoutMs: number, check: () => Promise<boolean>, explain?: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(250);
  }
  const detail = explain ? `\n${await explain()}` : "";
  throw new Error(`timed out after ${timeoutMs / 1000}s waiting until ${what}${detail}`);
}

/** What a timed-out wait still waits for: the invoices not rendered, the events not delivered, the jobs not finished, and the processes' last error lines. */
async function whatIsLeft(drafts: string[]): Promise<string> {
  const invoicesLeft = await rawRows<Record<string, unknown>>(
    w.db,
    sql`select id, status, pdf_status, pdf_attempts, left(coalesce(pdf_error, ''), 200) as pdf_error from invoices where id in ${drafts} and (status <> 'ISSUED' or pdf_status <> 'READY')`,
  );
  const events = await subscribedEvents();
  const undelivered = events.filter((e) => !w.hooks.every((h) => postsOf(h, e.id).length > 0)).map((e) => `${e.event} ${e.id}`);
  const jobs = await rawRows<Record<string, unknown>>(
    w.db,
    sql`select name, state::text, retry_count, start_after::text, started_on::text, expire_in::text, now()::text as now, left(coalesce(output::text, ''), 200) as output from pgboss.job where state::text in ('created', 'retry', 'active', 'failed') and name in ('event.dispatch', 'webhook.deliver', 'invoice.render') order by created_on limit 20`,
  );
  const supervision = await rawRows<Record<string, unknown>>(
    w.db,
    sql`select (select maintained_on::text from pgboss.version limit 1) as maintained_on, (select expire_seconds from pgboss.queue where name = 'invoice.render') as render_expire_seconds`,
  );
  const attempts = await rawRows<Record<string, unknown>>(
    w.db,
    sql`select delivery_id, attempt, status_code, left(coalesce(error, ''), 200) as error from webhook_delivery_attempts where status_code is null or status_code >= 300 limit 20`,
  );
  const errors = readdirSync(w.cluster.logDir)
    .flatMap((f) => readFileSync(path.join(w.cluster.logDir, f), "utf8").split("\n").filter((l) => /"level":"(error|warn)"/.test(l)).slice(-5).map((l) => `${f}: ${l.slice(0, 300)}`));
  return [
    `invoices not ready: ${JSON.stringify(invoicesLeft)}`,
    `events not delivered to every endpoint: ${JSON.stringify(undelivered)}`,
    `jobs left: ${JSON.stringify(jobs)}`,
    `job supervision: ${JSON.stringify(supervision)}`,
    `failed delivery attempts: ${JSON.stringify(attempts)}`,
    `process errors:\n${errors.join("\n")}`,
  ].join("\n");
}
