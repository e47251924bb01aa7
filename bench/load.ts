import autocannon, { type Result } from "autocannon";
import type { BenchContext, Endpoint } from "./endpoints";

export type LoadShape = { connections: number; warmupSeconds: number; durationSeconds: number };

export type Measurement = {
  id: string;
  name: string;
  target: Endpoint["target"];
  requestsPerSecond: number;
  /** null when no response completed within the run. */
  p50Ms: number | null;
  p99Ms: number | null;
  non2xx: number;
  errors: number;
  timeouts: number;
  completed: number;
  durationSeconds: number;
  statusCodes: Record<string, number>;
};

function fire(baseUrl: string, ep: Endpoint, ctx: BenchContext, connections: number, duration: number): Promise<Result> {
  const { path, ...request } = ep.load(ctx);
  const instance = autocannon({ url: `${baseUrl}${path}`, connections, duration, timeout: 10, ...request });
  return new Promise<Result>((resolve, reject) => {
    instance.once("error", reject);
    instance.then(resolve, reject);
  });
}

/** Warm-up (discarded), then the measured run. */
export async function measure(baseUrl: string, ep: Endpoint, ctx: BenchContext, shape: LoadShape): Promise<Measurement> {
  await ep.prepare?.(ctx);
  if (shape.warmupSeconds > 0) await fire(baseUrl, ep, ctx, shape.connections, shape.warmupSeconds);
  await ep.beforeRun?.(ctx);
  const r = await fire(baseUrl, ep, ctx, shape.connections, shape.durationSeconds);
  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, Number(s.count)]));
  return {
    id: ep.id,
    name: ep.name,
    target: ep.target,
    requestsPerSecond: r.requests.average,
    p50Ms: r.requests.total > 0 ? r.latency.p50 : null,
    p99Ms: r.requests.total > 0 ? r.latency.p99 : null,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    completed: r.requests.total,
    durationSeconds: r.duration,
    statusCodes,
  };
}
