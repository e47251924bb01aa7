/** The parts of an OpenAPI 3.1 document the reference page reads. */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  example?: unknown;
  description?: string;
  format?: string;
  minimum?: number;
};
type Parameter = { name: string; in: "path" | "query" | "header" | "cookie"; required?: boolean; description?: string; schema?: Schema };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};
export type OpenApiDocument = {
  info?: { title?: string; description?: string; version?: string };
  servers?: { url: string }[];
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components?: { schemas?: Record<string, Schema> };
};
const METHODS = ["get", "post", "put", "patch", "delete"] as const;
type Method = (typeof METHODS)[number];
export type OperationEntry = { method: Method; path: string; op: Operation; id: string };

/** Operations grouped by their first tag, in document order. */
export function groupByTag(doc: OpenApiDocument): [string, OperationEntry[]][] {
  const groups = new Map<string, OperationEntry[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      const id = op.operationId ?? `${method}-${path}`.replace(/[^a-zA-Z0-9-]+/g, "-");
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, op, id });
    }
  }
  return [...groups.entries()];
}

function resolve(schema: Schema | undefined, doc: OpenApiDocument): Schema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  return doc.components?.schemas?.[name];
}

/** A plausible example value built from a JSON schema (examples, defaults, enums, then types). */
export function exampleOf(input: Schema | undefined, doc: OpenApiDocument, depth = 0): unknown {
  const schema = resolve(input, doc);
  if (!schema || depth > 6) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant?.length) return exampleOf(variant.find((s) => s.type !== "null") ?? variant[0], doc, depth + 1);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => exampleOf(s, doc, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) {
        out[key] = /email$/i.test(key) && !resolve(value, doc)?.example ? "someone@example.com" : exampleOf(value, doc, depth + 1);
      }
      return out;
    }
    case "array":
      return [exampleOf(schema.items, doc, depth + 1)];
    case "integer":
    case "number":
      return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : 0;
    case "boolean":
      return true;
    case "string":
      return schema.format === "email" ? "someone@example.com" : "string";
    default:
      return null;
  }
}

/** "string", "integer", "ADMIN | CREATOR", "string | null"... for the parameter table. */
export function typeLabel(schema: Schema | undefined): string {
  if (!schema) return "";
  if (schema.enum?.length) return schema.enum.map(String).join(" | ");
  if (schema.anyOf) return schema.anyOf.map(typeLabel).join(" | ");
  return Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "");
}
