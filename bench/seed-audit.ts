import { randomBytes, createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openAppDatabase } from "../server/jobs/open";
import { courses, documents, enrollments, memberships, tenants, users } from "../server/db/schema";
import { seedDemo } from "../server/seed/demo";
import { forTenant } from "../server/db/tenant-scope";
import { env } from "../server/env";
import { newId } from "../server/lib/ids";
import { documentKey, documentStorage } from "../server/services/documents/storage";

/**
 * Child process of `npm run bench` (audit part): one course of the bench tenant with
 * BENCH_AUDIT_DOCS (10,000) COMPLETED enrollments, each with a stored CERTIFICATE document of
 * BENCH_AUDIT_DOC_KB (20) KB of random bytes under MEDIA_DIR/documents: the audit ZIP measured by
 * bench/audit-export.ts. Runs the demo seed first (idempotent; without PDFs) so it also works
 * alone (BENCH_ONLY=audit). Written to BENCH_AUDIT_FIXTURES.
 */
const TENANT = process.env.BENCH_TENANT ?? "acme";
const COUNT = Number(process.env.BENCH_AUDIT_DOCS ?? 10_000);
const KB = Number(process.env.BENCH_AUDIT_DOC_KB ?? 20);
const FIXTURES = process.env.BENCH_AUDIT_FIXTURES ?? "bench/results/audit-fixtures.json";
const CHUNK = 1000;

const e = env();
const handle = await openAppDatabase({ databaseUrl: e.DATABASE_URL, pgliteDir: e.PGLITE_DIR });
try {
  const db = handle.db;
  await seedDemo(db, e.SEED_PASSWORD, { documents: false });
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, TENANT)).limit(1);
  if (!tenant) throw new Error(`tenant ${TENANT} missing after the demo seed`);
  const scope = forTenant(tenant.id);
  const [creator] = await db.select({ id: users.id }).from(users).where(eq(users.email, `creator@${TENANT}.test`)).limit(1);
  const courseId = newId("crs");
  await db.insert(courses).values(
    scope.values(courses, { id: courseId, creatorId: creator!.id, slug: `bench-audit-${courseId.slice(4)}`, title: "Bench dossier d'audit", status: "PUBLISHED" as const, activityNumber: "11 75 00000 75" }),
  );
  const started = performance.now();
  const storage = documentStorage();
  const now = new Date();
  let bytes = 0;
  for (let from = 0; from < COUNT; from += CHUNK) {
    const n = Math.min(CHUNK, COUNT - from);
    const rows = Array.from({ length: n }, (_, k) => {
      const i = from + k;
      return { i, userId: newId("usr"), enrollmentId: newId("enr"), docId: newId("doc") };
    });
    const files = await Promise.all(
      rows.map(async (r) => {
        const data = randomBytes(KB * 1024);
        await storage.put(documentKey(tenant.id, r.docId), data);
        bytes += data.length;
        return { ...r, sha256: createHash("sha256").update(data).digest("hex"), size: data.length };
      }),
    );
    await db.transaction(async (tx) => {
      await tx.insert(users).values(rows.map((r) => ({ id: r.userId, email: `audit-${r.i}-${courseId.slice(4, 10)}@${TENANT}.bench.test`, passwordHash: null, firstName: `Audit${r.i}`, lastName: `Learner${r.i}` })));
      await tx.insert(memberships).values(scope.valuesMany(memberships, rows.map((r) => ({ id: newId("mbr"), userId: r.userId, role: "LEARNER" as const, status: "ACTIVE" as const }))));
      await tx.insert(enrollments).values(
        scope.valuesMany(enrollments, rows.map((r) => ({ id: r.enrollmentId, courseId, userId: r.userId, status: "COMPLETED" as const, completedAt: now }))),
      );
      await tx.insert(documents).values(
        scope.valuesMany(
          documents,
          files.map((f) => ({
            id: f.docId,
            kind: "CERTIFICATE" as const,
            subjectType: "ENROLLMENT" as const,
            subjectId: f.enrollmentId,
            userId: f.userId,
            enrollmentId: f.enrollmentId,
            title: "Certificat de réalisation",
            fileName: `certificat-${f.i}.pdf`,
            sha256: f.sha256,
            sizeBytes: f.size,
            storagePath: documentKey(tenant.id, f.docId),
            generatedAt: now,
          })),
        ),
      );
    });
  }
  const [warm] = await db.select({ id: courses.id }).from(courses).where(scope.where(courses, eq(courses.slug, "sauveteur-secouriste-du-travail"))).limit(1);
  mkdirSync(path.dirname(FIXTURES), { recursive: true });
  writeFileSync(FIXTURES, JSON.stringify({ tenant: TENANT, courseId, warmCourseId: warm?.id ?? null, documents: COUNT, docBytes: KB * 1024, totalBytes: bytes }));
  process.stdout.write(`audit seed: ${COUNT} documents of ${KB} KB in course ${courseId} (${Math.round(performance.now() - started)} ms)\n`);
} finally {
  await handle.close();
}
