import http from "node:http";
import type { ApiResponse, TestApi } from "./api";

/**
 * A REST call sent from a chosen local address: on Linux the whole 127.0.0.0/8 block is the
 * loopback interface, so `127.0.0.2` reaches the test server as a second client address
 * (`req.socket.remoteAddress`), which is what per-address counters see.
 */
export function callFrom<T = any>(
  api: TestApi,
  localAddress: string,
  method: string,
  path: string,
  opts: { tenant?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const target = new URL(`${api.url}/api/v1${path}`);
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.tenant) headers["X-Tenant-ID"] = opts.tenant;
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers, localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            /* keep text */
          }
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(", ") : v);
          resolve({ status: res.statusCode ?? 0, body: parsed as never, headers: h });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
