import "../server/load-env-files";
import { openAppDatabase } from "../server/jobs/open";
import { env } from "../server/env";

/** `npm run db:migrate`: apply the committed drizzle migrations (the app also does it at start). */
const e = env();
try {
  const db = await openAppDatabase({ databaseUrl: e.DATABASE_URL, pgliteDir: e.PGLITE_DIR });
  await db.close();
  process.stdout.write(`Migrations applied (${db.driver})\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
