import { readFileSync } from "node:fs";
import type { Measurement } from "./load";

/**
 * Signing throughput with DISTINCT learners (each signature is a different person, as in a
 * room): every learner of bench/seed-attendance.ts signs the PIN session once, then the QR
 * session once with its own single-use token, `connections` requests in flight. Every answer
 * must be 201; req/s = signatures / wall time. Then the same learners sign ten PIN sessions at
 * once (learner i in session i mod 10): ten rooms signing together. All signatures of a tenant
 * append to ONE hash chain (serialized by the chain-head row lock), so these are also the chain's
 * append rate, with one session or ten.
 */
type Fixtures = { tenant: string; pinSession: { id: string; pin: string }; qrSessionId: string; tenSessions: { id: string; pin: string }[]; tokens: string[]; qrTokens: string[] };

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

async function run(id: string, name: string, count: number, connections: number, request: (i: number) => Promise<Response>): Promise<Measurement> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      try {
        const res = await request(i);
        await res.arrayBuffer();
        statusCodes[String(res.status)] = (statusCodes[String(res.status)] ?? 0) + 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: Math.min(connections, count) }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const ok = statusCodes["201"] ?? 0;
  return {
    id,
    name,
    target: "app",
    requestsPerSecond: ok / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    non2xx: count - ok - errors,
    errors,
    timeouts: 0,
    completed: count - errors,
    durationSeconds: Math.round(seconds * 10) / 10,
    statusCodes,
  };
}

export async function measureSigning(appUrl: string, fixturesFile: string, connections: number): Promise<Measurement[]> {
  const f = JSON.parse(readFileSync(fixturesFile, "utf8")) as Fixtures;
  const post = (token: string, path: string, body: unknown) =>
    fetch(`${appUrl}${path}`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "X-Tenant-ID": f.tenant, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const n = f.tokens.length;
  return [
    await run("attendance.pin", `POST /api/v1/emargement/sign/pin (${n} learners)`, n, connections, (i) => post(f.tokens[i]!, "/api/v1/emargement/sign/pin", { sessionId: f.pinSession.id, pin: f.pinSession.pin })),
    await run("attendance.qr", `POST /api/v1/emargement/sign/qr (${n} learners)`, n, connections, (i) => post(f.tokens[i]!, "/api/v1/emargement/sign/qr", { qrToken: f.qrTokens[i] })),
    await run("attendance.pin.ten", `POST /api/v1/emargement/sign/pin (${n} learners, 10 sessions)`, n, connections, (i) => {
      const room = f.tenSessions[i % 10]!;
      return post(f.tokens[i]!, "/api/v1/emargement/sign/pin", { sessionId: room.id, pin: room.pin });
    }),
  ];
}
