import { describe, expect, it } from "vitest";
import { z } from "zod";
import { procedureTable, type ProcedureEntry } from "../../server/api/procedure-table";

/**
 * The REST dispatcher (server/http/rest-routes.ts) passes query values as strings and never
 * alters a schema. So every number, bigint or date field of a GET or DELETE operation's input
 * must be declared `z.coerce.*` (else `?page=2` could never be valid), and query inputs use no
 * boolean (z.coerce.boolean turns "false" into true: use z.stringbool()) and no array.
 */
type Def = { type: string; coerce?: boolean; innerType?: unknown; in?: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

function unwrap(schema: unknown): unknown {
  let cur = schema;
  for (let i = 0; i < 10; i++) {
    const def = defOf(cur);
    if (def.innerType) cur = def.innerType;
    else if (def.type === "pipe") cur = def.in;
    else break;
  }
  return cur;
}

function problems(entries: ProcedureEntry[] = procedureTable()): string[] {
  const out: string[] = [];
  for (const { path, meta, inputs } of entries) {
    const method = meta.openapi?.method;
    if (method !== "GET" && method !== "DELETE") continue;
    for (const input of inputs) {
      const root = unwrap(input);
      if (!(root instanceof z.ZodObject)) continue;
      for (const [key, field] of Object.entries(root.shape as Record<string, unknown>)) {
        const def = defOf(unwrap(field));
        if (["number", "bigint", "date"].includes(def.type) && def.coerce !== true) out.push(`${path}.${key}: ${def.type} without z.coerce`);
        if (def.type === "boolean" || def.type === "array") out.push(`${path}.${key}: ${def.type} in a query input`);
      }
    }
  }
  return out;
}

describe("query inputs of the REST operations", () => {
  it("parse from strings without altering any schema", () => {
    expect(problems()).toEqual([]);
  });

  it("finds the numbers of the list operations (the check is not vacuous)", () => {
    const users = procedureTable().find((p) => p.path === "users.list")!;
    const shape = (unwrap(users.inputs[0]) as z.ZodObject).shape as Record<string, unknown>;
    expect(defOf(unwrap(shape.limit)).type).toBe("number");
    expect(defOf(unwrap(shape.limit)).coerce).toBe(true);
    const bad: ProcedureEntry = {
      path: "things.list",
      type: "query",
      meta: { openapi: { method: "GET", path: "/things" } },
      inputs: [z.object({ page: z.number().optional(), archived: z.boolean().default(false), ok: z.coerce.number() })],
      guards: [],
    };
    expect(problems([bad])).toEqual(["things.list.page: number without z.coerce", "things.list.archived: boolean in a query input"]);
  });
});
