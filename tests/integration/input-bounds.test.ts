import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { procedureTable } from "../../server/api/procedure-table";
import { MAX_BODY_BYTES } from "../../server/http/body";
import { RAW_ROUTES } from "../../server/http/raw-routes";
import { tokenFor, login } from "../factories";
import { startApi, type TestApi } from "../helpers/api";

/**
 * Generated from the contracts: for every operation whose input (zod) has a bounded string or
 * array, one request with each such field one past its bound answers 400 with `errors` naming the
 * field's path (422 on the operations for which the spec names 422 for invalid fields, their meta's
 * `validationStatus`: conventions §4, the spec's status wins). Fields whose bound exceeds what a request can carry (a body over MAX_BODY_BYTES is
 * 413, a query string over ~2 kB is 431 before any contract runs) are bounded by those limits
 * instead and left out.
 */
const QUERY_BUDGET = 2_000;
/** Bodies are sent in groups of fields small enough for the body limit. */
const BODY_BUDGET = MAX_BODY_BYTES - 100_000;

type Json = Record<string, any>;
type Field = { path: string[]; value: unknown; size: number };
type Op = { key: string; method: string; path: string; query: string[]; fields: Field[]; status: number };

/** The first member of a union (optional, nullable) that is a string, an array or an object. */
function branch(schema: Json): Json {
  for (const alt of (schema.anyOf ?? schema.oneOf ?? []) as Json[]) if (["string", "array", "object"].includes(alt.type)) return alt;
  return schema;
}

function sample(schema: Json): unknown {
  const s = branch(schema);
  if (s.enum) return s.enum[0];
  if (s.const !== undefined) return s.const;
  if (s.type === "string") return "a";
  if (s.type === "integer" || s.type === "number") return s.minimum ?? 0;
  if (s.type === "boolean") return false;
  if (s.type === "array") return [];
  return {};
}

/** Every bounded string or array under `schema`, with a value one past its bound (arrays of objects: walked through their first item). */
function overLong(schema: Json, path: string[], out: Field[]): void {
  const s = branch(schema);
  if (s.type === "string" && typeof s.maxLength === "number" && !s.enum) {
    out.push({ path, value: "x".repeat(s.maxLength + 1), size: s.maxLength + 1 });
  } else if (s.type === "array" && typeof s.maxItems === "number") {
    const item = sample(s.items ?? {});
    out.push({ path, value: Array.from({ length: s.maxItems + 1 }, () => sample(s.items ?? {})), size: (s.maxItems + 1) * (JSON.stringify(item).length + 1) });
    if (s.items && branch(s.items).type === "object") overLong(s.items, [...path, "0"], out);
  } else if (s.type === "object" && s.properties) {
    for (const [name, prop] of Object.entries(s.properties as Json)) overLong(prop, [...path, name], out);
  }
}

function inputSchema(input: unknown): Json | null {
  if (!input || typeof input !== "object" || !("_zod" in input) || input instanceof z.ZodVoid) return null;
  return z.toJSONSchema(input as z.ZodType, { io: "input", unrepresentable: "any" }) as Json;
}

function operations(): Op[] {
  const out: Op[] = [];
  const add = (method: string, path: string, query: string[], schema: Json | null, status = 400) => {
    if (!schema) return;
    const fields: Field[] = [];
    overLong(schema, [], fields);
    const usable = fields.filter((f) => {
      const isPathOrQuery = f.path.length === 1 && (path.includes(`{${f.path[0]}}`) || method === "GET");
      return isPathOrQuery ? f.size <= QUERY_BUDGET && typeof f.value === "string" : f.size <= BODY_BUDGET;
    });
    if (usable.length) out.push({ key: `${method} ${path}`, method, path, query, fields: usable, status });
  };
  for (const { meta, inputs } of procedureTable()) {
    if (!meta.openapi || meta.openapi.enabled === false) continue;
    add(meta.openapi.method, meta.openapi.path, [], inputSchema(inputs[0]), meta.validationStatus ?? 400);
  }
  for (const route of RAW_ROUTES) {
    if (route.requestBody) continue; // the body is the gateway's or media server's own bytes, checked by signature
    add(route.method, route.path, route.query, inputSchema(route.input));
  }
  return out;
}

/**
 * Groups of fields whose values fit in one request. A field inside an array's item goes alone
 * (its array then has that one item), apart from the array's own over-long value.
 */
function groups(fields: Field[]): Field[][] {
  const out: Field[][] = fields.filter((f) => f.path.some((p) => /^\d+$/.test(p))).map((f) => [f]);
  fields = fields.filter((f) => !f.path.some((p) => /^\d+$/.test(p)));
  let cur: Field[] = [];
  let size = 0;
  for (const f of fields) {
    if (cur.length && size + f.size > BODY_BUDGET) {
      out.push(cur);
      cur = [];
      size = 0;
    }
    cur.push(f);
    size += f.size;
  }
  if (cur.length) out.push(cur);
  return out;
}

function setAt(target: Json, path: string[], value: unknown): void {
  let cur: any = target;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    const nextIsIndex = /^\d+$/.test(path[i + 1]!);
    if (cur[key] === undefined || typeof cur[key] !== "object") cur[key] = nextIsIndex ? [] : {};
    cur = cur[key];
  }
  const last = path[path.length - 1]!;
  // an array of objects walked through its first item keeps that item
  if (Array.isArray(cur[last]) && Array.isArray(value)) return;
  cur[last] = value;
}

let api: TestApi;
const callers: { name: string; tenant: string; token: string }[] = [];
beforeAll(async () => {
  process.env.RATE_LIMIT_PER_HOUR = "1000000000";
  api = await startApi({ demo: true });
  for (const who of ["admin", "creator", "trainer", "learner", "finance", "funder"]) callers.push({ name: who, tenant: "acme", token: await tokenFor(api, "acme", who) });
  callers.push({ name: "platform", tenant: "acme", token: (await login(api, "", "platform@admin.test")).accessToken });
}, 300_000);
afterAll(async () => {
  delete process.env.RATE_LIMIT_PER_HOUR;
  await api?.close();
});

async function send(op: Op, fields: Field[], caller: (typeof callers)[number]) {
  const params: Record<string, string> = {};
  const body: Json = {};
  const query = new URLSearchParams();
  for (const f of fields) {
    const name = f.path[0]!;
    if (f.path.length === 1 && op.path.includes(`{${name}}`)) params[name] = f.value as string;
    else if (op.method === "GET") query.set(name, f.value as string);
    else setAt(body, f.path, f.value);
  }
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? "x"));
  const qs = query.size ? `?${query.toString()}` : "";
  return api.call(op.method, `${url}${qs}`, { tenant: caller.tenant, token: caller.token, ...(op.method === "GET" || op.method === "DELETE" ? {} : { body }) });
}

describe("over-long inputs (server/contracts/bounds.ts): refused, naming the field", () => {
  it("answers 400 (the spec's 422 where it names one) with errors naming each over-long string or array, on every operation that takes one", async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(150);
    const failures: string[] = [];
    let checked = 0;
    for (const op of ops) {
      for (const group of groups(op.fields)) {
        let res: Awaited<ReturnType<typeof send>> | undefined;
        // the first caller the operation lets through to its contract (identity, tenant and role come first)
        for (const caller of callers) {
          res = await send(op, group, caller);
          if (res.status !== 401 && res.status !== 403) break;
        }
        const expected = group.map((f) => f.path.join("."));
        const named = Object.keys((res!.body as { errors?: Json })?.errors ?? {});
        const missing = expected.filter((p) => !named.includes(p));
        if (res!.status !== op.status || missing.length) failures.push(`${op.key} ${res!.status} missing ${missing.join(",")} got ${named.slice(0, 8).join(",")} ${JSON.stringify(res!.body).slice(0, 160)}`);
        checked += group.length;
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(500);
    expect(ops.filter((op) => op.status === 400).length).toBeGreaterThan(100);
  }, 600_000);
});
