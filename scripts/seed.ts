import "../server/load-env-files";
import { openAppDatabase } from "../server/jobs/open";
import { seedDemo } from "../server/seed/demo";
import { env } from "../server/env";

/** `npm run db:seed`: idempotent demo data (conventions §11); refuses production. */
const e = env();
if (e.NODE_ENV === "production") {
  process.stderr.write("db:seed refuses to run with NODE_ENV=production\n");
  process.exit(1);
}
try {
  const db = await openAppDatabase({ databaseUrl: e.DATABASE_URL, pgliteDir: e.PGLITE_DIR });
  await seedDemo(db.db, e.SEED_PASSWORD);
  await db.close();
  process.stdout.write(`Demo data ready (${db.driver}): http://acme.${e.APP_ROOT_DOMAIN} admin@acme.test / ${e.SEED_PASSWORD}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
