import fc from "fast-check";

/**
 * Request generation for the fuzz test (tests/integration/fuzz.test.ts): values built from an
 * operation's OpenAPI schema (valid-ish), then mutated (wrong types, missing required fields,
 * huge strings, unicode, control characters, prototype-named keys, deep nesting, ids of the
 * other tenant, malformed or non-JSON bodies).
 */

export type Json = Record<string, unknown>;
export type Schema = Json;

export type IdPools = {
  /** Ids of the tenant under test (acme), by nothing more than their form. */
  own: string[];
  ownSlugs: string[];
  /** Ids and slugs of the other tenant (globex). */
  other: string[];
  otherSlugs: string[];
};

export type FuzzRequest = {
  method: string;
  path: string;
  query: [string, string][];
  /** A JSON value to send, or `raw` (with its content type) for hand-built bodies. */
  body?: unknown;
  raw?: string | Uint8Array;
  contentType?: string;
  caller: "admin" | "learner" | "anonymous" | "bad-token";
  /** X-Tenant-ID: the tenant under test, mostly; sometimes an unknown one or none. */
  tenant: string | null;
  mutation: string;
};

export type Operation = { method: string; path: string; op: Json };

const PROTO_KEYS = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "prototype", "isPrototypeOf", "__defineGetter__"];
const CONTROL_STRINGS = ["a\u0000b", "\u0000", "x\u0007y", "line\u001bz", "tab\u0001", "%00", "a\u007fb"];
const UNICODE_STRINGS = ["é中文🙂", "\u202e\u2066rtl", "\ud83d\ude00".repeat(30), "Ω≈ç√∫", "\ufeffbom", "ｆｕｌｌ"];

export function resolve(doc: Json, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 20 && typeof s.$ref === "string"; i++) {
    const parts = (s.$ref as string).replace(/^#\//, "").split("/");
    let cur: unknown = doc;
    for (const p of parts) cur = (cur as Json)[p];
    s = (cur ?? {}) as Schema;
  }
  return s;
}

const PREFIX_BY_HINT: Record<string, string> = {
  course: "crs", user: "usr", trainer: "usr", learner: "usr", creator: "usr", tenant: "ten", module: "mod", lesson: "les",
  questionnaire: "qqn", question: "qst", enrollment: "enr", session: "ses", slot: "slt", record: "emg", signature: "emg",
  media: "med", banner: "med", featured: "med", competency: "cpt", attempt: "qat",
};

/** The ids of `pool` of the kind a field or path parameter names (courseId, /courses/{id}), else all of them. */
export function idsOfKind(pool: string[], hint: string): string[] {
  const word = hint.replace(/Ids?$/, "").replace(/ies$/, "y").replace(/s$/, "").toLowerCase();
  const prefix = PREFIX_BY_HINT[word] ?? Object.entries(PREFIX_BY_HINT).find(([k]) => word.endsWith(k))?.[1];
  const matching = prefix ? pool.filter((id) => id.startsWith(`${prefix}_`)) : [];
  return matching.length ? matching : pool;
}

function isIdKey(key: string): boolean {
  return key === "id" || /Id$/.test(key) || /Ids$/.test(key);
}

/** A value for `schema`, valid-ish (within bounds, ids from the pools for id-named fields). */
export function valueArb(doc: Json, schema: Schema | undefined, pools: IdPools, key = "", depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(doc, schema);
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as unknown[]));
  const alts = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (Array.isArray(alts) && alts.length > 0) return fc.oneof(...alts.map((a) => valueArb(doc, a, pools, key, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length > 0) return valueArb(doc, s.allOf[0] as Schema, pools, key, depth + 1);
  let type = s.type as string | string[] | undefined;
  if (Array.isArray(type)) {
    const types = type;
    return fc.oneof(...types.map((t) => valueArb(doc, { ...s, type: t }, pools, key, depth + 1)));
  }
  if (!type) type = s.properties ? "object" : s.items ? "array" : undefined;
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
    case "number": {
      const min = typeof s.minimum === "number" ? s.minimum : typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum + 1 : -1000;
      const max = typeof s.maximum === "number" ? s.maximum : typeof s.exclusiveMaximum === "number" ? s.exclusiveMaximum - 1 : 100_000;
      const lo = Math.max(min, -1e9);
      const hi = Math.min(max, Math.max(lo, 1e6));
      return type === "integer" ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
    }
    case "string":
      return stringArb(s, pools, key);
    case "array": {
      if (depth > 6) return fc.constant([]);
      const min = typeof s.minItems === "number" ? s.minItems : 0;
      const max = Math.max(min, Math.min(typeof s.maxItems === "number" ? s.maxItems : 3, 3));
      return fc.array(valueArb(doc, s.items as Schema, pools, key.replace(/s$/, ""), depth + 1), { minLength: min, maxLength: max });
    }
    case "object": {
      if (depth > 6) return fc.constant({});
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required ?? []) as string[]);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) shape[k] = valueArb(doc, v, pools, k, depth + 1);
      if (Object.keys(shape).length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 2 });
      return fc.record(shape, { requiredKeys: [...required].filter((k) => k in shape) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArb(s: Schema, pools: IdPools, key: string): fc.Arbitrary<string> {
  const minLength = typeof s.minLength === "number" ? s.minLength : 0;
  const maxLength = Math.max(minLength, Math.min(typeof s.maxLength === "number" ? s.maxLength : 40, 40));
  const plain = fc.string({ minLength, maxLength });
  const options: fc.Arbitrary<string>[] = [plain];
  if (s.format === "email" || /email/i.test(key)) options.push(fc.emailAddress());
  if (s.format === "date-time" || /At$/.test(key)) options.push(fc.date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true }).map((d) => d.toISOString()));
  if (s.format === "date" || /Date$|Until$/.test(key)) options.push(fc.date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
  if (s.format === "uri" || /url$/i.test(key)) options.push(fc.webUrl());
  if (typeof s.pattern === "string") {
    try {
      options.push(fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= 200));
    } catch {
      /* a pattern JavaScript cannot read: plain strings */
    }
  }
  if (isIdKey(key) && pools.own.length > 0) {
    const ids = idsOfKind(pools.own, key);
    options.push(fc.constantFrom(...ids), fc.constantFrom(...ids), fc.constantFrom(...ids));
  }
  if (/slug/i.test(key) && pools.ownSlugs.length > 0) options.push(fc.constantFrom(...pools.ownSlugs));
  return fc.oneof(...options);
}

export const MUTATIONS = [
  "valid",
  "valid",
  "valid",
  "wrong-type",
  "missing-required",
  "huge-string",
  "unicode",
  "control-character",
  "proto-key",
  "deep-nesting",
  "other-tenant-id",
  "malformed-body",
] as const;

/** Path-parameter values: own ids (or slugs), the other tenant's, unknown ones and junk. */
function pathParamArb(name: string, hint: string, pools: IdPools): fc.Arbitrary<string> {
  const slugLike = /slug/i.test(name);
  const own = slugLike ? [...pools.ownSlugs, ...idsOfKind(pools.own, hint)] : idsOfKind(pools.own, hint);
  const other = slugLike ? [...pools.otherSlugs, ...idsOfKind(pools.other, hint)] : idsOfKind(pools.other, hint);
  const options: fc.Arbitrary<string>[] = [];
  if (own.length) options.push(fc.constantFrom(...own), fc.constantFrom(...own), fc.constantFrom(...own));
  if (other.length) options.push(fc.constantFrom(...other));
  options.push(fc.uuid(), fc.string({ minLength: 1, maxLength: 20 }), fc.constantFrom("00000000-0000-0000-0000-000000000000", "x".repeat(300), "-1", "0"));
  return fc.oneof(...options);
}

function jsonBodySchema(op: Json): Schema | undefined {
  const content = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  return content?.["application/json"]?.schema as Schema | undefined;
}

/** Request arbitrary for one operation. `omitBodyKeys`: fields never generated for it (see the test's header). */
export function requestArb(doc: Json, operation: Operation, pools: IdPools, omitBodyKeys: string[] = [], tenantSlug = "acme"): fc.Arbitrary<FuzzRequest> {
  const { method, path, op } = operation;
  const params = ((op.parameters ?? []) as Json[]).filter((p) => p.in === "path" || p.in === "query");
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  let bodySchema = jsonBodySchema(op);
  if (bodySchema && omitBodyKeys.length) {
    const r = resolve(doc, bodySchema);
    const props = { ...((r.properties ?? {}) as Json) };
    for (const k of omitBodyKeys) delete props[k];
    bodySchema = { ...r, properties: props };
  }

  // the kind of a path parameter: its name (courseId), else the segment before it (/courses/{id})
  const hintOf = (name: string) => (name === "id" ? (path.split("/").at(path.split("/").indexOf(`{${name}}`) - 1) ?? name) : name);
  const pathArb = fc.record(
    Object.fromEntries(pathParams.map((p) => [p.name as string, pathParamArb(p.name as string, hintOf(p.name as string), pools)])) as Record<string, fc.Arbitrary<string>>,
  );
  const queryArb = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name as string, valueArb(doc, p.schema as Schema, pools, p.name as string)])),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name as string) },
  );
  const bodyArb: fc.Arbitrary<unknown> = bodySchema ? valueArb(doc, bodySchema, pools) : fc.constant(undefined);
  const caller = fc.constantFrom<FuzzRequest["caller"]>("admin", "admin", "admin", "admin", "admin", "admin", "admin", "admin", "learner", "learner", "anonymous", "bad-token");
  const tenant = fc.constantFrom<string | null>(...Array<string>(14).fill(tenantSlug), "no-such-tenant", null);
  const otherId = pools.other.length ? fc.constantFrom(...pools.other) : fc.uuid();

  return fc
    .record({
      pathValues: pathArb,
      query: queryArb,
      body: bodyArb,
      caller,
      tenant,
      mutation: fc.constantFrom(...MUTATIONS),
      pick: fc.nat(),
      protoKey: fc.constantFrom(...PROTO_KEYS),
      control: fc.constantFrom(...CONTROL_STRINGS),
      unicode: fc.oneof(fc.constantFrom(...UNICODE_STRINGS), fc.string({ unit: "grapheme", maxLength: 30 })),
      otherId,
      depth: fc.constantFrom(65, 200, 5000),
      wrong: fc.constantFrom<unknown>(12345, -1, 1.5, true, null, [], {}, "text", [1, 2], { a: 1 }),
    })
    .map((g) => {
      const pathValues = { ...g.pathValues } as Record<string, string>;
      const query = { ...(g.query as Record<string, unknown>) };
      let body = g.body;
      let raw: string | Uint8Array | undefined;
      let contentType: string | undefined;
      const bodyObj = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
      const bodyKeys = bodyObj ? Object.keys(resolve(doc, bodySchema).properties ?? {}) : [];
      const stringTarget = (value: unknown): boolean => {
        // put `value` at one place: a body field, else a query parameter, else a path parameter
        if (bodyObj && bodyKeys.length) {
          bodyObj[bodyKeys[g.pick % bodyKeys.length]!] = value;
          return true;
        }
        const q = Object.keys(queryParams.length ? Object.fromEntries(queryParams.map((p) => [p.name as string, 1])) : {});
        if (q.length) {
          query[q[g.pick % q.length]!] = value;
          return true;
        }
        const pp = Object.keys(pathValues);
        if (pp.length && typeof value === "string") {
          pathValues[pp[g.pick % pp.length]!] = value;
          return true;
        }
        // no declared input: an undeclared query parameter (the edge checks every query string)
        query.extra = value;
        return true;
      };
      switch (g.mutation) {
        case "wrong-type":
          stringTarget(g.wrong);
          break;
        case "missing-required": {
          const required = (resolve(doc, bodySchema).required ?? []) as string[];
          if (bodyObj && required.length) delete bodyObj[required[g.pick % required.length]!];
          else if (bodySchema) body = {};
          break;
        }
        case "huge-string":
          // a third of the body operations get a body over the 1 MB limit (413)
          if (bodySchema && g.pick % 3 === 0) raw = `{"x":"${"x".repeat(1_100_000)}"}`;
          else stringTarget("x".repeat(g.pick % 2 ? 5_000 : 200_000));
          break;
        case "unicode":
          stringTarget(g.unicode);
          break;
        case "control-character":
          stringTarget(g.control);
          break;
        case "other-tenant-id": {
          const pp = Object.keys(pathValues);
          if (pp.length) pathValues[pp[g.pick % pp.length]!] = g.otherId;
          else if (bodyObj) {
            const ids = bodyKeys.filter(isIdKey);
            if (ids.length) bodyObj[ids[g.pick % ids.length]!] = /Ids$/.test(ids[g.pick % ids.length]!) ? [g.otherId] : g.otherId;
          } else stringTarget(g.otherId);
          break;
        }
        case "proto-key": {
          if (bodySchema) {
            const base = JSON.stringify(bodyObj ?? {});
            const inner = base === "{}" ? "" : `,${base.slice(1, -1)}`;
            raw = `{${JSON.stringify(g.protoKey)}:${JSON.stringify(g.wrong)}${inner}}`;
          } else query[g.protoKey] = "1";
          break;
        }
        case "deep-nesting":
          if (bodySchema) raw = `${'{"a":'.repeat(g.depth)}1${"}".repeat(g.depth)}`;
          else query.q = "[".repeat(g.depth);
          break;
        case "malformed-body":
          if (bodySchema) {
            const variants: [string | Uint8Array, string | undefined][] = [
              ['{"a":', undefined],
              ["not json", undefined],
              ["title=x", "application/x-www-form-urlencoded"],
              ["<x/>", "text/xml"],
              [new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), undefined], // invalid UTF-8
              ["", undefined],
            ];
            [raw, contentType] = variants[g.pick % variants.length]!;
          }
          break;
        default:
          break;
      }
      let url = path;
      // an empty segment would address another operation (/users/ is /users): never empty
      for (const [k, v] of Object.entries(pathValues)) url = url.replace(`{${k}}`, encodeURIComponent(v === "" ? "-" : v));
      const q: [string, string][] = [];
      for (const [k, v] of Object.entries(query)) {
        if (v === undefined) continue;
        if (Array.isArray(v)) for (const item of v) q.push([k, typeof item === "string" ? item : JSON.stringify(item)]);
        else q.push([k, typeof v === "string" ? v : JSON.stringify(v)]);
      }
      return { method, path: url, query: q, body: raw === undefined ? body : undefined, raw, contentType, caller: g.caller, tenant: g.tenant, mutation: g.mutation };
    });
}

/** Every operation of the document, HEAD included. */
export function operationsOf(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(ops)) {
      if (["get", "post", "put", "patch", "delete", "head"].includes(method)) out.push({ method: method.toUpperCase(), path, op });
    }
  }
  return out;
}
