import { generateOpenApiDocument } from "trpc-to-openapi";
import { z } from "zod";
import { EVENT_DATA, EVENT_NAMES, EVENT_SUMMARIES, eventEnvelope, type EventName } from "../contracts/events";
import { ERROR_REASON_CODES, ERROR_REASONS } from "../error-reasons";
import { appRouter } from "./root";
import { procedureMetas } from "./procedure-meta";
import { documentValidationStatus } from "./openapi-validation";
import { RAW_ROUTES } from "../http/raw-routes";
import type { RawRoute, RouteAccess } from "../http/raw-route";
import { rolesWith } from "../auth/permissions";
import { MAX } from "../contracts/bounds";
import { MAX_BODY_BYTES } from "../http/body";
import { commonHeaders, finishResponses, HEADER_COMPONENTS, responseComponents } from "./openapi-responses";
import { TAG_DESCRIPTIONS } from "./openapi-tags";
import type { AppMeta } from "./trpc";

type Json = Record<string, unknown>;

const ERROR_SCHEMA = {
  type: "object",
  required: ["statusCode", "code", "message"],
  properties: {
    statusCode: { type: "integer", minimum: 400, maximum: 599, example: 404 },
    code: {
      type: "string",
      enum: ERROR_REASON_CODES,
      example: "USER_NOT_FOUND",
      description:
        "Stable, machine-readable reason (UPPER_SNAKE). Clients branch on `code`, never on `message`.\n\n" +
        ERROR_REASON_CODES.map((c) => `- \`${c}\`: ${ERROR_REASONS[c]}`).join("\n"),
    },
    message: {
      type: "string",
      example: "User not found",
      description: "Worded in the language of the request's Accept-Language (fr or en), else English.",
    },
    errors: {
      description:
        "Present for validation errors: field path (dots: items.0.quantity) to messages, worded like `message`. " +
        "The publication refusal (422 COURSE_NOT_PUBLISHABLE) gives the spec's list form instead: one message per missing requirement.",
      anyOf: [
        { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
        { type: "array", items: { type: "string" } },
      ],
    },
  },
};

let cached: Json | undefined;

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the procedures' meta and zod
 * contracts, then corrected where the generator cannot know: our error body, the
 * tenant header, 201/204 statuses, the rate-limit headers and the media types of the raw
 * (binary or streamed) routes.
 */
export function openApiDocument(baseUrl = "/api/v1"): Json {
  if (cached) return cached;
  const doc = generateOpenApiDocument(appRouter, {
    title: "Training organisation platform API",
    version: "1.0.0",
    baseUrl,
    description:
      "Multi-tenant API for professional-training organisations. Send `X-Tenant-ID: <slug>` (or use the tenant sub-domain) and " +
      "`Authorization: Bearer <accessToken>`. Success bodies are `{data}` (plus `meta` for lists and login); errors are " +
      "`{statusCode, code, message, errors?}`: `code` is a stable reason listed in the Error schema; `message` and `errors` follow " +
      "Accept-Language (fr or en, else English). Files (PDF, CSV, images, stored media) are answered with their own media type, shown on each " +
      "such operation; their errors are the same JSON body. Every response carries X-Request-Id and RateLimit-Limit/Remaining/Reset headers.",
    securitySchemes: {
      bearerAuth: {
        type: "http",
        scheme: "bearer",
        bearerFormat: "JWT",
        description:
          "The accessToken of POST /auth/login (or refresh, switch-tenant, sign-up): a JWS signed HS256 and verified as RFC8725 recommends " +
          "(the algorithm pinned, `alg: none` refused, issuer checked, `exp`, `iat` and `jti` required, the lifetime bounded by ACCESS_TOKEN_TTL_SECONDS); " +
          "short-lived, renewed with the single-use refresh token.",
      },
      serviceApiKey: {
        type: "apiKey",
        in: "header",
        name: "X-API-Key",
        description: "The tenant's service API key (POST /tenants/{id}/service-api-key, shown once): it names the tenant of the SCIM provisioning calls.",
      },
    },
  }) as unknown as Json;
  doc.info = { ...(doc.info as Json), license: { name: "Proprietary" } };
  doc.servers = [
    {
      url: baseUrl,
      description: "This deployment (production, staging or local), relative to the host serving this document: the tenant's sub-domain or the platform's host.",
      "x-internal": false,
    },
  ];
  const components = ((doc.components ??= {}) as Json);
  const schemas = ((components.schemas ??= {}) as Json);
  // trpc-to-openapi's own error schemas: our error body is Error (below), so they are never referenced
  for (const name of Object.keys(schemas)) if (name.startsWith("error.")) delete schemas[name];
  schemas.Error = ERROR_SCHEMA;
  components.headers = HEADER_COMPONENTS;
  components.responses = responseComponents();
  const paths = doc.paths as Record<string, Record<string, Json>>;
  for (const route of RAW_ROUTES) describeRawRoute(paths, route);
  paths["/openapi.json"] = { get: documentOperation() };
  const metas = metaByOperation();
  for (const [path, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      fixOperation(path, method, op, metas);
    }
  }
  doc.webhooks = webhooksSection(schemas);
  doc.tags = tagsOf(paths);
  addIntegerFormats(doc);
  cached = doc;
  return doc;
}

/** GET /openapi.json: this document, listed in itself. */
function documentOperation(): Json {
  return {
    operationId: "openapi-document",
    summary: "This OpenAPI 3.1 document",
    description: "Public. Generated from the operations' contracts at start-up; the same for every tenant.",
    tags: ["Documentation"],
    security: [],
    parameters: [],
    responses: {
      "200": {
        description: "The OpenAPI document",
        content: {
          "application/json": {
            schema: {
              type: "object",
              description: "An OpenAPI 3.1 document",
              required: ["openapi", "info", "paths"],
              properties: { openapi: { type: "string", maxLength: 16, pattern: "^3\\.1\\.\\d+$" }, info: { type: "object" }, paths: { type: "object" } },
            },
          },
        },
      },
    },
  };
}

/** Top-level tags: every tag an operation or webhook uses, each with its description (openapi-tags.ts). */
function tagsOf(paths: Record<string, Record<string, Json>>): Json[] {
  const used = new Set<string>(["Webhooks"]);
  for (const ops of Object.values(paths)) for (const op of Object.values(ops)) for (const tag of (op.tags ?? []) as string[]) used.add(tag);
  return [...used].map((name) => {
    const description = TAG_DESCRIPTIONS[name];
    if (!description) throw new Error(`OpenAPI tag "${name}" has no description: add it to server/api/openapi-tags.ts`);
    return { name, description };
  });
}

const INT32 = 2_147_483_647;

/** Every integer schema states its format: int32 when its range fits, else int64 (JavaScript's safe integers). */
function addIntegerFormats(node: unknown): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const item of node) addIntegerFormats(item);
    return;
  }
  const schema = node as Json;
  const type = schema.type;
  if ((type === "integer" || (Array.isArray(type) && type.includes("integer"))) && schema.format === undefined) {
    const lo = (schema.minimum ?? schema.exclusiveMinimum) as number | undefined;
    const hi = (schema.maximum ?? schema.exclusiveMaximum) as number | undefined;
    schema.format = lo !== undefined && hi !== undefined && lo >= -INT32 - 1 && hi <= INT32 ? "int32" : "int64";
  }
  for (const value of Object.values(schema)) addIntegerFormats(value);
}

/** `enrollment.created` -> `EnrollmentCreated` (component names). */
const pascal = (event: EventName) =>
  event
    .split(/[._]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");

const toSchema = (schema: z.ZodType): Json => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: "output",
    unrepresentable: "any",
    // `format: date-time` says it; zod's long validation pattern only clutters the reference
    override: (ctx) => {
      if (ctx.jsonSchema.format === "date-time") delete ctx.jsonSchema.pattern;
    },
  }) as Json;
  return rest;
};

/**
 * OpenAPI 3.1's top-level `webhooks`: one POST per event (spec, Events), the body being the
 * envelope `{id, event, tenantId, createdAt, data}` with that event's data schema
 * (components `<Event>EventData` and `<Event>Event`, from server/contracts/events.ts).
 */
function webhooksSection(schemas: Json): Json {
  const out: Json = {};
  for (const event of EVENT_NAMES) {
    const name = pascal(event);
    schemas[`${name}EventData`] = toSchema(EVENT_DATA[event]);
    const envelope = toSchema(eventEnvelope(event));
    (envelope.properties as Json).data = { $ref: `#/components/schemas/${name}EventData` };
    schemas[`${name}Event`] = envelope;
    out[event] = {
      post: {
        operationId: `webhook-${event}`,
        tags: ["Webhooks"],
        // Sent by the platform to the subscriber: authenticated by the X-Platform-Signature HMAC, not by a scheme
        security: [],
        summary: `${event}: ${EVENT_SUMMARIES[event]}`,
        description:
          `${String(EVENT_DATA[event].description ?? EVENT_SUMMARIES[event])}.\n\n` +
          "Sent to every active webhook subscribed to this event (POST /webhooks with `events` naming it): an HTTP POST of the JSON envelope, " +
          "written in the same transaction as the change and delivered at least once by the background worker. The same event may arrive more " +
          "than once (retries, redelivery, a worker restart): de-duplicate on `id`. Verify `X-Platform-Signature` over the raw body bytes, in " +
          "constant time, before parsing.",
        parameters: [
          {
            name: "X-Platform-Signature",
            in: "header",
            required: true,
            description:
              "Lower-case hex HMAC-SHA256 of the raw request body bytes, keyed with the webhook's secret (whsec_..., shown once when the webhook is registered).",
            schema: { type: "string", maxLength: 64, pattern: "^[0-9a-f]{64}$" },
          },
        ],
        requestBody: {
          required: true,
          description: `The event envelope; \`data\` follows ${name}EventData.`,
          content: { "application/json": { schema: { $ref: `#/components/schemas/${name}Event` } } },
        },
        responses: {
          "200": {
            description:
              "Received. Any 2xx answered within WEBHOOK_TIMEOUT_SECONDS (30 s) counts as delivered; the response body is ignored (an excerpt is kept " +
              "in the delivery log). Anything else (another status, a time-out, a refused connection or a redirect, which is not followed) fails the " +
              "attempt: it is retried 3 times, after 1, 5 and 30 minutes (WEBHOOK_RETRY_DELAYS_SECONDS); after the third failed retry the delivery is " +
              "FAILED and stays listed in GET /webhooks/{id}/deliveries, from where it can be redelivered.",
          },
        },
      },
    };
  }
  return out;
}

/** Each operation's meta, by "METHOD /path" (the path as documented, without /api/v1). */
function metaByOperation(): Map<string, AppMeta> {
  const out = new Map<string, AppMeta>();
  for (const { meta } of procedureMetas()) if (meta.openapi) out.set(`${meta.openapi.method} ${meta.openapi.path}`, meta);
  return out;
}

function fixOperation(path: string, method: string, op: Json, metas: Map<string, AppMeta>): void {
  const responses = (op.responses ?? {}) as Record<string, Json>;
  const parameters = ((op.parameters ??= []) as Json[]);
  if (!parameters.some((p) => p.name === "X-Tenant-ID")) {
    parameters.push({
      name: "X-Tenant-ID",
      in: "header",
      required: false,
      description: "Tenant slug (or internal id). Optional when the request uses the tenant sub-domain. A longer value names no tenant (404).",
      schema: { type: "string", maxLength: MAX.id, example: "acme" },
    });
  }
  const key = `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, "")}`;
  const meta = metas.get(key);
  // Public operations (`protect: false`) say so with `security: []`; SCIM's key is a real scheme
  // (the generator lists every scheme on protected operations: only the bearer token is accepted there)
  if (meta?.authenticatedBy === "apiKey") op.security = [{ serviceApiKey: [] }];
  else if (op.security === undefined || (op.security as Json[]).length === 0) op.security = [];
  else op.security = [{ bearerAuth: [] }];
  const status = meta?.status;
  if (status && responses["200"]) {
    const ok = responses["200"];
    delete responses["200"];
    responses[String(status)] = status === 204 ? { description: "No content" } : ok;
  }
  documentEdgeStatuses(op, responses);
  documentValidationStatus(key, responses);
  dropRefusedFields(op);
  op.responses = finishResponses(responses);
}

const EDGE_STATUSES: Record<string, string> = {
  "400": "Malformed or invalid input: a control character in the query string (any operation), malformed JSON, a JSON body nested too deeply, invalid UTF-8, a control character in a string (errors names the field), a prototype-named or unknown key, or a field failing its contract",
  "401": "Missing, invalid or revoked access token",
  "403": "Known caller, not allowed (role, membership, tenant state)",
  "404": "Resource absent or of another tenant, or the tenant named by X-Tenant-ID (or the sub-domain) is unknown",
  "413": "The body exceeds the size limit",
  "415": "The body is not application/json",
  "408": "The request (headers or body) was not received in time; the connection is closed",
  "431": "The request line (path and query) or headers are too large; answered before any operation",
  "429": "Rate limit exceeded (per caller and window, or an operation's own throttle); retry after Retry-After seconds.",
  "500": "Unexpected failure; the body never carries details, the log has them under the request id.",
};

/**
 * What the request edge answers for any operation, whatever the procedure documents: 400 for
 * all (bad input; any query string is checked), 413 and 415 for those with a body, 401 and 403 for protected ones,
 * 404 for all (a resource of a path parameter, or an unknown tenant), 408 and 431 (answered by the HTTP server) for all (429 is
 * added for all, below).
 */
function documentEdgeStatuses(op: Json, responses: Record<string, Json>): void {
  const hasBody = Boolean(op.requestBody);
  const isProtected = Array.isArray(op.security) && op.security.some((s) => "bearerAuth" in (s as Json));
  const add = (code: string) => (responses[code] ??= { description: EDGE_STATUSES[code] });
  // the query string of every request is checked (control characters, invalid escapes), so 400
  // is possible even for an operation without declared input
  add("400");
  if (hasBody) {
    add("413");
    add("415");
  }
  if (isProtected) {
    add("401");
    add("403");
  }
  // an unknown tenant (X-Tenant-ID or sub-domain) answers 404 TENANT_NOT_FOUND wherever a tenant is resolved
  add("404");
  add("408");
  add("429");
  add("431");
  add("500");
}

/**
 * A body field the contract refuses whatever its value (zod `never`, rendered `{not: {}}`) is not
 * part of what the operation accepts: it leaves the request schema (which refuses unknown fields)
 * and the operation's description says so (PATCH /courses/{id}: `slug` is immutable).
 */
function dropRefusedFields(op: Json): void {
  const content = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  const schema = content?.["application/json"]?.schema as Json | undefined;
  const properties = schema?.properties as Record<string, Json> | undefined;
  if (!schema || !properties) return;
  const refused = Object.keys(properties).filter((k) => {
    const not = properties[k]?.not;
    return typeof not === "object" && not !== null && Object.keys(not).length === 0;
  });
  if (refused.length === 0) return;
  for (const k of refused) delete properties[k];
  if (Array.isArray(schema.required)) schema.required = (schema.required as string[]).filter((k) => !refused.includes(k));
  const note = `Refused fields: ${refused.map((k) => `\`${k}\``).join(", ")} cannot be changed; sending ${refused.length > 1 ? "one" : "it"} answers 400 (VALIDATION_FAILED, the field named).`;
  op.description = op.description ? `${String(op.description)}\n\n${note}` : note;
}

/** The access line of a raw route's description, from its declaration. */
function accessText(access: RouteAccess): string {
  if ("public" in access) return "Access: public (no bearer token; the route authenticates its caller itself).";
  const who =
    "permission" in access
      ? `Access: permission \`${access.permission}\` (${(rolesWith(access.permission) as readonly string[]).join(", ")})`
      : "Access: any member of the tenant (object rules apply)";
  return `${who}${access.ofMode ? "; 403 OF_MODE_DISABLED when the organisation's OF mode is off" : ""}.`;
}

/**
 * A raw route (server/http/raw-routes.ts) answers its own media type, not JSON. Its operation is
 * built from its one declaration (rawRoute: access, input, doc): parameters from the input
 * schema, security from the access, the success content from `produces`. A procedure documenting
 * the same method and path would be a second declaration: refused.
 */
function describeRawRoute(paths: Record<string, Record<string, Json>>, route: RawRoute): void {
  const ops = (paths[route.path] ??= {});
  const method = route.method.toLowerCase();
  if (ops[method]) throw new Error(`Raw route ${route.method} ${route.path}: a procedure documents it too (declare it once, in server/http)`);
  const doc = route.doc;
  const inputSchema = toSchema(route.input);
  const props = (inputSchema.properties ?? {}) as Record<string, Json>;
  const required = new Set((inputSchema.required ?? []) as string[]);
  const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  const params: Json[] = pathNames.map((name) => {
    const { description, ...schema } = props[name] ?? { type: "string" };
    return { name, in: "path", required: true, ...(description ? { description } : {}), schema };
  });
  for (const name of route.query) {
    const { description, ...schema } = props[name] ?? { type: "string" };
    params.push({ name, in: "query", required: required.has(name) && !("default" in schema), ...(description ? { description } : {}), schema });
  }
  if (route.tenantQuery) {
    params.push({
      name: route.tenantQuery,
      in: "query",
      required: false,
      description: "Tenant slug, when neither X-Tenant-ID nor the sub-domain names it",
      schema: { type: "string", maxLength: MAX.id },
    });
  }
  const op: Json = (ops[method] = {
    operationId: `raw-${method}-${route.path.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "")}`,
    summary: doc.summary,
    description: `${doc.description}\n\n${accessText(route.access)}`,
    tags: doc.tags,
    security: "public" in route.access ? [] : [{ bearerAuth: [] }],
    "x-permission": "public" in route.access ? "public" : "permission" in route.access ? route.access.permission : "member",
    parameters: params,
    responses: Object.fromEntries(Object.entries(doc.errorResponses).map(([code, description]) => [code, { description }])),
  });
  const responses = op.responses as Record<string, Json>;
  if (route.successStatus === 302) {
    responses["302"] = {
      description: doc.successDescription,
      headers: { ...commonHeaders(), Location: { description: "Where the browser goes next", schema: { type: "string", format: "uri", maxLength: MAX.url } } },
    };
    return;
  }
  if (route.requestBody) {
    const { mediaType, description, schema } = route.requestBody;
    op.requestBody = { required: true, description, content: { [mediaType]: { schema: schema ? toSchema(schema) : { type: "string", maxLength: MAX_BODY_BYTES } } } };
  } else if (route.method === "POST") {
    // The JSON body: the input's members that are neither path nor query parameters.
    const bodyProps = Object.fromEntries(Object.entries(props).filter(([name]) => !pathNames.includes(name) && !route.query.includes(name)));
    if (Object.keys(bodyProps).length) {
      const bodyRequired = [...required].filter((name) => name in bodyProps);
      op.requestBody = {
        required: bodyRequired.length > 0,
        content: { "application/json": { schema: { type: "object", properties: bodyProps, ...(bodyRequired.length ? { required: bodyRequired } : {}), additionalProperties: false } } },
      };
    }
  }
  const produces = Array.isArray(doc.produces) ? doc.produces : [doc.produces];
  if (produces.some((type) => type.startsWith("application/json")) && !route.successSchema) {
    throw new Error(`Raw route ${route.method} ${route.path} answers JSON: declare its successSchema (the document shows the body's schema, not a binary)`);
  }
  const content = Object.fromEntries(
    produces.map((type) => [type, { schema: route.successSchema ? toSchema(route.successSchema) : type.startsWith("text/") ? { type: "string" } : { type: "string", format: "binary" } }]),
  );
  responses["200"] = { description: doc.successDescription, content };
  if (route.head && !ops.head) ops.head = { ...op, operationId: `${String(op.operationId)}-head`, summary: `${String(op.summary)} (headers only)`, responses: { ...responses, "200": { description: doc.successDescription } } };
}
