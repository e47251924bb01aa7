import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { openAppDatabase } from "../server/jobs/open";
import { courses, enrollments, lessons, memberships, modules, tenants, users } from "../server/db/schema";
import { seedDemo } from "../server/seed/demo";
import { forTenant } from "../server/db/tenant-scope";
import { env } from "../server/env";
import { newId } from "../server/lib/ids";

/**
 * Child process of `npm run bench`, run before the app starts (PGlite allows one process):
 * the demo data, then BENCH_USERS learners (ACTIVE) and BENCH_COURSES published courses (one
 * module, two lessons each) in BENCH_TENANT with multi-row inserts, and the enrollment whose
 * progress the benchmark posts (written to BENCH_FIXTURES). BENCH_LARGE_USERS more learners
 * (default 100,000) go into BENCH_LARGE_TENANT (globex), so the users list is measured at both sizes.
 */
const COURSES = Number(process.env.BENCH_COURSES ?? 2_000);
const FIXTURES = process.env.BENCH_FIXTURES ?? "bench/results/fixtures.json";
const COUNT = Number(process.env.BENCH_USERS ?? 10_000);
const TENANT = process.env.BENCH_TENANT ?? "acme";
const CHUNK = 1000;
const LARGE_COUNT = Number(process.env.BENCH_LARGE_USERS ?? 100_000);
const LARGE_TENANT = process.env.BENCH_LARGE_TENANT ?? "globex";

const e = env();
const handle = await openAppDatabase({ databaseUrl: e.DATABASE_URL, pgliteDir: e.PGLITE_DIR });
try {
  await seedDemo(handle.db, e.SEED_PASSWORD);
  const [tenant] = await handle.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, TENANT)).limit(1);
  if (!tenant) throw new Error(`tenant ${TENANT} missing after the demo seed`);
  const scope = forTenant(tenant.id);
  const started = performance.now();
  // Memberships a few seconds apart, older than the demo accounts, so the list order is realistic.
  async function seedMembers(tenantScope: typeof scope, slug: string, count: number) {
    const base = Date.now() - count * 1000;
    await handle.db.transaction(async (tx) => {
      for (let from = 0; from < count; from += CHUNK) {
        const n = Math.min(CHUNK, count - from);
        const batch = Array.from({ length: n }, (_, k) => {
          const i = from + k;
          const at = new Date(base + i * 1000);
          const userId = newId("usr");
          return {
            user: { id: userId, email: `bench-${i}@${slug}.bench.test`, passwordHash: null, firstName: `First${i}`, lastName: `Last${i}`, createdAt: at, updatedAt: at },
            membership: { id: newId("mbr"), userId, role: "LEARNER" as const, status: "ACTIVE" as const, createdAt: at, updatedAt: at },
          };
        });
        await tx.insert(users).values(batch.map((b) => b.user));
        await tx.insert(memberships).values(tenantScope.valuesMany(memberships, batch.map((b) => b.membership)));
      }
    });
  }
  await seedMembers(scope, TENANT, COUNT);
  if (LARGE_COUNT > 0) {
    const [large] = await handle.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, LARGE_TENANT)).limit(1);
    if (!large) throw new Error(`tenant ${LARGE_TENANT} missing after the demo seed`);
    await seedMembers(forTenant(large.id), LARGE_TENANT, LARGE_COUNT);
  }
  const [creator] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, `creator@${TENANT}.test`)).limit(1);
  const [learner] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, `learner@${TENANT}.test`)).limit(1);
  if (!creator || !learner) throw new Error("demo creator or learner missing");
  const courseBase = Date.now() - COURSES * 60_000;
  let progress: { enrollmentId: string; lessonId: string } | null = null;
  await handle.db.transaction(async (tx) => {
    for (let from = 0; from < COURSES; from += CHUNK) {
      const n = Math.min(CHUNK, COURSES - from);
      const rows = Array.from({ length: n }, (_, k) => {
        const i = from + k;
        const at = new Date(courseBase + i * 60_000);
        const courseId = newId("crs");
        const moduleId = newId("mod");
        return {
          course: { id: courseId, creatorId: creator.id, slug: `bench-course-${i}`, title: `Formation ${i}`, description: `Description de la formation ${i}.`, price: 10_000 + (i % 50) * 1000, status: "PUBLISHED" as const, duration: 7, publishedAt: at, createdAt: at, updatedAt: at },
          module: { id: moduleId, courseId, title: "Module 1", position: 0 },
          lessons: [0, 1].map((p) => ({ id: newId("les"), courseId, moduleId, title: `Leçon ${p + 1}`, content: "Contenu.", position: p })),
        };
      });
      await tx.insert(courses).values(scope.valuesMany(courses, rows.map((r) => r.course)));
      await tx.insert(modules).values(scope.valuesMany(modules, rows.map((r) => r.module)));
      await tx.insert(lessons).values(scope.valuesMany(lessons, rows.flatMap((r) => r.lessons)));
      if (!progress && rows[0]) {
        const enrollmentId = newId("enr");
        await tx.insert(enrollments).values(scope.values(enrollments, { id: enrollmentId, courseId: rows[0].course.id, userId: learner.id, status: "ACTIVE" as const }));
        progress = { enrollmentId, lessonId: rows[0].lessons[0]!.id };
      }
    }
  });
  if (!progress) {
    // BENCH_COURSES=0: post progress on the learner's seeded SST enrollment instead.
    const [row] = await handle.db
      .select({ enrollmentId: enrollments.id, lessonId: lessons.id })
      .from(enrollments)
      .innerJoin(lessons, eq(lessons.courseId, enrollments.courseId))
      .where(scope.where(enrollments, and(eq(enrollments.userId, learner.id), eq(enrollments.status, "ACTIVE"))))
      .limit(1);
    progress = row ?? null;
  }
  if (!progress) throw new Error("no enrollment to post progress to");
  mkdirSync(path.dirname(FIXTURES), { recursive: true });
  writeFileSync(FIXTURES, JSON.stringify({ learnerEmail: `learner@${TENANT}.test`, ...(progress as { enrollmentId: string; lessonId: string }) }));
  // Fresh planner statistics and visibility map, as autovacuum would leave them soon after a bulk
  // load: stable plans from the first request, index-only counts.
  await handle.db.execute(sql`vacuum analyze`);
  process.stdout.write(`seeded ${COUNT} users and ${COURSES} courses in ${TENANT}, ${LARGE_COUNT} users in ${LARGE_TENANT} (${handle.driver}) in ${Math.round(performance.now() - started)} ms\n`);
} finally {
  await handle.close();
}
