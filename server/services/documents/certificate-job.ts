import type { Db } from "../../db";
import { forTenant } from "../../db/tenant-scope";
import { generateCertificate } from "./uses";

/** Data of the `document.certificate` job, enqueued by the completion transaction (enrollments/progress.ts). */
export type CertificateJobData = { tenantId: string; enrollmentId: string };

/**
 * The `document.certificate` job's handler: generates the certificate of completion of a
 * COMPLETED enrollment. Idempotent (at-least-once delivery): a second run finds the document
 * and writes neither a second document nor a second certificate.generated event.
 */
export async function runCertificateJob(data: CertificateJobData, ctx: { db: Db; now?: Date }): Promise<void> {
  await generateCertificate(ctx.db, forTenant(data.tenantId), data.enrollmentId, ctx.now ?? new Date());
}
