import type { IncomingMessage } from "node:http";
import { callTRPCProcedure, TRPCError } from "@trpc/server";
import { z } from "zod";
import type { Context } from "../api/context";
import type { Guard } from "../api/trpc";
import { procedureTable, type ProcedureEntry } from "../api/procedure-table";
import { appRouter } from "../api/root";
import { readJsonBody } from "./body";
import { refuseControlCharacters } from "./input-guard";

/** One REST operation: a procedure with `openapi` meta. */
export type RestOperation = {
  method: string;
  /** The documented path, e.g. /users/{id}. */
  path: string;
  /** Dotted procedure path, e.g. users.byId. */
  procedure: string;
  type: "query" | "mutation";
  /** REST success status from the meta (201, 202, 204), else 200. */
  status: number;
  /** False when the procedure takes no input at all (z.void()). */
  takesInput: boolean;
  /** The answer carries a token or a secret: sent with `Cache-Control: no-store` (see carriesSecret). */
  noStore: boolean;
  /** The guards of the procedure's chain, in the order they run (identity, member, permission...). */
  guards: Guard[];
  re: RegExp;
};

/** Output fields that hold a credential: an access or refresh token, a join token, a signing secret, an API key. */
const SECRET_FIELDS = ["accessToken", "refreshToken", "token", "secret", "apiKey"] as const;
const SECRET_FIELD_RE = new RegExp(`"(?:${SECRET_FIELDS.join("|")})":`);

/**
 * THE rule for `Cache-Control: no-store` on unauthenticated answers too: an operation whose
 * output contract (zod) names one of SECRET_FIELDS, at any depth, is a token or secret response
 * (login, refresh, token exchange, switch-tenant, sign-up, invitation acceptance, the webhook's
 * creation with its secret, the service API key, a live-session join token). Derived from the
 * contract, so a new operation returning such a field gets the header without anyone remembering.
 * (Answers to requests that present credentials get no-store anyway: security-headers.ts.)
 */
export function carriesSecret(output: unknown): boolean {
  if (!output || typeof output !== "object" || !("_zod" in output)) return false;
  const schema = z.toJSONSchema(output as z.ZodType, { unrepresentable: "any", io: "output", cycles: "ref" });
  return SECRET_FIELD_RE.test(JSON.stringify(schema));
}

export type RestMatch = { operation: RestOperation; params: Record<string, string> };

/** Same normalisation and matching as trpc-to-openapi's, so the document and the dispatch agree. */
const normalizePath = (path: string) => `/${path.replace(/^\/|\/$/g, "")}`;
const pathRegExp = (path: string) => new RegExp(`^${path.replace(/\{(.+?)\}/g, (_, key: string) => `(?<${key}>[^/]+)`)}$`, "i");

/**
 * The REST route table, built ONCE from the procedures' meta (the same meta the OpenAPI document
 * is generated from): method -> operations in registration order; the first whose path matches
 * wins (tests/unit/openapi-routes.test.ts checks that no path shadows another).
 */
export function buildRestTable(entries: ProcedureEntry[] = procedureTable()): Map<string, RestOperation[]> {
  const table = new Map<string, RestOperation[]>();
  for (const { path: procedure, type, meta, inputs, output, guards } of entries) {
    const openapi = meta.openapi;
    if (!openapi || openapi.enabled === false || type === "subscription") continue;
    const path = normalizePath(openapi.path);
    const list = table.get(openapi.method) ?? [];
    list.push({
      method: openapi.method,
      path,
      procedure,
      type,
      status: meta.status ?? 200,
      takesInput: !(inputs.length === 1 && inputs[0] instanceof z.ZodVoid),
      noStore: carriesSecret(output),
      guards,
      re: pathRegExp(path),
    });
    table.set(openapi.method, list);
  }
  return table;
}

/**
 * The dispatch index of a route table, built once: paths without parameters by their exact
 * (lower-case: matching is case-insensitive) text, one Map lookup; templated paths grouped by
 * method and segment count, tried in registration order (a parameter never spans segments).
 * A static path wins over a templated one of the same shape; tests/unit/openapi-routes.test.ts
 * keeps any path from shadowing another, so the order of the scan never decides.
 */
export type RestIndex = { match(method: string, pathname: string): RestMatch | null };

const segmentCount = (path: string) => path.split("/").length;
const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

export function indexRestTable(table: Map<string, RestOperation[]>): RestIndex {
  const statics = new Map<string, RestOperation>();
  const templated = new Map<string, RestOperation[]>();
  for (const [method, operations] of table) {
    for (const operation of operations) {
      if (!operation.path.includes("{")) {
        const key = `${method} ${operation.path.toLowerCase()}`;
        if (!statics.has(key)) statics.set(key, operation);
        continue;
      }
      const key = `${method} ${segmentCount(operation.path)}`;
      templated.set(key, [...(templated.get(key) ?? []), operation]);
    }
  }
  return {
    match(method, pathname) {
      const path = normalizePath(pathname);
      const operation = statics.get(`${method} ${path.toLowerCase()}`);
      if (operation) return { operation, params: NO_PARAMS };
      for (const candidate of templated.get(`${method} ${segmentCount(path)}`) ?? []) {
        const m = candidate.re.exec(path);
        if (m) return { operation: candidate, params: { ...m.groups } };
      }
      return null;
    },
  };
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

/**
 * The JSON body of a POST, PUT or PATCH (a body-less one without content-type is `{}`);
 * undefined when the request declares another content type (answered 415 once the route is known).
 */
export async function readRestBody(req: IncomingMessage, maxBodyBytes: number): Promise<unknown> {
  if (!BODY_METHODS.has(req.method ?? "")) return undefined;
  const type = req.headers["content-type"];
  if (type && !type.startsWith("application/json")) return undefined;
  return readJsonBody(req, maxBodyBytes);
}

/**
 * A request's input: the JSON body (POST, PUT, PATCH) or the query string (one value per key,
 * an array when repeated), plus the path parameters. Query values stay strings: GET inputs
 * declare `z.coerce` where they take numbers (tests/unit/rest-query-inputs.test.ts keeps that
 * true), and JSON bodies keep their own types — zod schemas are never altered.
 */
export function restInput(req: IncomingMessage, url: URL, params: Record<string, string>, body: unknown): Record<string, unknown> {
  // Path parameters are checked decoded (%00 is a NUL); the body was checked when read (body.ts).
  refuseControlCharacters(Object.fromEntries(Object.entries(params).map(([key, value]) => [key, decodedOrRaw(value)])));
  if (BODY_METHODS.has(req.method ?? "")) {
    if (body === undefined) {
      const type = String(req.headers["content-type"]);
      throw new TRPCError({ code: "UNSUPPORTED_MEDIA_TYPE", message: `Unsupported content-type "${type}` });
    }
    return { ...(body as object), ...params };
  }
  // Null prototype: a parameter named __proto__ or toString is a plain key.
  const query = Object.create(null) as Record<string, string | string[]>;
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  refuseControlCharacters(query);
  return { ...query, ...params };
}

function decodedOrRaw(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Calls the operation's procedure, the same chain as tRPC (its middlewares, parsers and guards),
 * with tRPC's public `callTRPCProcedure`: the procedure is looked up by its dotted path in the
 * router's flat map, with no caller proxy built per request.
 */
export function callOperation(operation: RestOperation, ctx: Context, input: unknown): Promise<unknown> {
  const raw = operation.takesInput ? input : undefined;
  return callTRPCProcedure({ router: appRouter, path: operation.procedure, type: operation.type, ctx, getRawInput: async () => raw, signal: undefined, batchIndex: 0 });
}
