import { clock } from "../../lib/clock";
import type { Db, DbOrTx } from "../../db";
import { forTenant, type TenantScope } from "../../db/tenant-scope";
import { defineJob } from "../../jobs/define";
import { enqueue } from "../../jobs/queue";
import { generateCertificate } from "./uses";

/** Data of the `document.certificate` job, enqueued by the completion transaction (enrollments/progress.ts). */
export type CertificateJobData = { tenantId: string; enrollmentId: string };

/**
 * The `document.certificate` job's handler: generates the certificate of completion of a
 * COMPLETED enrollment. Idempotent (at-least-once delivery): a second run finds the document
 * and writes neither a second document nor a second certificate.generated event.
 */
export async function runCertificateJob(data: CertificateJobData, ctx: { db: Db; now?: Date }): Promise<void> {
  await generateCertificate(ctx.db, forTenant(data.tenantId), data.enrollmentId, ctx.now ?? clock.now());
}

/** Enqueued inside the completion transaction: the job exists exactly when the completion is committed. */
export async function enqueueCertificate(tx: DbOrTx, scope: TenantScope, enrollmentId: string): Promise<void> {
  await enqueue(tx, "document.certificate", { tenantId: scope.tenantId, enrollmentId }, { singletonKey: `certificate:${enrollmentId}` });
}

export const documentJobs = [
  defineJob<CertificateJobData>("document.certificate", {
    retryLimit: 5,
    retryDelaySeconds: 30,
    handler: async (data, { db }) => runCertificateJob(data, { db }),
  }),
];
