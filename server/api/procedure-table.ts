import type { AnyTRPCRouter } from "@trpc/server";
import { appRouter } from "./root";
import type { AppMeta } from "./trpc";

/** One procedure of the router: its dotted path, type, meta and input parsers. */
export type ProcedureEntry = { path: string; type: "query" | "mutation" | "subscription"; meta: AppMeta; inputs: unknown[] };

type ProcedureDef = { _def: { type: ProcedureEntry["type"]; meta?: AppMeta; inputs?: unknown[] } };

/**
 * THE ONE PLACE that reads tRPC's private `_def`. Why: tRPC v11 (11.22) has no public API that
 * lists a router's procedures with their meta and input parsers — the router object exposes
 * the procedures as callable properties, but meta and parsers live only on `_def` (trpc-to-openapi's
 * generator reads the same fields). The REST route table (server/http/rest-routes.ts), the
 * OpenAPI document's statuses and the route tests all start from this table, read once per router.
 */
export function readProcedureTable(router: AnyTRPCRouter): ProcedureEntry[] {
  const procedures = router._def.procedures as Record<string, ProcedureDef>;
  return Object.entries(procedures).map(([path, p]) => ({ path, type: p._def.type, meta: p._def.meta ?? {}, inputs: p._def.inputs ?? [] }));
}

let cached: ProcedureEntry[] | undefined;

/** The app router's procedures, in registration order (the order REST paths are matched in). */
export function procedureTable(): ProcedureEntry[] {
  return (cached ??= readProcedureTable(appRouter));
}
