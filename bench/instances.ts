import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import autocannon, { type Result } from "autocannon";
import { login } from "./api";
import { benchSecrets } from "./app";
import { createBenchDatabase, type BenchDatabase } from "./database";
import { completed, freePort, killAllSync, startTsx, stop, waitForHttp, type Child } from "./processes";

/**
 * `npm run bench:instances`: what a second app instance adds on this machine. On a fresh
 * PostgreSQL database with the demo data, API-only instances (server.ts with SERVE_PAGES=false,
 * JOBS_IN_APP=false: no Next build needed) are loaded with autocannon, first one instance with
 * BENCH_CONNECTIONS (50) connections, then two instances with half the connections each, at the
 * same time. Endpoints: GET /api/v1/users/me and GET /api/v1/users?limit=20 as the acme ADMIN.
 * BENCH_DURATION (10) seconds per run after BENCH_WARMUP (3). Everything (load generator, the
 * instances, PostgreSQL) shares the machine's cores: the figures say what one machine gives,
 * not what two machines would. Writes bench/results/instances-latest.json (the instances' output:
 * bench/results/instances-app{0,1}.log).
 */
function num(name: string, def: number): number {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) && v > 0 ? v : def;
}
const CONNECTIONS = num("BENCH_CONNECTIONS", 50);
const DURATION = num("BENCH_DURATION", 10);
const WARMUP = num("BENCH_WARMUP", 3);
const RESULTS = "bench/results/instances-latest.json";
const ENDPOINTS = [
  { name: "GET /api/v1/users/me", path: "/api/v1/users/me" },
  { name: "GET /api/v1/users?limit=20", path: "/api/v1/users?limit=20" },
];

type Run = { requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number };

const children: Child[] = [];
let database: BenchDatabase | undefined;
const log = (line: string) => process.stdout.write(`${line}\n`);

function fire(url: string, token: string, connections: number, duration: number): Promise<Result> {
  return new Promise<Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration, timeout: 10, headers: { authorization: `Bearer ${token}`, "x-tenant-id": "acme" } });
    instance.once("error", reject);
    instance.then(resolve, reject);
  });
}

/** The same load split over `bases` at once: requests per second summed, latencies of the worst. */
async function load(bases: string[], apiPath: string, token: string, duration: number): Promise<Run> {
  const per = Math.max(1, Math.floor(CONNECTIONS / bases.length));
  const results = await Promise.all(bases.map((b) => fire(`${b}${apiPath}`, token, per, duration)));
  return {
    requestsPerSecond: Math.round(results.reduce((n, r) => n + r.requests.average, 0)),
    p50Ms: Math.max(...results.map((r) => r.latency.p50)),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
  };
}

async function main(): Promise<void> {
  database = await createBenchDatabase();
  if (database.backend !== "postgres") throw new Error("bench:instances needs PostgreSQL on 127.0.0.1:5432 (several processes share the database)");
  log(`database: ${database.label}; ${os.cpus().length} CPUs; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  const secrets = benchSecrets();
  await completed(startTsx("demo seed", "scripts/seed.ts", { ...database.env, ...secrets, LOG_LEVEL: "warn" }));
  const bases: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { ...database.env, ...secrets, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", APP_URL: base, SERVE_PAGES: "false", JOBS_IN_APP: "false", RATE_LIMIT_PER_HOUR: "100000000", LOG_LEVEL: "warn" };
    const child = startTsx(`app${i}`, "server.ts", env, `bench/results/instances-app${i}.log`);
    children.push(child);
    await waitForHttp(`${base}/api/health`, child);
    bases.push(base);
  }
  const token = (await login(bases[0]!, { tenant: "acme", email: "admin@acme.test", password: "demo-Passw0rd!" })).accessToken;
  const out: { endpoint: string; one: Run; two: Run; ratio: number }[] = [];
  for (const ep of ENDPOINTS) {
    await load(bases, ep.path, token, WARMUP);
    const one = await load([bases[0]!], ep.path, token, DURATION);
    const two = await load(bases, ep.path, token, DURATION);
    const ratio = Math.round((two.requestsPerSecond / Math.max(1, one.requestsPerSecond)) * 100) / 100;
    out.push({ endpoint: ep.name, one, two, ratio });
    log(`${ep.name}: 1 instance ${one.requestsPerSecond} req/s (p50 ${one.p50Ms} ms, p99 ${one.p99Ms} ms); 2 instances ${two.requestsPerSecond} req/s (p50 ${two.p50Ms} ms, p99 ${two.p99Ms} ms): x${ratio}; non-2xx ${one.non2xx + two.non2xx}, errors ${one.errors + two.errors}`);
  }
  await mkdir("bench/results", { recursive: true });
  await writeFile(RESULTS, `${JSON.stringify({ at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadAverage: os.loadavg(), connections: CONNECTIONS, durationSeconds: DURATION, results: out }, null, 2)}\n`);
  log(`written ${RESULTS}`);
}

process.once("exit", killAllSync);
main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(async () => {
    await Promise.all(children.map((c) => stop(c)));
    await database?.drop();
  });
