import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { nodeHTTPRequestHandler } from "@trpc/server/adapters/node-http";
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import type { Db } from "../db";
import { identify, type IdentityResult } from "../auth/session";
import { useSessionStore } from "../auth/session-check";
import { createContext, type RequestInfo } from "../api/context";
import { openApiDocument } from "../api/openapi";
import { appRouter } from "../api/root";
import { tenantRef } from "../api/trpc";
import { toHttpError } from "../errors";
import { env } from "../env";
import { clock } from "../lib/clock";
import { log, requestStore } from "../lib/log";
import { toOriginForm } from "./app-server";
import { MAX_BODY_BYTES, parseCheckedJson, readBodyText } from "./body";
import type { RawRoute } from "./raw-route";
import { RAW_ROUTES } from "./raw-routes";
import { passGate } from "./rate-limit";
import { buildRestTable, callOperation, indexRestTable, readRestBody, restInput } from "./rest-routes";
import { applyApiSecurityHeaders } from "./security-headers";
import { sendError, sendJson } from "./send";

type ApiRequest = IncomingMessage & { info?: RequestInfo };

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

/**
 * The API in front of Next (custom server): /api/health, /api/v1 (REST: the procedures
 * dispatched from a route table built once from their `openapi` meta, rest-routes.ts; the raw
 * routes, raw-routes.ts), /api/v1/openapi.json and /api/trpc. Returns false for anything else
 * (pages, next-auth), which Next serves.
 */
export function createApiHandler(db: Db, opts: { rawRoutes?: RawRoute[] } = {}): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const restIndex = indexRestTable(buildRestTable());
  const rawRoutes = opts.rawRoutes ?? RAW_ROUTES;
  useSessionStore(db);

  return async (rawReq, res) => {
    const req = rawReq as ApiRequest;
    req.url = toOriginForm(req.url); // an absolute-form target's host is never used (app-server.ts)
    const url = req.url;
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
        // One round trip: the rate-limit count, and the tenant the request names (else the token's active one) with the caller's access there.
        const { decision, prefetched } = await passGate(
          db,
          { subject: identity ? `user:${identity.userId}` : `ip:${info.ip ?? "unknown"}`, tenantRef: tenantRef(info) ?? identity?.activeTenantId ?? null, userId: identity?.userId ?? null },
          res,
          now,
        );
        info.prefetched = prefetched;
        if (!decision.allowed) {
          return sendError(res, { statusCode: 429, message: "Too many requests", retryAfterSeconds: Math.max(1, decision.retryAfterSeconds) });
        }
        if (isTrpc) {
          const path = decodedPath(url.slice("/api/trpc/".length).split("?")[0]!);
          await checkTrpcInput(req, url, path);
          return await nodeHTTPRequestHandler({
            router: appRouter,
            req,
            res,
            path,
            createContext: () => createContext(db, info),
            responseMeta: ({ ctx }) => ({ headers: ctx?.response.headers ?? {} }),
          });
        }
        const parsed = new URL(url, "http://local");
        // Binary and streamed answers (raw-routes.ts), matched before the JSON operations.
        for (const route of rawRoutes) {
          const params = route.match(req.method ?? "GET", parsed.pathname);
          if (params) return await route.handle(req, res, db, parsed, params);
        }
        const pathOnly = parsed.pathname;
        if (req.method === "GET" && (pathOnly === "/api/v1/openapi.json" || pathOnly === "/api/v1/openapi.json/")) {
          return sendJson(res, 200, openApiDocument());
        }
        await serveRest(req, res, parsed);
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

  /**
   * A JSON operation: the procedure called through the app router's caller (the same chain as
   * tRPC), its answer written as the spec's body. Errors are thrown to the one error tail above.
   */
  async function serveRest(req: ApiRequest, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? "GET";
    const body = await readRestBody(req, bodyLimitFor(url.pathname));
    // Procedures are declared without the version prefix.
    const match = restIndex.match(method, url.pathname.slice("/api/v1".length) || "/");
    if (!match) {
      if (method === "HEAD") {
        res.statusCode = 204; // warm-up probe
        res.end();
        return;
      }
      throw new TRPCError({ code: "NOT_FOUND", message: "Not found" });
    }
    if (match.operation.noStore) res.setHeader("Cache-Control", "no-store"); // a token or secret answer (rest-routes.ts)
    const input = restInput(req, url, match.params, body);
    const ctx = createContext(db, req.info!);
    let data: unknown;
    try {
      data = await callOperation(match.operation, ctx, input);
    } finally {
      // Headers a procedure asked for (Retry-After, Location...), on success and on error.
      for (const [name, value] of Object.entries(ctx.response.headers)) res.setHeader(name, value);
    }
    const status = ctx.response.status ?? match.operation.status;
    if (status === 204 || data === undefined) {
      res.statusCode = status;
      res.end();
      return;
    }
    sendJson(res, status, data);
  }
}

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    throw new TRPCError({ code: "NOT_FOUND", message: "Not found" });
  }
}

/**
 * tRPC requests pass the same edge checks as REST ones (body.ts, input-guard.ts): the body is
 * read here (size, UTF-8, depth, prototype-named keys, control characters) and handed to tRPC
 * as text; a GET's `input` parameter is checked the same way.
 */
async function checkTrpcInput(req: IncomingMessage & { body?: unknown }, url: string, path: string): Promise<void> {
  if (req.method === "POST") {
    // A batch names its procedures comma-separated; the media upload carries a base64 file.
    const limit = path.split(",").includes("media.upload") ? bodyLimitFor("/api/v1/media") : MAX_BODY_BYTES;
    const raw = await readBodyText(req, limit);
    if (raw.trim()) parseCheckedJson(raw);
    req.body = raw;
    return;
  }
  const input = new URL(url, "http://local").searchParams.get("input");
  if (input) parseCheckedJson(input);
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
function bodyLimitFor(path: string): number {
  if (path === "/api/v1/media" || path === "/api/v1/media/") return Math.ceil((env().MEDIA_MAX_BYTES * 4) / 3) + 64 * 1024;
  return MAX_BODY_BYTES;
}
