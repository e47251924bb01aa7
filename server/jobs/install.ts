import type { Db } from "../db";
import { installJobQueue } from "./boss";
import { JOBS } from "./registry";

/** pg-boss's schema and every queue of the registry; run after the migrations, at every boot (idempotent). */
export async function installJobs(db: Db): Promise<void> {
  await installJobQueue(db, JOBS);
}
