import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { benchSecrets } from "../../bench/app";
import { signAccessToken } from "../../server/auth/tokens";
import type { Db } from "../../server/db";
import { courses, enrollments, liveSessions, sessionTrainers, tenants, users } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { newId } from "../../server/lib/ids";
import { generatePin } from "../../server/services/attendance/lib/pin";
import { ensureMembership, ensureUser, PASSWORD, seedDemoData } from "../factories";
import { installJobs } from "../../server/jobs/install";
import { freshPostgresDatabase } from "./db";
import { envPatch } from "./env-patch";
import { startFakeSmtp, type FakeSmtp } from "./fake-smtp";
import { callAt, closeAgents, startCluster, type Cluster, type Reply } from "./instances";
import { startReceiver, type Receiver } from "./webhook-receiver";

/**
 * The world of tests/integration/instances.test.ts: one fresh PostgreSQL database with the demo
 * data, 2 app instances and 2 job workers (separate processes, the same settings), a webhook
 * receiver per endpoint, a real SMTP server, and the people who act: the acme ADMIN (logged in
 * through an instance) and learners enrolled in a LIVE session with a PIN (access tokens signed
 * with the instances' JWT_SECRET, as bench/seed-attendance.ts does).
 */
export const TENANT = "acme";

/** The limits every instance is started with: small, so that reaching them is cheap. */
export const LIMITS = { RATE_LIMIT_PER_HOUR: 300, PIN_MAX_ATTEMPTS: 4, LOGIN_MAX_FAILURES: 4, LOGIN_MAX_FAILURES_PER_ADDRESS: 10 } as const;

/** The issuing request renders the PDF; the render job is the guarantee when the request dies (40 s instead of a minute: long enough that a slow machine's request renders first, so "one rendering" holds). */
export const RENDER_JOB_DELAY_SECONDS = 40;

/** JOB_EXPIRE_MAX_SECONDS of every process: a job whose worker was killed is retried after this. */
export const JOB_EXPIRE_SECONDS = 15;

export const WEBHOOK_EVENTS = ["emargement.signed", "user.created"] as const;

export type Signer = { userId: string; email: string; token: string };
export type Hook = { id: string; secret: string; receiver: Receiver };

export type InstancesWorld = {
  db: Db;
  cluster: Cluster;
  tenantId: string;
  adminToken: string;
  /** A COMPANY billing client of the demo data. */
  clientId: string;
  session: { id: string; pin: string };
  signers: Signer[];
  hooks: Hook[];
  smtp: FakeSmtp;
  mediaDir: string;
  /** The base URL of app instance `i` modulo their number: requests alternate with `app(i)`. */
  app(i: number): string;
  /** A REST call as the ADMIN (or with `token`) to instance `i`. */
  call(i: number, method: string, apiPath: string, opts?: { token?: string; body?: unknown; from?: string }): Promise<Reply>;
  close(): Promise<void>;
};

export async function startInstancesWorld(opts: { signers: number }): Promise<InstancesWorld> {
  const { handle, url } = await freshPostgresDatabase({ poolSize: 4 });
  const db = handle.db;
  const root = mkdtempSync(path.join(os.tmpdir(), "instances-media-"));
  // The shared volume: stored documents (MEDIA_DIR) and, beside it, the invoice signer's key and certificate.
  const mediaDir = path.join(root, "media");
  const smtp = await startFakeSmtp();
  const receivers = [await startReceiver([200]), await startReceiver([200])];
  // Each answer waits a little, so that a worker killed mid-delivery has often sent and not yet recorded.
  for (const r of receivers) r.delayMs = 100;
  const secrets = benchSecrets();
  const settings: Record<string, string> = {
    ...secrets,
    ...Object.fromEntries(Object.entries(LIMITS).map(([k, v]) => [k, String(v)])),
    DATABASE_URL: url,
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    APP_URL: "http://localhost:3000",
    MEDIA_DIR: mediaDir,
    SMTP_URL: `smtp://${smtp.user}:${encodeURIComponent(smtp.password)}@${smtp.host}:${smtp.port}`,
    ALLOW_HTTP_WEBHOOKS: "true",
    WEBHOOK_TIMEOUT_SECONDS: "5",
    JOB_POLL_INTERVAL_SECONDS: "0.5",
    JOB_MAINTENANCE_INTERVAL_SECONDS: "1",
    // A job whose worker was killed is retried after 15 s (instead of minutes), 1 s later at most:
    // longer than a first rendering in a restarted worker on a loaded machine, which must not expire.
    JOB_EXPIRE_MAX_SECONDS: String(JOB_EXPIRE_SECONDS),
    // A failed delivery (a receiver slow under load) is retried within seconds, not the production minutes.
    WEBHOOK_RETRY_DELAYS_SECONDS: "1,2,4",
    JOB_RETRY_DELAY_MAX_SECONDS: "1",
    INVOICE_RENDER_JOB_DELAY_SECONDS: String(RENDER_JOB_DELAY_SECONDS),
  };
  // This process seeds and signs tokens with the same secrets (encrypted seed data, JWTs).
  const patch = envPatch();
  const { NODE_ENV: _mode, LOG_LEVEL: _level, DATABASE_URL: _url, ...local } = settings;
  patch.set(local);

  const t0 = performance.now();
  const seconds = () => ((performance.now() - t0) / 1000).toFixed(1);
  // Seeding first, then the processes: on two cores, starting them meanwhile only slows both down.
  let cluster: Cluster | undefined;
  const cleanup = async () => {
    await cluster?.close();
    await closeAgents();
    await Promise.all(receivers.map((r) => r.close()));
    await smtp.close();
    await handle.close();
    patch.restore();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    // The queues as the cluster runs them (JOB_EXPIRE_MAX_SECONDS…) BEFORE seeding: a job takes its
    // queue's expiry when it is inserted, and the demo's invoices enqueue their render jobs. Seeded
    // with the template's 15-minute expiry, a render job whose worker a kill round cut stayed
    // "active" for 15 minutes, and the test timed out waiting for it (found in session 15).
    await installJobs(db);
    await seedDemoData(db);
    const seeded = seconds();
    const [tenant] = await db.select().from(tenants).where(eq(tenants.slug, TENANT)).limit(1);
    const session = await signingSession(db, tenant!.id);
    const signers = await enrolledSigners(db, tenant!, session.courseId, opts.signers);
    const fixtures = seconds();
    cluster = await startCluster({ apps: 2, workers: 2, env: settings });
    const c = cluster;
    process.stdout.write(`instances world: demo seeded at ${seeded} s, signers at ${fixtures} s, 2 apps + 2 workers serving at ${seconds()} s\n`);
    const app = (i: number) => c.apps[i % c.apps.length]!.url!;
    const login = await callAt(app(0), "POST", "/auth/login", { tenant: TENANT, body: { email: `admin@${TENANT}.test`, password: PASSWORD } });
    if (login.status !== 200) throw new Error(`admin login: ${login.status} ${JSON.stringify(login.body)}`);
    const adminToken = login.body.data.accessToken as string;
    const call: InstancesWorld["call"] = (i, method, apiPath, o = {}) => callAt(app(i), method, apiPath, { tenant: TENANT, token: o.token ?? adminToken, body: o.body, from: o.from });
    const clients = await call(0, "GET", "/billing/clients?perPage=50");
    const company = (clients.body.data as { id: string; kind: string }[]).find((x) => x.kind === "COMPANY");
    if (!company) throw new Error(`no COMPANY billing client: ${clients.status} ${JSON.stringify(clients.body).slice(0, 300)}`);
    // One endpoint registered through each instance, before any event of the tests.
    const hooks: Hook[] = [];
    for (const [i, receiver] of receivers.entries()) {
      const res = await call(i, "POST", "/webhooks", { body: { url: receiver.url, events: [...WEBHOOK_EVENTS], description: `instances ${i}` } });
      if (res.status !== 201) throw new Error(`webhook: ${res.status} ${JSON.stringify(res.body)}`);
      hooks.push({ id: res.body.data.id, secret: res.body.data.secret, receiver });
    }
    return { db, cluster: c, tenantId: tenant!.id, adminToken, clientId: company.id, session: { id: session.id, pin: session.pin }, signers, hooks, smtp, mediaDir, app, call, close: cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** A LIVE session with a PIN, in a course of its own, led by the demo trainer. */
async function signingSession(db: Db, tenantId: string): Promise<{ id: string; pin: string; courseId: string }> {
  const scope = forTenant(tenantId);
  const [trainer] = await db.select({ id: users.id }).from(users).where(eq(users.email, `trainer@${TENANT}.test`)).limit(1);
  const now = new Date();
  const courseId = newId("crs");
  await db.insert(courses).values(scope.values(courses, { id: courseId, creatorId: trainer!.id, slug: `instances-${courseId.slice(4)}`, title: "Émargement multi-instances", description: "", price: 0, status: "PUBLISHED" as const, duration: 7, publishedAt: now }));
  const id = newId("ses");
  const pin = generatePin();
  await db.insert(liveSessions).values(
    scope.values(liveSessions, { id, courseId, title: "Multi-instances", scheduledAt: now, durationMinutes: 240, status: "LIVE" as const, startedAt: now, mediaRoomName: `room-${id.slice(4)}`, attendancePin: pin, createdBy: trainer!.id }),
  );
  await db.insert(sessionTrainers).values(scope.values(sessionTrainers, { sessionId: id, userId: trainer!.id }));
  return { id, pin, courseId };
}

/** `count` learners enrolled (ACTIVE) in the course, each with an access token. */
async function enrolledSigners(db: Db, tenant: { id: string; slug: string }, courseId: string, count: number): Promise<Signer[]> {
  const scope = forTenant(tenant.id);
  const now = new Date();
  const out: Signer[] = [];
  for (let i = 0; i < count; i += 1) {
    const user = await ensureUser(db, { email: `signer${i}@instances.test`, firstName: "Signer", lastName: String(i), password: PASSWORD });
    await ensureMembership(db, tenant.id, user.id, "LEARNER");
    await db.insert(enrollments).values(scope.values(enrollments, { id: newId("enr"), courseId, userId: user.id, status: "ACTIVE" as const }));
    const { token } = await signAccessToken(
      { sub: user.id, email: user.email, tenantId: tenant.id, tenantSlug: tenant.slug, activeTenantId: tenant.id, memberships: [{ tenantId: tenant.id, tenantSlug: tenant.slug, role: "LEARNER" }] },
      now,
    );
    out.push({ userId: user.id, email: user.email, token });
  }
  return out;
}
