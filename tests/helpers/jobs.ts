import type { Db } from "../../server/db";
import { countJobs } from "../../server/jobs/inspect";
import type { JobName } from "../../server/jobs/names";

export { drainJobs } from "../../server/jobs/drain";

/** Jobs of a queue waiting to run (created or retry), for assertions between a request and the worker. */
export function queuedJobs(db: Db, name: JobName): Promise<number> {
  return countJobs(db, [name], "waiting");
}
