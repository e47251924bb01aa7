import { procedureTable } from "./procedure-table";
import type { AppMeta } from "./trpc";

/** Every procedure's dotted path and meta (what the REST layer and the OpenAPI document read). */
export function procedureMetas(): { path: string; meta: AppMeta }[] {
  return procedureTable().map(({ path, meta }) => ({ path, meta }));
}
