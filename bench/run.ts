import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import { loginMany, login, type Tokens } from "./api";
import { benchSecrets, startApp } from "./app";
import { measureSigning } from "./attendance";
import { measureSheetPdf } from "./sheet-pdf";
import { measureOutputValidation } from "./output-validation";
import { auditExportLines, measureAuditExport } from "./audit-export";
import { invoiceIssueLines, measureInvoiceIssue } from "./invoice-issue";
import { rm, writeFile, mkdir } from "node:fs/promises";
import { errorSummary } from "./app-log";
import { createBenchDatabase, type BenchDatabase } from "./database";
import { ENDPOINTS, type BenchContext, type Target } from "./endpoints";
import { measure, type LoadShape, type Measurement } from "./load";
import { completed, freePort, killAllSync, start, startTsx, stop, waitForHttp, type Child } from "./processes";
import { RefreshChains } from "./refresh-chains";
import { printReport, verdict, writeResults } from "./report";

/**
 * `npm run bench`: seeds a throw-away database (PostgreSQL on 127.0.0.1:5432, else PGlite),
 * measures the bare baseline, then the built app, with autocannon. Knobs: BENCH_CONNECTIONS,
 * BENCH_DURATION, BENCH_WARMUP (seconds), BENCH_USERS, BENCH_SIGNERS (distinct learners signing by PIN and by QR),
 * BENCH_SHEET_RUNS (sheet PDF renders timed, 40 learners x 10 slots);
 * BENCH_DB=pglite skips PostgreSQL. BENCH_ENDPOINTS=auth.refresh,users.me (ids of bench/endpoints.ts, the
 * bare twin of each comes along) measures only those endpoints and skips every other part (signing,
 * PDFs, audit ZIP, invoices, BPF): for profiling one path with BENCH_APP_PROFILE.
 * Audit ZIP (bench/audit-export.ts): BENCH_AUDIT_DOCS (10,000 stored documents in one course) of
 * BENCH_AUDIT_DOC_KB (20) KB; limits: app RSS growth < 150 MB, time to first byte < 1 s.
 * BENCH_ONLY=audit runs only that part (build if missing, a fresh database, the demo seed plus the
 * audit course, the app, one warm-up export, the measured export) and writes
 * bench/results/audit-latest.json: `BENCH_ONLY=audit npm run bench`.
 * Invoice issue (bench/invoice-issue.ts): BENCH_INVOICES (40) issues with their PDF, p95 < 1 s, and
 * another user's p95 while invoices are issued (BENCH_INVOICE_PROBE_SECONDS, 5). BENCH_ONLY=invoices
 * runs only that part (demo seed, the app) and writes bench/results/invoices-latest.json.
 * BPF (bench/bpf.ts): BENCH_BPF_ENROLLMENTS (100,000) enrollments of last year with attendance and
 * invoices in their own tenant; the generation (compute + stored snapshot) must take under 2 s.
 * BENCH_ONLY=bpf runs only that part (a fresh database, no build, no app: the service is timed in
 * its own process) and writes bench/results/bpf-latest.json: `BENCH_ONLY=bpf npm run bench`.
 */
/**
 * BENCH_SMOKE=1 (`npm run bench:smoke`, run by .ci/run): every part at tiny sizes, three seconds per
 * endpoint. It fails when a bench request answers non-2xx or the bench crashes, never on a figure:
 * it keeps the bench from rotting, the figures come from `npm run bench`.
 */
const SMOKE = process.env.BENCH_SMOKE === "1";
const SMOKE_SIZES: Record<string, number> = {
  BENCH_WARMUP: 0,
  BENCH_DURATION: 3,
  BENCH_CONNECTIONS: 4,
  BENCH_USERS: 60,
  BENCH_COURSES: 30,
  BENCH_LARGE_USERS: 200,
  BENCH_SIGNERS: 40,
  BENCH_SHEET_RUNS: 1,
  BENCH_AUDIT_DOCS: 20,
  BENCH_AUDIT_DOC_KB: 2,
  BENCH_INVOICES: 2,
  BENCH_INVOICE_PROBE_SECONDS: 1,
  BENCH_BPF_ENROLLMENTS: 300,
  BENCH_BPF_RUNS: 1,
};
function num(name: string, def: number): number {
  const v = Number(process.env[name]);
  if (process.env[name] && Number.isFinite(v) && v >= 0) return v;
  return SMOKE && name in SMOKE_SIZES ? SMOKE_SIZES[name]! : def;
}

/** The smoke bench's one rule: every measured request answered 2xx, none failed. */
function assertSmoke(results: Measurement[]): void {
  const bad = results.filter((m) => m.non2xx > 0 || m.errors > 0 || m.completed === 0);
  if (bad.length) throw new Error(`smoke bench: ${bad.map((m) => `${m.name} (non-2xx ${m.non2xx}, errors ${m.errors}, completed ${m.completed}, ${JSON.stringify(m.statusCodes)})`).join("; ")}`);
  log(`smoke bench: ${results.length} measurements, every request 2xx`);
}
const SHAPE: LoadShape = { connections: num("BENCH_CONNECTIONS", 50), warmupSeconds: num("BENCH_WARMUP", 3), durationSeconds: num("BENCH_DURATION", 10) };
const USERS = num("BENCH_USERS", 10_000);
const TENANT = "acme";
const COURSES = num("BENCH_COURSES", 2_000);
/** Written by bench/seed-users.ts: the learner's enrollment and lesson used by the progress endpoint. */
const FIXTURES = "bench/results/fixtures.json";
const ADMIN = { tenant: TENANT, email: "admin@acme.test", password: "demo-Passw0rd!" };
const LARGE_TENANT = "globex";
const LARGE_USERS = num("BENCH_LARGE_USERS", 100_000);
const LARGE_ADMIN = { tenant: LARGE_TENANT, email: "admin@globex.test", password: "demo-Passw0rd!" };
const RESULTS_FILE = "bench/results/latest.json";
const APP_LOG = "bench/results/app.log";
const ATTENDANCE_FIXTURES = "bench/results/attendance-fixtures.json";
const SIGNERS = num("BENCH_SIGNERS", 2_000);
const SHEET_FIXTURES = "bench/results/sheet-fixtures.json";
const AUDIT_FIXTURES = "bench/results/audit-fixtures.json";
/** Stored documents of the audit course (the app reads them from here too). */
const AUDIT_MEDIA_DIR = ".data/bench-media";
const AUDIT_ENV = { MEDIA_DIR: AUDIT_MEDIA_DIR, BENCH_AUDIT_DOCS: String(num("BENCH_AUDIT_DOCS", 10_000)), BENCH_AUDIT_DOC_KB: String(num("BENCH_AUDIT_DOC_KB", 20)), BENCH_AUDIT_FIXTURES: AUDIT_FIXTURES };

let database: BenchDatabase | undefined;
const children: Child[] = [];
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all(children.map((c) => stop(c)));
    await database?.drop().catch((error: unknown) => log(`could not remove ${database?.label}: ${String(error)}`));
    await rm(AUDIT_MEDIA_DIR, { recursive: true, force: true });
  })();
  return cleaning;
}

const log = (text: string) => process.stdout.write(`${text}\n`);

function track(child: Child): Child {
  children.push(child);
  return child;
}

async function ensureBuild(): Promise<void> {
  if (existsSync(".next/BUILD_ID")) return;
  log("no .next/BUILD_ID: running npm run build");
  await completed(track(start("build", "npm", ["run", "build"], {})));
}

/** BENCH_ENDPOINTS: the endpoint ids to measure (each with its bare twin), or null for all of them and every other part. */
const ONLY_ENDPOINTS = process.env.BENCH_ENDPOINTS ? new Set(process.env.BENCH_ENDPOINTS.split(",").map((id) => id.trim().replace(/^bare\./, ""))) : null;
const selected = (id: string) => !ONLY_ENDPOINTS || ONLY_ENDPOINTS.has(id.replace(/^bare\./, ""));

async function runPhase(target: Target, baseUrl: string, ctx: BenchContext, into: Measurement[]): Promise<void> {
  for (const ep of ENDPOINTS.filter((e) => e.target === target && selected(e.id))) {
    log(`measuring ${ep.name}`);
    into.push(await measure(baseUrl, ep, ctx, SHAPE));
  }
}

/** The app's process (server.ts run by node --import tsx: one process, its RSS is the app's). */
function appPid(): number {
  const app = children.find((c) => c.name === "app" && c.proc.exitCode === null);
  if (!app?.proc.pid) throw new Error("the app is not running");
  return app.proc.pid;
}

/**
 * Waits until the app's job worker has run every job that is due (the seeds queue mails, invoice
 * PDFs, survey sends and hundreds of event dispatches; signing queues receipts and events), so that
 * the measured requests do not share the CPUs, nor the audit ZIP's memory figure the app's heap,
 * with that backlog. Logs how long it took; gives up after BENCH_JOBS_WAIT seconds (300).
 */
async function jobsSettled(db: BenchDatabase): Promise<void> {
  const started = Date.now();
  const first = await db.dueJobs();
  if (first === null) {
    log("job queue: not readable beside the app on PGlite; measuring without waiting for it");
    return;
  }
  const limit = started + num("BENCH_JOBS_WAIT", 300) * 1000;
  let due = first;
  while (due > 0 && Date.now() < limit) {
    await new Promise((r) => setTimeout(r, 500));
    due = (await db.dueJobs()) ?? 0;
  }
  const took = ((Date.now() - started) / 1000).toFixed(1);
  log(due === 0 ? `job queue: ${first} due job(s) at start, all run after ${took} s` : `job queue: ${due} of ${first} due job(s) still queued after ${took} s; measuring anyway`);
}

/** BENCH_ONLY=audit: only the audit ZIP measurement. */
async function mainAudit(): Promise<void> {
  await ensureBuild();
  database = await createBenchDatabase(process.env.BENCH_DB === "pglite");
  log(`database: ${database.backend} (${database.label})`);
  const secrets = benchSecrets();
  await rm(AUDIT_MEDIA_DIR, { recursive: true, force: true });
  await completed(track(startTsx("audit seed", "bench/seed-audit.ts", { ...database.env, ...secrets, ...AUDIT_ENV, BENCH_TENANT: TENANT, LOG_LEVEL: "warn" })));
  log(`starting the app (output in ${APP_LOG})`);
  const appUrl = await startApp({ ...database.env, MEDIA_DIR: AUDIT_MEDIA_DIR }, await freePort(), APP_LOG, track, secrets);
  await jobsSettled(database);
  log("measuring the audit ZIP");
  const summary = await measureAuditExport(appUrl, appPid(), AUDIT_FIXTURES, (await login(appUrl, ADMIN)).accessToken);
  const appErrors = await errorSummary(APP_LOG);
  const lines = ["", `backend: ${database.backend} (${database.label}); ${os.cpus().length} CPUs`, ...auditExportLines(summary)];
  if (appErrors.total) lines.push(`app log: ${appErrors.total} error line(s) in ${APP_LOG}`);
  log(lines.join("\n"));
  await mkdir("bench/results", { recursive: true });
  await writeFile("bench/results/audit-latest.json", `${JSON.stringify({ at: new Date().toISOString(), node: process.version, backend: database.backend, auditExport: summary, verdict: summary.pass ? "PASS" : "MISS" }, null, 2)}\n`);
  log("written bench/results/audit-latest.json");
}

/** BENCH_ONLY=invoices: only the invoice issue measurement. */
async function mainInvoices(): Promise<void> {
  await ensureBuild();
  database = await createBenchDatabase(process.env.BENCH_DB === "pglite");
  log(`database: ${database.backend} (${database.label})`);
  const secrets = benchSecrets();
  await rm(AUDIT_MEDIA_DIR, { recursive: true, force: true });
  await completed(track(startTsx("demo seed", "scripts/seed.ts", { ...database.env, ...secrets, MEDIA_DIR: AUDIT_MEDIA_DIR, LOG_LEVEL: "warn" })));
  log(`starting the app (output in ${APP_LOG})`);
  const appUrl = await startApp({ ...database.env, MEDIA_DIR: AUDIT_MEDIA_DIR }, await freePort(), APP_LOG, track, secrets);
  await jobsSettled(database);
  log("measuring invoice issue");
  const summary = await measureInvoiceIssue(appUrl, (await login(appUrl, ADMIN)).accessToken, TENANT, num("BENCH_INVOICES", 40), num("BENCH_INVOICE_PROBE_SECONDS", 5));
  const appErrors = await errorSummary(APP_LOG);
  const lines = ["", `backend: ${database.backend} (${database.label}); ${os.cpus().length} CPUs`, ...invoiceIssueLines(summary)];
  if (appErrors.total) lines.push(`app log: ${appErrors.total} error line(s) in ${APP_LOG}`);
  log(lines.join("\n"));
  await mkdir("bench/results", { recursive: true });
  await writeFile("bench/results/invoices-latest.json", `${JSON.stringify({ at: new Date().toISOString(), node: process.version, backend: database.backend, invoiceIssue: summary, verdict: summary.pass ? "PASS" : "MISS" }, null, 2)}\n`);
  log("written bench/results/invoices-latest.json");
}

const BPF_RESULTS = "bench/results/bpf-latest.json";
const BPF_ENV = { BENCH_BPF_ENROLLMENTS: String(num("BENCH_BPF_ENROLLMENTS", 100_000)), BENCH_BPF_RUNS: String(num("BENCH_BPF_RUNS", 5)), BENCH_BPF_RESULTS: BPF_RESULTS };

/** The BPF part: seeds and times in a child process (bench/bpf.ts), which prints its lines and writes BPF_RESULTS. */
async function measureBpf(env: Record<string, string>): Promise<{ pass: boolean } & Record<string, unknown>> {
  await completed(track(startTsx("bpf bench", "bench/bpf.ts", { ...env, ...BPF_ENV, LOG_LEVEL: "warn" })));
  return (JSON.parse(readFileSync(BPF_RESULTS, "utf8")) as { bpf: { pass: boolean } & Record<string, unknown> }).bpf;
}

/** BENCH_ONLY=bpf: only the BPF generation. */
async function mainBpf(): Promise<void> {
  database = await createBenchDatabase(process.env.BENCH_DB === "pglite");
  log(`database: ${database.backend} (${database.label}); ${os.cpus().length} CPUs`);
  const bpf = await measureBpf({ ...database.env, ...benchSecrets() });
  log(`BPF verdict: ${bpf.pass ? "PASS" : "MISS"} (${BPF_RESULTS})`);
}

/** Seeds the parts measured beside the endpoints, and times the BPF (its own process, before the app starts). */
async function seedParts(secrets: Record<string, string>) {
  const db = database!;
  await completed(
    track(startTsx("attendance seed", "bench/seed-attendance.ts", { ...db.env, ...secrets, BENCH_TENANT: TENANT, BENCH_SIGNERS: String(Math.min(SIGNERS, USERS)), BENCH_ATTENDANCE_FIXTURES: ATTENDANCE_FIXTURES, LOG_LEVEL: "warn" })),
  );
  await completed(
    track(startTsx("sheet seed", "bench/seed-sheet.ts", { ...db.env, ...secrets, BENCH_TENANT: TENANT, BENCH_SHEET_LEARNERS: String(Math.min(40, USERS)), BENCH_SHEET_FIXTURES: SHEET_FIXTURES, LOG_LEVEL: "warn" })),
  );
  await rm(AUDIT_MEDIA_DIR, { recursive: true, force: true });
  await completed(track(startTsx("audit seed", "bench/seed-audit.ts", { ...db.env, ...secrets, ...AUDIT_ENV, BENCH_TENANT: TENANT, LOG_LEVEL: "warn" })));
  log("measuring the BPF generation (bench/bpf.ts)");
  return { bpf: await measureBpf({ ...db.env, ...secrets }) };
}

/** Signing, the sheet PDF, the audit ZIP and invoice issue, on the running app. */
async function measureParts(appUrl: string, results: Measurement[]) {
  log("measuring attendance signing (distinct learners)");
  results.push(...(await measureSigning(appUrl, ATTENDANCE_FIXTURES, SHAPE.connections)));
  // Signing queued receipts and event dispatches: each part below is measured once they have run.
  await jobsSettled(database!);
  log("measuring the attendance sheet PDF");
  const sheetPdf = await measureSheetPdf(appUrl, SHEET_FIXTURES, (await login(appUrl, ADMIN)).accessToken, num("BENCH_SHEET_RUNS", 5) || 1);
  results.push(sheetPdf.measurement);
  await jobsSettled(database!);
  log("measuring the audit ZIP");
  const auditExport = await measureAuditExport(appUrl, appPid(), AUDIT_FIXTURES, (await login(appUrl, ADMIN)).accessToken);
  await jobsSettled(database!);
  log("measuring invoice issue");
  const invoiceIssue = await measureInvoiceIssue(appUrl, (await login(appUrl, ADMIN)).accessToken, TENANT, num("BENCH_INVOICES", 40), num("BENCH_INVOICE_PROBE_SECONDS", 5));
  log(invoiceIssueLines(invoiceIssue).join("\n"));
  return { sheetPdf: sheetPdf.summary, auditExport, invoiceIssue };
}

async function main(): Promise<void> {
  await ensureBuild();
  database = await createBenchDatabase(process.env.BENCH_DB === "pglite");
  log(`database: ${database.backend} (${database.label})`);
  await completed(track(startTsx("seed", "bench/seed-users.ts", { ...database.env, BENCH_USERS: String(USERS), BENCH_COURSES: String(COURSES), BENCH_FIXTURES: FIXTURES, BENCH_TENANT: TENANT, BENCH_LARGE_USERS: String(LARGE_USERS), BENCH_LARGE_TENANT: LARGE_TENANT, LOG_LEVEL: "warn" })));

  const session: { admin?: Tokens; largeAdmin?: Tokens; learner?: Tokens } = {};
  const fixtures = JSON.parse(readFileSync(FIXTURES, "utf8")) as { learnerEmail: string; enrollmentId: string; lessonId: string };
  const ctx: BenchContext = {
    tenant: TENANT,
    largeTenant: LARGE_TENANT,
    connections: SHAPE.connections,
    largeAdmin: () => {
      if (!session.largeAdmin) throw new Error("the large tenant's admin is not logged in yet");
      return session.largeAdmin;
    },
    admin: () => {
      if (!session.admin) throw new Error("the admin is not logged in yet");
      return session.admin;
    },
    chains: new RefreshChains(() => Promise.reject(new Error("the app is not running"))),
    learner: () => {
      if (!session.learner) throw new Error("the learner is not logged in yet");
      return { tokens: session.learner, enrollmentId: fixtures.enrollmentId, lessonId: fixtures.lessonId };
    },
  };
  const results: Measurement[] = [];

  // Bare baseline first: with PGlite only one process may open the database.
  const barePort = await freePort();
  const secrets = benchSecrets();
  const bare = track(startTsx("bare server", "bench/bare-server.ts", { ...database.env, JWT_SECRET: secrets.JWT_SECRET, PORT: String(barePort) }));
  const bareUrl = `http://127.0.0.1:${barePort}`;
  await waitForHttp(`${bareUrl}/health`, bare);
  // The bare server issues the same tokens as the app (same JWT_SECRET): its own sessions for its own phase.
  session.admin = await login(bareUrl, ADMIN);
  session.learner = await login(bareUrl, { ...ADMIN, email: fixtures.learnerEmail });
  ctx.chains = new RefreshChains((n) => loginMany(bareUrl, ADMIN, n));
  await runPhase("bare", bareUrl, ctx, results);
  await stop(bare);

  // The other parts and their seeds, unless BENCH_ENDPOINTS narrowed the run to some endpoints.
  const parts = ONLY_ENDPOINTS ? null : await seedParts(secrets);

  log(`starting the app (output in ${APP_LOG})`);
  const appUrl = await startApp({ ...database.env, MEDIA_DIR: AUDIT_MEDIA_DIR }, await freePort(), APP_LOG, track, secrets);
  await jobsSettled(database);
  session.admin = await login(appUrl, ADMIN);
  session.largeAdmin = await login(appUrl, LARGE_ADMIN);
  session.learner = await login(appUrl, { ...ADMIN, email: fixtures.learnerEmail });
  ctx.chains = new RefreshChains((n) => loginMany(appUrl, ADMIN, n));
  await runPhase("app", appUrl, ctx, results);
  const measured = parts ? await measureParts(appUrl, results) : null;
  const appErrors = await errorSummary(APP_LOG);

  const info = {
    backend: database.backend,
    database: database.label,
    bareDriver: database.backend === "postgres" ? "node:http + postgres-js, same database" : "node:http + PGlite, same directory, measured before the app started",
    seededUsers: USERS,
    seededCourses: COURSES,
    cpus: os.cpus().length,
    shape: SHAPE,
    appLog: { file: APP_LOG, errorLines: appErrors.total, groups: Object.fromEntries(appErrors.groups) },
    outputValidation: measureOutputValidation(SMOKE ? 2_000 : 20_000),
    ...measured,
    bpf: parts?.bpf,
  };
  const order = (id: string) => {
    const i = ENDPOINTS.findIndex((e) => e.id === id);
    return i < 0 ? ENDPOINTS.length : i; // measured outside ENDPOINTS (attendance signing): last, in run order
  };
  results.sort((a, b) => order(a.id) - order(b.id));
  const v = verdict(results);
  printReport(info, results, v);
  await writeResults(RESULTS_FILE, info, results, v);
  log(`written ${RESULTS_FILE}`);
  if (SMOKE) assertSmoke(results);
}

process.on("exit", killAllSync);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`\n${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

(process.env.BENCH_ONLY === "audit" ? mainAudit() : process.env.BENCH_ONLY === "invoices" ? mainInvoices() : process.env.BENCH_ONLY === "bpf" ? mainBpf() : main())
  .then(cleanup)
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    await cleanup();
    process.exit(1);
  });
