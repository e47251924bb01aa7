import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** Child processes of the benchmark: each runs in its own process group so it is stopped with its children. */
const running = new Set<ChildProcess>();

export type Child = { name: string; proc: ChildProcess; exited: Promise<number | null> };

/** Runs `node --import tsx <script>` (what `tsx <script>` does, in one process) from the project root. */
export function startTsx(name: string, script: string, env: Record<string, string>, logFile?: string, nodeArgs: string[] = []): Child {
  return start(name, process.execPath, [...nodeArgs, "--import", "tsx", script], env, logFile);
}

/** Output goes to the terminal, or to `logFile` (truncated) when given. */
export function start(name: string, command: string, args: string[], env: Record<string, string>, logFile?: string): Child {
  let fd: number | undefined;
  if (logFile) {
    mkdirSync(path.dirname(logFile), { recursive: true });
    fd = openSync(logFile, "w");
  }
  const out = fd ?? "inherit";
  const proc = spawn(command, args, {
    cwd: process.cwd(),
    env: { ...inheritedEnv(), ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", out, out],
    detached: true,
  });
  if (fd !== undefined) closeSync(fd);
  running.add(proc);
  const exited = new Promise<number | null>((resolve) => {
    proc.once("exit", (code) => {
      running.delete(proc);
      resolve(code);
    });
    proc.once("error", () => {
      running.delete(proc);
      resolve(-1);
    });
  });
  return { name, proc, exited };
}

/** Waits for a child to finish; a non-zero exit is an error. */
export async function completed(child: Child): Promise<void> {
  const code = await child.exited;
  if (code !== 0) throw new Error(`${child.name} exited with code ${String(code)}`);
}

/** The caller's environment minus what the benchmark decides itself (database, mode, secrets). */
const CONTROLLED = /^(NODE_ENV|DATABASE_URL|PGLITE_DIR|PORT|SEED_ON_START|RATE_LIMIT_.*|LOG_LEVEL|JWT_SECRET|NEXTAUTH_SECRET|ENCRYPTION_KEY|MEDIA_HMAC_SECRET|LIVEKIT_API_KEY|LIVEKIT_API_SECRET)$/;

function inheritedEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !CONTROLLED.test(k)) out[k] = v;
  return out;
}

/** SIGTERM to the child's process group, SIGKILL after `graceMs`. */
export async function stop(child: Child, graceMs = 5000): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  signalGroup(child.proc, "SIGTERM");
  const done = await Promise.race([child.exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (!done) {
    signalGroup(child.proc, "SIGKILL");
    await child.exited;
  }
}

/** `kill -9` of the child's process group (no chance to clean up), resolved once it is gone. */
export async function kill9(child: Child): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  signalGroup(child.proc, "SIGKILL");
  await child.exited;
}

/** Last-resort synchronous cleanup (process exit): kill whatever is still running. */
export function killAllSync(): void {
  for (const proc of running) signalGroup(proc, "SIGKILL");
}

function signalGroup(proc: ChildProcess, signal: NodeJS.Signals): void {
  if (proc.pid === undefined) return;
  try {
    process.kill(-proc.pid, signal);
  } catch {
    // Already gone.
  }
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 2xx; fails if the child exits or the timeout passes. */
export async function waitForHttp(url: string, child: Child, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${child.name} exited before answering ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs / 1000}s`);
}

/** Polls `logFile` (the child's output) until it contains `text`; fails if the child exits or the timeout passes. */
export async function waitForLog(logFile: string, text: string, child: Child, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    let out = "";
    try {
      out = readFileSync(logFile, "utf8");
    } catch {
      // Not written yet.
    }
    if (out.includes(text)) return;
    if (exited) throw new Error(`${child.name} exited before logging ${text}; see ${logFile}`);
    await sleep(100);
  }
  throw new Error(`${child.name} did not log ${text} within ${timeoutMs / 1000}s; see ${logFile}`);
}
