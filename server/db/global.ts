import type { DbHandle } from "./client";

/**
 * The app process opens the database once (server.ts). Code that Next bundles separately
 * (next-auth's route) reaches the same handle through globalThis: PGlite cannot be opened twice.
 */
const KEY = Symbol.for("training-platform.db");
type Holder = { [KEY]?: DbHandle };

export function setAppDatabase(handle: DbHandle | null): void {
  (globalThis as Holder)[KEY] = handle ?? undefined;
}

export function appDatabase(): DbHandle {
  const handle = (globalThis as Holder)[KEY];
  if (!handle) throw new Error("The database is not open: start the app with `npm run dev` or `npm start` (server.ts)");
  return handle;
}
