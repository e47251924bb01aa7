import { openDatabase, type DbHandle } from "../db";
import { installJobs } from "./install";

/** The database as the app, the worker and the scripts use it: migrated, with the job queue installed. */
export async function openAppDatabase(opts: Parameters<typeof openDatabase>[0]): Promise<DbHandle> {
  const handle = await openDatabase(opts);
  if (opts.migrate !== false) await installJobs(handle.db);
  return handle;
}
