import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../server/db";
import { memberships, tenants, users } from "../server/db/schema";
import { seedDemo } from "../server/db/seed/demo";
import { forTenant } from "../server/db/tenant-scope";
import { env } from "../server/env";
import { newId } from "../server/lib/ids";

/**
 * Child process of `npm run bench`, run before the app starts (PGlite allows one process):
 * the demo data, then BENCH_USERS learners (ACTIVE) in BENCH_TENANT with multi-row inserts.
 */
const COUNT = Number(process.env.BENCH_USERS ?? 10_000);
const TENANT = process.env.BENCH_TENANT ?? "acme";
const CHUNK = 1000;

const e = env();
const handle = await openDatabase({ databaseUrl: e.DATABASE_URL, pgliteDir: e.PGLITE_DIR });
try {
  await seedDemo(handle.db, e.SEED_PASSWORD);
  const [tenant] = await handle.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, TENANT)).limit(1);
  if (!tenant) throw new Error(`tenant ${TENANT} missing after the demo seed`);
  const scope = forTenant(tenant.id);
  const started = performance.now();
  // Memberships a few seconds apart, older than the demo accounts, so the list order is realistic.
  const base = Date.now() - COUNT * 1000;
  await handle.db.transaction(async (tx) => {
    for (let from = 0; from < COUNT; from += CHUNK) {
      const n = Math.min(CHUNK, COUNT - from);
      const batch = Array.from({ length: n }, (_, k) => {
        const i = from + k;
        const at = new Date(base + i * 1000);
        const userId = newId("usr");
        return {
          user: { id: userId, email: `bench-${i}@${TENANT}.bench.test`, passwordHash: null, firstName: `First${i}`, lastName: `Last${i}`, createdAt: at, updatedAt: at },
          membership: { id: newId("mbr"), userId, role: "LEARNER" as const, status: "ACTIVE" as const, createdAt: at, updatedAt: at },
        };
      });
      await tx.insert(users).values(batch.map((b) => b.user));
      await tx.insert(memberships).values(scope.valuesMany(memberships, batch.map((b) => b.membership)));
    }
  });
  // Fresh planner statistics, as autovacuum would gather soon after a bulk load: stable plans from the first request.
  await handle.db.execute(sql`analyze`);
  process.stdout.write(`seeded ${COUNT} users in ${TENANT} (${handle.driver}) in ${Math.round(performance.now() - started)} ms\n`);
} finally {
  await handle.close();
}
