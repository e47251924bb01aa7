import type { AnyTRPCRouter } from "@trpc/server";

/**
 * trpc-to-openapi turns on zod coercion for every number, boolean, bigint and date of an input
 * object so that query strings parse — and it does so for JSON bodies too, by mutating the shared
 * schema. A body's `"false"` would then become `true`. JSON bodies carry real types, so the
 * inputs of body-carrying operations (POST, PUT, PATCH) are locked against that mutation here,
 * once, when the REST handler is built: a wrong type in a body is a 400, never a guess.
 */
export function lockBodyCoercion(router: AnyTRPCRouter): void {
  const procedures = router._def.procedures as Record<string, { _def: { meta?: { openapi?: { method?: string } }; inputs?: unknown[] } }>;
  for (const procedure of Object.values(procedures)) {
    const method = procedure._def.meta?.openapi?.method;
    if (!method || !["POST", "PUT", "PATCH"].includes(method)) continue;
    for (const input of procedure._def.inputs ?? []) lock(input, new Set());
  }
}

const COERCIBLE = new Set(["number", "boolean", "bigint", "date"]);

type ZodLike = { _zod?: { def: Record<string, unknown> & { type: string } } };

function lock(schema: unknown, seen: Set<unknown>): void {
  const def = (schema as ZodLike)?._zod?.def;
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  if (COERCIBLE.has(def.type)) {
    if (def.coerce === true) return; // declared z.coerce.* on purpose
    if (Object.getOwnPropertyDescriptor(def, "coerce")?.configurable === false) return; // already locked: a schema shared by several operations
    Object.defineProperty(def, "coerce", { get: () => false, set: () => undefined, configurable: false, enumerable: true });
    return;
  }
  const children: unknown[] = [];
  if (def.type === "object") children.push(...Object.values((def.shape as Record<string, unknown>) ?? {}));
  for (const key of ["innerType", "element", "in", "out", "left", "right", "valueType", "keyType"]) {
    if (def[key]) children.push(def[key]);
  }
  if (Array.isArray(def.options)) children.push(...(def.options as unknown[]));
  if (Array.isArray(def.items)) children.push(...(def.items as unknown[]));
  for (const child of children) lock(child, seen);
}
