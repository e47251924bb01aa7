import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { nodeHTTPRequestHandler } from "@trpc/server/adapters/node-http";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { sql } from "drizzle-orm";
import type { Db } from "../db";
import { identify, type IdentityResult } from "../auth/session";
import { useSessionStore } from "../auth/session-check";
import { createContext, type RequestInfo } from "../api/context";
import { openApiDocument } from "../api/openapi";
import { appRouter } from "../api/root";
import { procedureMetas } from "../api/procedure-meta";
import { toHttpError } from "../errors";
import { env } from "../env";
import { clock } from "../lib/clock";
import { log, requestStore } from "../lib/log";
import { MAX_BODY_BYTES, readJsonBody } from "./body";
import { lockBodyCoercion } from "./body-coercion";
import { serveAttendancePdf } from "./attendance-pdf";
import { serveCsvExport } from "./csv-export";
import { serveSignatureDownload } from "./signature-download";
import { serveMediaDownload } from "./media-download";
import { applyRateLimit } from "./rate-limit";
import { applyApiSecurityHeaders } from "./security-headers";
import { sendError, sendJson } from "./send";

type ApiRequest = IncomingMessage & { body?: unknown; info?: RequestInfo; apiError?: unknown };

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

function clientIp(req: IncomingMessage): string | null {
  return req.socket.remoteAddress ?? null;
}

function requestInfo(req: ApiRequest, requestId: string): RequestInfo {
  let identity: Promise<IdentityResult> | undefined;
  return {
    requestId,
    ip: clientIp(req),
    userAgent: req.headers["user-agent"] ?? null,
    host: req.headers.host ?? null,
    headers: req.headers,
    identity: () => (identity ??= identify({ authorization: req.headers.authorization, cookie: req.headers.cookie }, clock.now())),
    response: { headers: {} },
  };
}

/** REST success status per tRPC procedure path, from the procedures' meta. */
function statusByProcedure(): Map<string, number> {
  const out = new Map<string, number>();
  for (const { path, meta } of procedureMetas()) {
    const s = meta.status;
    if (s) out.set(path, s);
  }
  return out;
}

const RAW_ROUTES = [serveMediaDownload, serveCsvExport, serveSignatureDownload, serveAttendancePdf];

/**
 * The API in front of Next (custom server): /api/health, /api/v1 (REST through
 * trpc-to-openapi's Node adapter), /api/v1/openapi.json and /api/trpc. Adapters are built
 * once. Returns false for anything else (pages, next-auth), which Next serves.
 */
export function createApiHandler(db: Db): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const statuses = statusByProcedure();
  useSessionStore(db);
  lockBodyCoercion(appRouter);

  const rest = createOpenApiNodeHttpHandler<typeof appRouter, ApiRequest, ServerResponse>({
    router: appRouter,
    createContext: ({ req }) => createContext(db, (req as ApiRequest).info!),
    responseMeta: ({ ctx, errors, paths }) => {
      const headers = ctx?.response.headers ?? {};
      if (errors.length) return { headers };
      const status = ctx?.response.status ?? (paths?.[0] ? statuses.get(paths[0]) : undefined) ?? 200;
      return { status, headers };
    },
    onError: ({ error, req }) => {
      (req as ApiRequest).apiError = error;
    },
  });

  return async (rawReq, res) => {
    const req = rawReq as ApiRequest;
    const url = req.url ?? "/";
    const isV1 = url === "/api/v1" || url.startsWith("/api/v1/") || url.startsWith("/api/v1?");
    const isTrpc = url.startsWith("/api/trpc/");
    const isHealth = url === "/api/health" || url.startsWith("/api/health?");
    if (!isV1 && !isTrpc && !isHealth) return false;

    const incoming = req.headers["x-request-id"];
    const requestId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", requestId);
    if (applyApiSecurityHeaders(req, res)) return true;
    const info = requestInfo(req, requestId);
    req.info = info;

    await requestStore.run({ requestId }, async () => {
      const started = performance.now();
      try {
        if (isHealth) return await health(db, res);
        const now = clock.now();
        const { identity } = await info.identity();
        const decision = await applyRateLimit(db, identity ? `user:${identity.userId}` : `ip:${info.ip ?? "unknown"}`, res, now);
        if (!decision.allowed) {
          return sendError(res, { statusCode: 429, message: "Too many requests", retryAfterSeconds: Math.max(1, decision.retryAfterSeconds) });
        }
        if (isTrpc) {
          const path = url.slice("/api/trpc/".length).split("?")[0]!;
          return await nodeHTTPRequestHandler({
            router: appRouter,
            req,
            res,
            path: decodeURIComponent(path),
            createContext: () => createContext(db, info),
            responseMeta: ({ ctx }) => ({ headers: ctx?.response.headers ?? {} }),
          });
        }
        // Binary and streamed answers (trpc-to-openapi answers JSON only); each returns false when the path isn't its own.
        for (const serveRaw of RAW_ROUTES) if (await serveRaw(req, res, db)) return;
        const pathOnly = url.split("?")[0]!;
        if (req.method === "GET" && (pathOnly === "/api/v1/openapi.json" || pathOnly === "/api/v1/openapi.json/")) {
          return sendJson(res, 200, openApiDocument());
        }
        await serveRest(req, res);
      } catch (error) {
        if (res.destroyed || !res.socket || res.socket.destroyed) {
          // The client went away mid-request (closed connection): nothing to answer, not a fault.
          log.info("request.aborted", { method: req.method, path: url.split("?")[0] });
          return;
        }
        const mapped = toHttpError(error);
        if (mapped.statusCode >= 500) log.error("request.crashed", { error: String(error), stack: (error as Error).stack });
        if (!res.headersSent) sendError(res, mapped);
        else res.end();
      } finally {
        log.info("request", {
          method: req.method,
          path: url.split("?")[0],
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        });
      }
    });
    return true;
  };

  async function serveRest(req: ApiRequest, res: ServerResponse): Promise<void> {
    const method = req.method ?? "GET";
    if (method === "POST" || method === "PATCH" || method === "PUT") {
      const type = req.headers["content-type"];
      if (!type || type.startsWith("application/json")) {
        req.body = await readJsonBody(req, bodyLimitFor(req.url ?? "/"));
        req.headers["content-type"] = "application/json";
      }
    }
    // Rewrite the adapter's answer into the spec's envelope for errors and empty 204s.
    const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
    res.end = ((chunk?: unknown) => {
      if (res.statusCode === 204) {
        res.removeHeader("Content-Type");
        return end();
      }
      if (res.statusCode >= 400) {
        const mapped = toHttpError(req.apiError ?? { name: "TRPCError", code: "NOT_FOUND", message: "Not found" });
        if (mapped.statusCode >= 500) log.error("request.failed", { error: String(req.apiError), stack: ((req.apiError as { cause?: Error })?.cause ?? (req.apiError as Error))?.stack });
        const body = JSON.stringify({ statusCode: mapped.statusCode, message: mapped.message, ...(mapped.errors ? { errors: mapped.errors } : {}) });
        res.statusCode = mapped.statusCode;
        if (mapped.retryAfterSeconds) res.setHeader("Retry-After", String(mapped.retryAfterSeconds));
        res.setHeader("Content-Type", "application/json; charset=utf-8");
        return end(body);
      }
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      return end(chunk);
    }) as typeof res.end;
    // Procedures are declared without the version prefix.
    req.url = (req.url ?? "/").slice("/api/v1".length) || "/";
    await rest(req, res);
  }
}

async function health(db: Db, res: ServerResponse): Promise<void> {
  try {
    await db.execute(sql`select 1`);
    sendJson(res, 200, { status: "ok", db: "ok" });
  } catch {
    sendJson(res, 503, { status: "degraded", db: "down" });
  }
}

/** Media uploads carry the file base64-encoded in JSON (4/3 of its size); every other body stays small. */
function bodyLimitFor(url: string): number {
  const path = url.split("?")[0];
  if (path === "/api/v1/media" || path === "/api/v1/media/") return Math.ceil((env().MEDIA_MAX_BYTES * 4) / 3) + 64 * 1024;
  return MAX_BODY_BYTES;
}
