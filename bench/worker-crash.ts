import { spawn, type ChildProcess } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { forTenant } from "../server/db/tenant-scope";
import { rawRows } from "../server/db/raw-rows";
import { countJobs } from "../server/jobs/inspect";
import { openAppDatabase } from "../server/jobs/open";
import { emitEvent } from "../server/services/platform/events";
import { createApiHandler } from "../server/http/api-handler";
import { createAppServer } from "../server/http/app-server";
import { seedDemo } from "../server/seed/demo";
import { resetEnvCache } from "../server/env";

/**
 * Crash harness of the job worker (issue: "killed with kill -9 between commit and send"), on
 * PostgreSQL (several processes share the queue; PGlite is single-process).
 *
 * A webhook of tenant acme points to a receiver in this process. Each round commits an event
 * (`emitEvent` in its own transaction), then kills the worker process with SIGKILL after a random
 * delay (0 to 1.5 s: before the dispatch, between the dispatch and the POST, during it, or after
 * the receiver answered and before the job was marked done) and starts a new worker. At the end a
 * last worker runs until the queue is idle. Reported: events committed, events received (each
 * must be, with a valid signature), duplicate deliveries (the same event id, the same bytes).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:crash -- 200
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check()) && Date.now() < end) await sleep(10);
}

export type CrashReport = { phases: Record<string, number>; rounds: number; committed: number; received: number; lost: number; duplicates: number; badSignatures: number; differingBytes: number; seconds: number };

export async function runCrashHarness(opts: { databaseUrl: string; rounds: number; maxDelayMs?: number; log?: (line: string) => void }): Promise<CrashReport> {
  const maxDelayMs = opts.maxDelayMs ?? 3000;
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const admin = postgres(opts.databaseUrl, { max: 1, onnotice: () => {} });
  const dbName = `crash_${process.pid}_${Date.now()}`;
  await admin.unsafe(`create database ${dbName}`);
  const url = new URL(opts.databaseUrl);
  url.pathname = `/${dbName}`;
  const workerEnv: Record<string, string> = {
    DATABASE_URL: url.toString(),
    ALLOW_HTTP_WEBHOOKS: "true",
    WEBHOOK_TIMEOUT_SECONDS: "2",
    JOB_POLL_INTERVAL_SECONDS: "0.5",
    JOB_MAINTENANCE_INTERVAL_SECONDS: "1",
    // A job whose worker was killed is failed and retried after this long (instead of minutes).
    JOB_EXPIRE_MAX_SECONDS: "4",
    LOG_LEVEL: "info",
    NODE_ENV: "development",
  };
  Object.assign(process.env, workerEnv);
  resetEnvCache();
  const handle = await openAppDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  const db = handle.db;
  await seedDemo(db, "demo-Passw0rd!");

  // The receiver: every POST recorded with its event id, its bytes and whether its signature verifies.
  const got = new Map<string, Buffer[]>();
  let badSignatures = 0;
  const holding = new Set<string>();
  let secret = "";
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const expected = Buffer.from(createHmac("sha256", secret).update(body).digest("hex"));
      const given = Buffer.from(String(req.headers["x-platform-signature"] ?? ""));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) badSignatures += 1;
      const id = (JSON.parse(body.toString("utf8")) as { id: string }).id;
      got.set(id, [...(got.get(id) ?? []), body]);
      holding.add(id);
      // Answer after 150 ms: a worker killed meanwhile has sent the event but not recorded it.
      setTimeout(() => {
        holding.delete(id);
        res.writeHead(200).end("ok");
      }, 150);
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  // Register the webhook through the REST API, as a tenant admin would.
  const api = createAppServer((req, res) => void createApiHandler(db)(req, res));
  await new Promise<void>((r) => api.listen(0, "127.0.0.1", r));
  const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/api/v1`;
  const headers = { "Content-Type": "application/json", "X-Tenant-ID": "acme" };
  const login = (await (await fetch(`${apiUrl}/auth/login`, { method: "POST", headers, body: JSON.stringify({ email: "admin@acme.test", password: "demo-Passw0rd!" }) })).json()) as { data: { accessToken: string } };
  const created = await fetch(`${apiUrl}/webhooks`, {
    method: "POST",
    headers: { ...headers, Authorization: `Bearer ${login.data.accessToken}` },
    body: JSON.stringify({ url: receiverUrl, events: ["user.created"], description: "crash harness" }),
  });
  const hook = (await created.json()) as { data: { secret: string } };
  if (created.status !== 201) throw new Error(`webhook registration failed: ${created.status} ${JSON.stringify(hook)}`);
  secret = hook.data.secret;
  const tenantId = (await db.query.tenants.findFirst({ where: (t, { eq }) => eq(t.slug, "acme") }))!.id;
  const scope = forTenant(tenantId);

  /** A worker process, resolved once it polls its queues (its "jobs.started" line). */
  const startWorker = (): Promise<ChildProcess> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/worker.ts")], { cwd: root, env: { ...process.env, ...workerEnv }, stdio: ["ignore", "pipe", "inherit"] });
      let out = "";
      const onData = (chunk: Buffer) => {
        out += chunk.toString("utf8");
        if (out.includes('"jobs.started"')) {
          child.stdout!.off("data", onData);
          child.stdout!.resume();
          resolve(child);
        }
      };
      child.stdout!.on("data", onData);
      child.once("exit", (code) => reject(new Error(`worker exited before starting (${code})`)));
    });
  const phases = { beforeDispatch: 0, dispatchedNotSent: 0, sentNotRecorded: 0, recorded: 0 };
  const committed: string[] = [];
  let worker = await startWorker();
  for (let round = 1; round <= opts.rounds; round += 1) {
    // The worker is polling; the event commits; it is killed somewhere on the way to the receiver.
    const id = await db.transaction((tx) => emitEvent(tx, scope, "user.created", { userId: `usr_crash${round}`, email: `crash${round}@example.test`, firstName: "Crash", lastName: `Round ${round}`, role: "LEARNER", status: "INVITED" }));
    committed.push(id);
    // Three moments in turn: at a random time; just after the dispatch committed (deliveries
    // queued, nothing sent); as the receiver holds the POST (sent, not yet recorded as done).
    const mode = round % 3;
    if (mode === 0) await sleep(Math.floor(Math.random() * maxDelayMs));
    else if (mode === 1) await waitFor(async () => (await phaseOf(id)) !== "beforeDispatch", maxDelayMs * 4);
    else await waitFor(async () => got.has(id) || holding.has(id), maxDelayMs * 4);
    worker.kill("SIGKILL");
    await new Promise((r) => worker.once("exit", r));
    phases[await phaseOf(id)] += 1;
    worker = await startWorker();
    if (round % 20 === 0) log(`round ${round}/${opts.rounds}: ${got.size} events received so far; kills so far ${JSON.stringify(phases)}`);
  }

  /** Where the event stood when its worker was killed. */
  async function phaseOf(eventId: string): Promise<keyof typeof phases> {
    const [r] = await rawRows<{ dispatched: boolean; attempts: number }>(
      db,
      sql`select e.dispatched_at is not null as dispatched, (select count(*) from webhook_delivery_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.event_id = e.id)::int as attempts from events e where e.id = ${eventId}`,
    );
    if (!r?.dispatched) return "beforeDispatch";
    if (r.attempts > 0) return "recorded";
    return got.has(eventId) ? "sentNotRecorded" : "dispatchedNotSent";
  }
  // Let the last worker finish everything (expired jobs of killed workers included).
  const deadline = Date.now() + 120_000;
  const busy = async () => (await countJobs(db, ["event.dispatch", "webhook.deliver"], "unfinished")) > 0;
  // Until every event arrived and no dispatch or delivery job is left (the retries of killed jobs resend: duplicates).
  while (Date.now() < deadline && (committed.some((id) => !got.has(id)) || (await busy()))) await sleep(500);
  worker.kill("SIGTERM");
  await new Promise((r) => worker.once("exit", r));

  const lost = committed.filter((id) => !got.has(id)).length;
  let duplicates = 0;
  let differingBytes = 0;
  for (const bodies of got.values()) {
    duplicates += bodies.length - 1;
    if (bodies.some((b) => !b.equals(bodies[0]!))) differingBytes += 1;
  }
  receiver.close();
  api.close();
  await handle.close();
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  return { phases, rounds: opts.rounds, committed: committed.length, received: [...got.keys()].filter((id) => committed.includes(id)).length, lost, duplicates, badSignatures, differingBytes, seconds: Math.round((Date.now() - started) / 1000) };
}
