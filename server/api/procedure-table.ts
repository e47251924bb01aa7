import { readProcedureTable, type ProcedureEntry } from "./procedure-defs";
import { appRouter } from "./root";

export { type ProcedureEntry } from "./procedure-defs";

let cached: ProcedureEntry[] | undefined;

/** The app router's procedures (procedure-defs.ts), in registration order (the order REST paths are matched in). */
export function procedureTable(): ProcedureEntry[] {
  return (cached ??= readProcedureTable(appRouter));
}
