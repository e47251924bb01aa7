import inject from "light-my-request";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { Guard } from "../../server/api/trpc";
import { ROLES, rolesWith, type Role } from "../../server/auth/permissions";
import type { Db } from "../../server/db";
import { rawRows } from "../../server/db/raw-rows";
import { createApiHandler } from "../../server/http/api-handler";
import { RAW_ROUTES } from "../../server/http/raw-routes";
import { buildRestTable } from "../../server/http/rest-routes";
import { idsOfKind, operationsOf, resolve, valueArb, type IdPools, type Json, type Operation, type Schema } from "./fuzz";

/**
 * Shared by the generated isolation test and the role matrix (tests/integration/isolation-*.test.ts
 * and role-matrix.test.ts): the API handler called in process (no socket, no HTTP parser), the
 * operations of the OpenAPI document with the guards their chain runs, the rows of one tenant read
 * from the database (ids and a digest), and request values generated from the documented schemas.
 */

export type InjectRequest = { method: string; url: string; headers: Record<string, string>; body?: string };
export type InjectAnswer = { status: number; text: string; contentType: string };

/** The API handler (server/http/api-handler.ts) over `db`, called with fake request/response objects. */
export function inProcessApi(db: Db): (req: InjectRequest) => Promise<InjectAnswer> {
  const handler = createApiHandler(db);
  const dispatch = (req: Parameters<typeof handler>[0], res: Parameters<typeof handler>[1]) => {
    void handler(req, res).then((handled) => {
      if (!handled) {
        res.statusCode = 404;
        res.end("not an API path");
      }
    });
  };
  return async ({ method, url, headers, body }) => {
    const res = await inject(dispatch, { method: method as "GET", url, headers, payload: body });
    return { status: res.statusCode, text: res.payload, contentType: String(res.headers["content-type"] ?? "") };
  };
}

/** One operation of the document and the guards of the chain that serves it (a JSON procedure or a raw route). */
export type GuardedOperation = Operation & { guards: Guard[]; tenantQuery?: string };

/** The document itself, served by the API handler before the route tables (server/http/api-handler.ts): public, no guard. */
const DOCUMENT_PATH = "/openapi.json";

/** Every operation of the OpenAPI document with its guards; throws when one is served by neither table. */
export function guardedOperations(doc: Json): GuardedOperation[] {
  const table = buildRestTable();
  return operationsOf(doc).map((operation) => {
    const raw = RAW_ROUTES.find((r) => r.path === operation.path && (r.method === operation.method || (operation.method === "HEAD" && r.head)));
    const rest = table.get(operation.method)?.find((o) => o.path === operation.path);
    const guards = raw?.guards ?? rest?.guards ?? (operation.method === "GET" && operation.path === DOCUMENT_PATH ? [] : undefined);
    if (!guards) throw new Error(`${operation.method} ${operation.path}: in the document but in no route table`);
    return { ...operation, guards, tenantQuery: raw?.tenantQuery };
  });
}

/**
 * The tenant roles a chain lets through, from its declared guards: `public` (no identity needed),
 * every role (identity or membership only), the roles holding every permission it asks, or none
 * (platform administrators only).
 */
export function rolesAllowed(guards: Guard[]): { public: boolean; roles: readonly Role[] } {
  let roles: readonly Role[] = ROLES;
  for (const g of guards) {
    if (g.kind === "permission") roles = roles.filter((r) => (rolesWith(g.permission) as readonly Role[]).includes(r));
    if (g.kind === "platformAdmin") roles = [];
  }
  return { public: !guards.some((g) => g.kind === "identity"), roles };
}

/** The tables with a tenant_id column (every tenant-owned table), read from the catalogue. */
export async function tenantTables(db: Db): Promise<{ table: string; hasId: boolean }[]> {
  const rows = await rawRows<{ table_name: string; has_id: boolean | string }>(
    db,
    sql`select c.table_name, bool_or(i.column_name is not null) as has_id
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        left join information_schema.columns i on i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id'
        where c.table_schema = 'public' and c.column_name = 'tenant_id'
        group by c.table_name order by c.table_name`,
  );
  return rows.map((r) => ({ table: r.table_name, hasId: r.has_id === true || r.has_id === "t" }));
}

/**
 * A digest of one tenant's rows, per table: the row count and the md5 of the sorted md5s of the
 * rows' text, over every tenant-owned table, plus the users who belong to no other tenant.
 */
export async function tenantDigest(db: Db, tenantId: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { table } of await tenantTables(db)) {
    const [row] = await rawRows<{ n: number | string; h: string }>(
      db,
      sql`select count(*)::int as n, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as h from ${sql.identifier(table)} t where t.tenant_id = ${tenantId}`,
    );
    out[table] = `${row!.n}:${row!.h}`;
  }
  const [users] = await rawRows<{ n: number | string; h: string }>(
    db,
    sql`select count(*)::int as n, md5(coalesce(string_agg(md5(u::text), '' order by md5(u::text)), '')) as h from users u
        where exists (select 1 from memberships m where m.user_id = u.id and m.tenant_id = ${tenantId})
          and not exists (select 1 from memberships m where m.user_id = u.id and m.tenant_id <> ${tenantId})`,
  );
  out["users (of this tenant only)"] = `${users!.n}:${users!.h}`;
  return out;
}

/** The ids of one tenant's rows (every tenant-owned table with an `id`, and its own users), from the database. */
export async function tenantRowIds(db: Db, tenantId: string): Promise<string[]> {
  const ids: string[] = [];
  for (const { table, hasId } of await tenantTables(db)) {
    if (!hasId) continue;
    const rows = await rawRows<{ id: string }>(db, sql`select t.id::text as id from ${sql.identifier(table)} t where t.tenant_id = ${tenantId}`);
    for (const r of rows) ids.push(r.id);
  }
  const users = await rawRows<{ id: string }>(
    db,
    sql`select u.id from users u where exists (select 1 from memberships m where m.user_id = u.id and m.tenant_id = ${tenantId})
        and not exists (select 1 from memberships m where m.user_id = u.id and m.tenant_id <> ${tenantId})`,
  );
  for (const r of users) ids.push(r.id);
  return ids;
}

/** Identifiers in a text (`{prefix}_{24 alphanumerics}`, server/lib/ids.ts). */
export function idsIn(text: string): string[] {
  return text.match(/\b[a-z]{2,4}(?:_[a-z])?_[a-z0-9]{24}\b/g) ?? [];
}

/** Where the generated ids go: path parameters, id-named body fields and id-named query parameters take them from their pool. */
export type IdPlacement = { path: IdPools; body: IdPools; query: IdPools };

export type GeneratedRequest = { method: string; path: string; query: [string, string][]; body?: unknown };

/**
 * One valid-ish request for an operation (the documented schemas, fuzz.ts's value generators),
 * ids taken from the placement's pools by kind (courseId, /courses/{id}); `omit`: body fields never
 * generated. Deterministic for a seed.
 */
export function generateRequest(doc: Json, operation: Operation, placement: IdPlacement, seed: number, omit: string[] = []): GeneratedRequest {
  const { method, path, op } = operation;
  const params = (op.parameters ?? []) as Json[];
  const segments = path.split("/");
  const hintOf = (name: string) => (name === "id" ? (segments.at(segments.indexOf(`{${name}}`) - 1) ?? name) : name);
  let url = path;
  for (const p of params.filter((x) => x.in === "path")) {
    const name = p.name as string;
    const pool = placement.path;
    const slugLike = /slug/i.test(name);
    const candidates = slugLike && pool.ownSlugs.length ? pool.ownSlugs : idsOfKind(pool.own, hintOf(name));
    const value = candidates.length ? candidates[Math.abs(seed * 31 + name.length) % candidates.length]! : "none";
    url = url.replace(`{${name}}`, encodeURIComponent(value));
  }
  const query: [string, string][] = [];
  for (const p of params.filter((x) => x.in === "query")) {
    const name = p.name as string;
    const idNamed = name === "id" || /Ids?$/.test(name);
    if (!p.required && !idNamed) continue;
    const [value] = fc.sample(valueArb(doc, p.schema as Schema, placement.query, name), { seed: seed + name.length, numRuns: 1 });
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) query.push([name, typeof v === "string" ? v : JSON.stringify(v)]);
  }
  const content = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  let schema = content?.["application/json"]?.schema as Schema | undefined;
  let body: unknown;
  if (schema) {
    if (omit.length) {
      const r = resolve(doc, schema);
      const props = { ...((r.properties ?? {}) as Json) };
      for (const k of omit) delete props[k];
      schema = { ...r, properties: props, required: ((r.required ?? []) as string[]).filter((k) => !omit.includes(k)) };
    }
    [body] = fc.sample(valueArb(doc, schema, placement.body), { seed, numRuns: 1 });
    body = withIds(body, placement.body, "", seed);
  }
  return { method, path: url, query: query.map(([k, v]) => [k, /^(id|.*Ids?)$/.test(k) ? pick(idsOfKind(placement.query.own, k), seed) ?? v : v]), body };
}

function pick<T>(list: T[], seed: number): T | undefined {
  return list.length ? list[Math.abs(seed) % list.length] : undefined;
}

/** Every id-named field (`id`, `*Id`, `*Ids`) of a generated value, at any depth, holds an id of its kind from the pool. */
function withIds(value: unknown, pool: IdPools, key: string, seed: number): unknown {
  const idNamed = key === "id" || /Ids?$/.test(key);
  if (Array.isArray(value)) return value.map((v, i) => withIds(v, pool, idNamed ? key.replace(/s$/, "") : key, seed + i));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v], i) => [k, withIds(v, pool, k, seed + i)]));
  if (idNamed && typeof value === "string") return pick(idsOfKind(pool.own, key), seed) ?? value;
  return value;
}
