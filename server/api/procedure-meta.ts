import { appRouter } from "./root";
import type { AppMeta } from "./trpc";

/** Every procedure's dotted path and meta (what the REST layer and the OpenAPI document read). */
export function procedureMetas(): { path: string; meta: AppMeta }[] {
  const procs = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: AppMeta } }>;
  return Object.entries(procs).map(([path, p]) => ({ path, meta: p._def.meta ?? {} }));
}
