import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { inferProcedureBuilderResolverOptions, TRPCQueryProcedure } from "@trpc/server";
import type { z, ZodType } from "zod";
import { createContext, type RequestInfo } from "../api/context";
import { readProcedureTable } from "../api/procedure-defs";
import { can, createCallerFactory, ofModeProcedure, publicProcedure, publicTenantProcedure, router, tenantProcedure, type AppMeta, type Guard } from "../api/trpc";
import type { Permission } from "../auth/permissions";
import type { Db } from "../db";
import { MAX } from "../contracts/bounds";
import { badRequest, DomainError } from "../errors";
import { log } from "../lib/log";
import { MAX_BODY_BYTES, parseCheckedJson, readBodyText } from "./body";
import { refuseControlCharacters } from "./input-guard";

/** What a raw route's procedure returns: the body and how to present it. */
type RawBody = {
  contentType: string;
  /** Sent as Content-Disposition (attachment unless `disposition` says inline). */
  filename?: string;
  disposition?: "inline" | "attachment";
  /** A buffer is sent with Content-Length; a stream or async iterable is piped with back-pressure. */
  body: Uint8Array | Readable | AsyncIterable<Uint8Array | string>;
  /** Known size of a streamed body (Content-Length). */
  length?: number;
  /** Default `no-store`. */
  cacheControl?: string;
  /** Extra headers (Content-Security-Policy...). */
  headers?: Record<string, string>;
  /** A redirect instead of a body: 302 with this Location (routes declaring `successStatus: 302`). */
  redirect?: string;
};

/**
 * Who may call a raw route, declared with the route (the OpenAPI operation shows it):
 * `public` (no identity: publicProcedure; webhooks and callbacks authenticate themselves; with
 * `tenant: true`, publicTenantProcedure: the tenant resolved, a token in the path authorises),
 * `member` (any member of the tenant, object rules in the handler) or a `permission` of
 * server/auth/permissions.ts; `ofMode` adds the 403 of OF-mode features.
 */
export type RouteAccess = { public: true; tenant?: true } | { member: true; ofMode?: boolean } | { permission: Permission; ofMode?: boolean };

/** The OpenAPI operation of a raw route: what the document shows, declared once with the route. */
type RawOperationDoc = {
  summary: string;
  description: string;
  tags: string[];
  /** Media type of the success body (`*\/*` when it is the stored file's own). */
  produces: string | string[];
  /** The success response's description. */
  successDescription: string;
  /** The route's own error statuses (the edge's 400/401/403/404/408/429/431 are added to every operation). */
  errorResponses: Record<number, string>;
};

type PublicCtx = inferProcedureBuilderResolverOptions<typeof publicProcedure>["ctx"];
type TenantCtx = inferProcedureBuilderResolverOptions<typeof tenantProcedure>["ctx"];
type PublicTenantCtx = inferProcedureBuilderResolverOptions<typeof publicTenantProcedure>["ctx"];
type CtxOf<A extends RouteAccess> = A extends { public: true; tenant: true } ? PublicTenantCtx : A extends { public: true } ? PublicCtx : TenantCtx;

export type RawRouteDef<S extends ZodType, A extends RouteAccess> = {
  /** POST: the JSON body's members are passed to the input too (path parameters win), unless `bodyText` is set. */
  method: "GET" | "POST";
  /** Path under /api/v1, `{name}` for a path parameter: "/emargement/{sessionId}/pdf". */
  path: string;
  /** Query parameters passed to the input (any other is ignored). */
  query?: string[];
  /**
   * A query parameter that names the tenant when neither X-Tenant-ID nor the sub-domain does
   * (links in `<img src>` cannot send a header).
   */
  tenantQuery?: string;
  /**
   * POST: the body is passed unparsed, as this input field (a signature computed over the raw
   * bytes, e.g. a media server's webhook); any content type. The handler parses it after its
   * checks (body.ts parseCheckedJson for JSON).
   */
  bodyText?: string;
  /** The request body for the OpenAPI document (a `bodyText` route's media type). */
  requestBody?: { mediaType: string; description: string; schema?: ZodType };
  /** The success body's schema for the OpenAPI document when `produces` is JSON. */
  successSchema?: ZodType;
  /** Also answer HEAD (headers only). */
  head?: boolean;
  /** 302: the route answers a redirect (RawBody.redirect), e.g. an OAuth callback. Default 200. */
  successStatus?: 200 | 302;
  /** Who may call it: the procedure chain is built from it (identity, tenant, membership, permission, OF mode). */
  access: A;
  /** The path parameters plus the `query` ones (plus the JSON body's members for POST); the OpenAPI parameters come from it. */
  input: S;
  /** The OpenAPI operation. */
  doc: RawOperationDoc;
  /** Produces the body, with the chain's ctx (caller, scope, clock) and the parsed input. */
  handler: (opts: { ctx: CtxOf<A>; input: z.output<S> }) => Promise<RawBody> | RawBody;
};

export type RawRoute<S extends ZodType = ZodType> = {
  method: "GET" | "POST";
  head: boolean;
  path: string;
  successStatus: 200 | 302;
  access: RouteAccess;
  query: string[];
  tenantQuery?: string;
  doc: RawOperationDoc;
  input: ZodType;
  requestBody?: { mediaType: string; description: string; schema?: ZodType };
  successSchema?: ZodType;
  /** The guards of the route's chain, as the procedure table reads them (identity, member, permission...). */
  guards: Guard[];
  /** The path parameters when `method` and `pathname` are this route's (HEAD too where declared), else null. */
  match: (method: string, pathname: string) => Record<string, string> | null;
  /** Answers a request that `match` accepted: `url` is the parsed request URL, `params` what match returned. */
  handle: (req: IncomingMessage & { info?: RequestInfo }, res: ServerResponse, db: Db, url: URL, params: Record<string, string>) => Promise<void>;
  /**
   * The same route on the tRPC transport (same chain, input and handler; no OpenAPI meta, so it
   * adds no REST operation): the body read whole, as base64 or as text.
   */
  trpc: (encoding: "base64" | "text") => TRPCQueryProcedure<{ input: z.input<S>; output: string; meta: AppMeta }>;
};

type RawCaller = (ctx: ReturnType<typeof createContext>) => { run: (input: unknown) => Promise<RawBody> };

/** The procedure chain of an access declaration. */
function chainOf(access: RouteAccess): typeof tenantProcedure {
  if ("public" in access) return (access.tenant ? publicTenantProcedure : publicProcedure) as unknown as typeof tenantProcedure;
  const permission = "permission" in access ? access.permission : undefined;
  if (access.ofMode) return ofModeProcedure(permission);
  return permission ? can(permission) : tenantProcedure;
}

/** Reads a body whole (the tRPC transport answers one JSON string). */
async function bodyBytes(body: RawBody["body"]): Promise<Buffer> {
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const parts: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array | string>) parts.push(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk));
  return Buffer.concat(parts);
}

function pathRegExp(path: string): RegExp {
  const body = path.replace(/\./g, "\\.").replace(/\{(\w+)\}/g, (_, name: string) => `(?<${name}>[^/?#]+)`);
  return new RegExp(`^/api/v1${body}/?$`);
}

/**
 * One raw (non-JSON) route: PDF, CSV, XLSX, images, stored files, ZIP, webhooks. Declared once:
 * method, path, access (the permission), input, the OpenAPI operation and the handler together;
 * the OpenAPI document (server/api/openapi.ts) is generated from this declaration, and no tRPC
 * procedure documents the same path. Errors (before the first byte) use the spec's JSON error
 * body through the API handler's one error tail; after the first byte the connection is cut.
 */
export function rawRoute<S extends ZodType, A extends RouteAccess>(def: RawRouteDef<S, A>): RawRoute<S> {
  const re = pathRegExp(def.path);
  const handler = def.handler as unknown as (opts: { ctx: TenantCtx; input: unknown }) => Promise<RawBody>;
  const procedure = chainOf(def.access)
    .input(def.input)
    .query(async (opts) => handler({ ctx: opts.ctx, input: opts.input }));
  const routeRouter = router({ run: procedure });
  const caller = createCallerFactory(routeRouter) as unknown as RawCaller;
  return {
    method: def.method,
    head: def.head ?? false,
    path: def.path,
    successStatus: def.successStatus ?? 200,
    access: def.access,
    query: def.query ?? [],
    tenantQuery: def.tenantQuery,
    doc: def.doc,
    input: def.input,
    requestBody: def.requestBody,
    successSchema: def.successSchema,
    guards: readProcedureTable(routeRouter)[0]!.guards,
    trpc: (encoding) =>
      chainOf(def.access)
        .input(def.input)
        .query(async (opts) => {
          const bytes = await bodyBytes((await handler({ ctx: opts.ctx, input: opts.input })).body);
          return encoding === "base64" ? bytes.toString("base64") : bytes.toString("utf8");
        }) as unknown as TRPCQueryProcedure<{ input: z.input<S>; output: string; meta: AppMeta }>,
    match(method, pathname) {
      if (method !== def.method && !(method === "HEAD" && def.head === true)) return null;
      const m = re.exec(pathname);
      return m ? { ...m.groups } : null;
    },
    async handle(req, res, db, url, params) {
      const isHead = req.method === "HEAD" && def.head === true;
      if (!req.info) throw new Error("raw routes run behind the API handler (request info missing)");
      const input: Record<string, unknown> = {};
      let text: string | undefined;
      if (req.method === "POST" && def.bodyText) {
        text = await readBodyText(req, MAX_BODY_BYTES);
      } else if (req.method === "POST") {
        const raw = await readBodyText(req, MAX_BODY_BYTES);
        const body = raw.trim() ? parseCheckedJson(raw) : {};
        if (typeof body !== "object" || body === null || Array.isArray(body)) throw new DomainError("BAD_REQUEST", "The body must be a JSON object", { reason: "BAD_REQUEST" });
        Object.assign(input, body);
      }
      for (const key of def.query ?? []) {
        const value = url.searchParams.get(key);
        if (value !== null) input[key] = value;
      }
      for (const [key, value] of Object.entries(params)) {
        try {
          input[key] = decodeURIComponent(value);
        } catch {
          throw new DomainError("BAD_REQUEST", `Invalid ${key}`);
        }
      }
      // Same refusal as the JSON operations' (rest-routes.ts): NUL and other control characters -> 400 naming the field.
      refuseControlCharacters(input);
      if (def.bodyText && text !== undefined) input[def.bodyText] = text;
      if (def.tenantQuery) {
        const tenantRef = url.searchParams.get(def.tenantQuery);
        refuseControlCharacters({ [def.tenantQuery]: tenantRef });
        if (tenantRef && tenantRef.length > MAX.id) throw badRequest("Validation failed", { [def.tenantQuery]: [`At most ${MAX.id} characters`] }, "VALIDATION_FAILED");
      }
      const info = withTenantFromQuery(req.info, def.tenantQuery ? url.searchParams.get(def.tenantQuery) : null);
      const out = await caller(createContext(db, info)).run(input);
      await sendRaw(res, out, isHead);
    },
  };
}

/** The chain reads the tenant from X-Tenant-ID or the host; a route's tenant query parameter fills in when both are absent. */
function withTenantFromQuery(info: RequestInfo, ref: string | null): RequestInfo {
  const value = ref?.trim();
  if (!value || info.headers["x-tenant-id"]) return info;
  return { ...info, headers: { ...info.headers, "x-tenant-id": value } };
}

/** `inline|attachment; filename="…"`, plus the RFC 6266 UTF-8 form when the name is not plain ASCII. */
function contentDisposition(type: "inline" | "attachment", fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  if (ascii === fileName) return `${type}; filename="${fileName}"`;
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

async function sendRaw(res: ServerResponse, out: RawBody, headOnly: boolean): Promise<void> {
  if (out.redirect !== undefined) {
    res.statusCode = 302;
    res.setHeader("Location", out.redirect);
    res.setHeader("Cache-Control", out.cacheControl ?? "no-store");
    for (const [name, value] of Object.entries(out.headers ?? {})) res.setHeader(name, value);
    res.end();
    return;
  }
  const stream = !(out.body instanceof Uint8Array);
  // A stream's first chunk is read before the status line, so a failure there is still a JSON error.
  const iterator = stream ? (out.body as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]() : undefined;
  const first = iterator && !headOnly ? await iterator.next() : undefined;
  if (res.destroyed) {
    await iterator?.return?.();
    return; // the client went away while the body was prepared
  }
  res.statusCode = 200;
  res.setHeader("Content-Type", out.contentType);
  if (out.filename) res.setHeader("Content-Disposition", contentDisposition(out.disposition ?? "attachment", out.filename));
  res.setHeader("Cache-Control", out.cacheControl ?? "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  for (const [name, value] of Object.entries(out.headers ?? {})) res.setHeader(name, value);
  const length = stream ? out.length : (out.body as Uint8Array).byteLength;
  if (length !== undefined) res.setHeader("Content-Length", String(length));
  if (headOnly || !iterator) {
    if (iterator) await iterator.return?.();
    if (out.body instanceof Readable) out.body.destroy();
    res.end(headOnly ? undefined : (out.body as Uint8Array));
    return;
  }
  async function* rest() {
    try {
      if (first!.done) return;
      yield first!.value;
      for (let next = await iterator!.next(); !next.done; next = await iterator!.next()) yield next.value;
    } finally {
      await iterator!.return?.(); // the client went away (or the source failed): close the source
    }
  }
  // pipeline: waits for the socket to drain (back-pressure) and, when the client goes away,
  // stops reading the source.
  try {
    await pipeline(Readable.from(rest(), { objectMode: false }), res);
  } catch (error) {
    // After the first byte nothing can be answered: the connection is cut (pipeline destroyed it).
    if ((error as { code?: string }).code !== "ERR_STREAM_PREMATURE_CLOSE") log.error("raw.stream.failed", { error: String(error), stack: (error as Error).stack });
  }
}
