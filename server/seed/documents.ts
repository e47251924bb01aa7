import { clock } from "../lib/clock";
import { eq, notExists } from "drizzle-orm";
import type { Db } from "../db/client";
import { documents, enrollments } from "../db/schema";
import { sameTenant, type TenantScope } from "../db/tenant-scope";
import { generateCertificate } from "../services/documents/uses";
import { ensureSystemTemplates } from "../services/templates/templates";

/**
 * Idempotent: the SYSTEM templates, and (withPdfs) the certificate of every COMPLETED enrollment
 * that has none yet — learner@ and the survey alumni completed Excel, so "Mes documents" shows a
 * certificate. seedDemo runs it last, once every enrollment is seeded. The
 * generation service is called directly (no job runs in the seed), so it also writes the
 * certificate.generated event, as the job would.
 */
export async function seedDocuments(db: Db, scope: TenantScope, opts: { withPdfs: boolean }): Promise<void> {
  await ensureSystemTemplates(db, scope);
  if (!opts.withPdfs) return;
  const pending = await db
    .select({ id: enrollments.id, completedAt: enrollments.completedAt })
    .from(enrollments)
    .where(
      scope.where(
        enrollments,
        eq(enrollments.status, "COMPLETED"),
        notExists(db.select({ id: documents.id }).from(documents).where(sameTenant(documents, enrollments, documents.enrollmentId, enrollments.id, eq(documents.kind, "CERTIFICATE")))),
      ),
    );
  for (const e of pending) await generateCertificate(db, scope, e.id, e.completedAt ?? clock.now());
}
