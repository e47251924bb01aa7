import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Agent, fetch } from "undici";
import { freePort, kill9, killAllSync, startTsx, stop, waitForHttp, waitForLog, type Child } from "../../bench/processes";

/**
 * Several app instances and job workers as separate processes on one PostgreSQL database, as
 * production runs them: `server.ts` (API-only: SERVE_PAGES=false, JOBS_IN_APP=false, so no Next
 * build is needed) and `scripts/worker.ts` (`npm run worker`). Each process gets the same
 * environment (secrets, limits, MEDIA_DIR: the shared volume); each app keeps its port across
 * restarts, as behind a load balancer. Output goes to one log file per start in `logDir`.
 */
export type Instance = { name: string; kind: "app" | "worker"; url: string | null; port: number | null; child: Child | null; starts: number; logFile: string };

export type Cluster = {
  apps: Instance[];
  workers: Instance[];
  logDir: string;
  /** Starts (or starts again) an instance and resolves once it serves (app) or polls its queues (worker). */
  start(instance: Instance): Promise<void>;
  /** `kill -9`: no shutdown, no cleanup, transactions cut by the database. */
  kill(instance: Instance): Promise<void>;
  /** Stops every process (SIGTERM, then SIGKILL) and removes the logs unless kept. */
  close(opts?: { keepLogs?: boolean }): Promise<void>;
};

export async function startCluster(opts: { apps: number; workers: number; env: Record<string, string> }): Promise<Cluster> {
  const logDir = mkdtempSync(path.join(os.tmpdir(), "instances-"));
  const make = (kind: "app" | "worker", i: number): Instance => ({ name: `${kind}${i}`, kind, url: null, port: null, child: null, starts: 0, logFile: "" });
  const apps = Array.from({ length: opts.apps }, (_, i) => make("app", i));
  const workers = Array.from({ length: opts.workers }, (_, i) => make("worker", i));
  for (const app of apps) {
    app.port = await freePort();
    app.url = `http://127.0.0.1:${app.port}`;
  }
  // A process left behind by a crashed test run would hold the database: killed on any exit,
  // and on SIGTERM / SIGINT before this process dies of it.
  const onSignal = (signal: NodeJS.Signals) => {
    killAllSync();
    process.kill(process.pid, signal);
  };
  process.once("exit", killAllSync);
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);

  const start = async (inst: Instance) => {
    inst.starts += 1;
    inst.logFile = path.join(logDir, `${inst.name}.${inst.starts}.log`);
    if (inst.kind === "app") {
      const env = { ...opts.env, PORT: String(inst.port), HOST: "127.0.0.1", SERVE_PAGES: "false", JOBS_IN_APP: "false" };
      inst.child = startTsx(inst.name, "server.ts", env, inst.logFile);
      await waitForHttp(`${inst.url}/api/health`, inst.child, 180_000);
    } else {
      inst.child = startTsx(inst.name, "scripts/worker.ts", opts.env, inst.logFile);
      await waitForLog(inst.logFile, '"jobs.started"', inst.child, 180_000);
    }
  };
  const all = () => [...apps, ...workers];
  const cluster: Cluster = {
    apps,
    workers,
    logDir,
    start,
    async kill(inst) {
      if (inst.child) await kill9(inst.child);
    },
    async close(closeOpts = {}) {
      await Promise.all(all().map((i) => (i.child ? stop(i.child) : Promise.resolve())));
      process.off("exit", killAllSync);
      process.off("SIGTERM", onSignal);
      process.off("SIGINT", onSignal);
      if (!closeOpts.keepLogs) rmSync(logDir, { recursive: true, force: true });
    },
  };
  try {
    await Promise.all(all().map(start));
  } catch (error) {
    await cluster.close({ keepLogs: true });
    throw error;
  }
  return cluster;
}

export type Reply = { status: number; body: any; headers: Headers };

/** One connection pool per client address: the whole 127.0.0.0/8 reaches the loopback, so a test can be several clients. */
const agents = new Map<string, Agent>();
function agentFrom(address: string): Agent {
  let agent = agents.get(address);
  if (!agent) {
    agent = new Agent({ localAddress: address, keepAliveTimeout: 2000 });
    agents.set(address, agent);
  }
  return agent;
}

export async function closeAgents(): Promise<void> {
  await Promise.all([...agents.values()].map((a) => a.close()));
  agents.clear();
}

/**
 * A REST call to one instance (`/api/v1` + path) from client address `from` (default 127.0.0.1).
 * A refused or cut connection (the instance was killed) rejects: the caller decides what that means.
 */
export async function callAt(
  base: string,
  method: string,
  apiPath: string,
  opts: { token?: string; tenant?: string; body?: unknown; from?: string; timeoutMs?: number } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (opts.tenant) headers["X-Tenant-ID"] = opts.tenant;
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(`${base}/api/v1${apiPath}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    dispatcher: agentFrom(opts.from ?? "127.0.0.1"),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body, headers: res.headers as unknown as Headers };
}
