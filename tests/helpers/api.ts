import type { AddressInfo } from "node:net";
import { Agent, fetch } from "undici";
import type { Logger } from "drizzle-orm";
import type { DbHandle } from "../../server/db";
import { createApiHandler } from "../../server/http/api-handler";
import { createAppServer } from "../../server/http/app-server";
import { freshDatabase } from "./db";

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers };

export type TestApi = {
  url: string;
  db: DbHandle["db"];
  handle: DbHandle;
  /** Call the REST surface: `api.call("POST", "/auth/login", {tenant, token, body})`. */
  call<T = any>(
    method: string,
    path: string,
    opts?: { tenant?: string | null; token?: string; body?: unknown; headers?: Record<string, string>; raw?: string },
  ): Promise<ApiResponse<T>>;
  close(): Promise<void>;
};

/**
 * The test client keeps an idle connection 5 seconds at most. The server keeps one 65 seconds
 * (app-server.ts, behind load balancers), and the client would otherwise keep it 64: after a long
 * test that sent nothing over the network, the two timers race on a loaded machine, and a request
 * written on a connection the server has just closed fails with ECONNRESET.
 */
const client = new Agent({ keepAliveTimeout: 1_000, keepAliveMaxTimeout: 5_000 });

/** The real API handler on an ephemeral port, over a fresh migrated database (`demo: true`: with the demo data). */
export async function startApi(opts: Parameters<typeof createApiHandler>[1] & { logger?: Logger; demo?: boolean } = {}): Promise<TestApi> {
  const { logger, demo, ...apiOpts } = opts;
  const handle = await freshDatabase({ logger, demo });
  const api = createApiHandler(handle.db, apiOpts);
  const server = createAppServer((req, res) => {
    api(req, res).then((handled) => {
      if (!handled) {
        res.statusCode = 404;
        res.end("not an API path");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    db: handle.db,
    handle,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.tenant) headers["X-Tenant-ID"] = opts.tenant;
      if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
      let body: string | undefined;
      if (opts.raw !== undefined) body = opts.raw;
      else if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined && !headers["Content-Type"]) headers["Content-Type"] = "application/json";
      const res = await fetch(`${url}/api/v1${path}`, { method, headers, body, dispatcher: client });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* keep text */
      }
      return { status: res.status, body: parsed as never, headers: res.headers };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handle.close();
    },
  };
}
