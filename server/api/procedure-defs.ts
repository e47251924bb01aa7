import type { AnyTRPCRouter } from "@trpc/server";
import { guardOf, type AppMeta, type Guard } from "./trpc";

/**
 * One procedure of a router: its dotted path, type, meta, input parsers, output parser and the
 * guards of its chain in the order they run (trpc.ts `Guard`: identity, member, permission...).
 */
export type ProcedureEntry = { path: string; type: "query" | "mutation" | "subscription"; meta: AppMeta; inputs: unknown[]; output?: unknown; guards: Guard[] };

type ProcedureDef = { _def: { type: ProcedureEntry["type"]; meta?: AppMeta; inputs?: unknown[]; output?: unknown; middlewares?: unknown[] } };

/**
 * THE ONE PLACE that reads tRPC's private `_def`. Why: tRPC v11 (11.22) has no public API that
 * lists a router's procedures with their meta and input parsers — the router object exposes
 * the procedures as callable properties, but meta, parsers and middlewares live only on `_def`
 * (trpc-to-openapi's generator reads the same fields; the middlewares are read for the guards
 * they declare). The REST route table (server/http/rest-routes.ts), the raw routes' guards, the
 * OpenAPI document's statuses and the route tests all start from this table. It imports no
 * router, so a module the app router imports (a raw route) can read its own procedure.
 */
export function readProcedureTable(router: AnyTRPCRouter): ProcedureEntry[] {
  const procedures = router._def.procedures as Record<string, ProcedureDef>;
  return Object.entries(procedures).map(([path, p]) => ({
    path,
    type: p._def.type,
    meta: p._def.meta ?? {},
    inputs: p._def.inputs ?? [],
    output: p._def.output,
    guards: (p._def.middlewares ?? []).map(guardOf).filter((g): g is Guard => g !== undefined),
  }));
}
