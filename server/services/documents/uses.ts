import { clock } from "../../lib/clock";
import type { Db } from "../../db";
import type { TenantScope } from "../../db/tenant-scope";
import { log } from "../../lib/log";
import { emitEvent } from "../platform/events";
import { participantEnrollment } from "../platform/who-may";
import { systemTemplate } from "../templates/templates";
import { SYSTEM_KEY_BY_KIND } from "../templates/system-templates";
import { generateDocument, type DocumentRow } from "./generate";
import { enrollmentRecord, organisationValues, sessionParticipantRecord } from "./variables";
import { slugify } from "../../lib/slug";

const fileSlug = (s: string) => slugify(s, 50) || "document";

/**
 * The certificate of completion (certificat de réalisation / attestation de fin de formation) of
 * a COMPLETED enrollment, from the tenant's ATTESTATION SYSTEM template: learner, course, hours
 * (the course's duration), dates (enrolledAt, completedAt), the organisation. The document row
 * and the `certificate.generated` event are written in one transaction; a second run finds the
 * document and does nothing (at-least-once jobs). Returns null when the enrollment is not COMPLETED.
 */
export async function generateCertificate(db: Db, scope: TenantScope, enrollmentId: string, now: Date): Promise<{ document: DocumentRow; created: boolean } | null> {
  const record = await enrollmentRecord(db, scope, enrollmentId);
  if (record.enrollment.status !== "COMPLETED") {
    log.info("certificate.skipped", { enrollmentId, status: record.enrollment.status });
    return null;
  }
  const org = await organisationValues(db, scope, now);
  const template = await systemTemplate(db, scope, SYSTEM_KEY_BY_KIND.CERTIFICATE);
  return generateDocument(db, scope, {
    kind: "CERTIFICATE",
    subject: { type: "ENROLLMENT", id: enrollmentId },
    template,
    values: { ...org.values, ...record.values },
    org: org.info,
    title: `Certificat de réalisation — ${record.course.title}`,
    fileName: `certificat-${fileSlug(record.course.title)}-${fileSlug(`${record.user.firstName}-${record.user.lastName}`)}.pdf`,
    userId: record.user.id,
    enrollmentId,
    generatedBy: null,
    now,
    onExisting: "keep",
    names: [`${record.user.firstName} ${record.user.lastName}`],
    inTransaction: async (tx, doc) => {
      await emitEvent(tx, scope, "certificate.generated", {
        documentId: doc.id,
        enrollmentId,
        courseId: record.course.id,
        userId: record.user.id,
        sha256: doc.sha256,
        generatedAt: doc.generatedAt.toISOString(),
      });
    },
  });
}

/**
 * The convocation PDF of one learner for one session (CONVOCATION SYSTEM template), for the
 * convocation e-mail: `{filename, contentType, content (base64)}`, the shape of a mail attachment.
 * Recorded as a document of the learner (subject SESSION_PARTICIPANT "{sessionId}:{userId}");
 * a later notice of the same session replaces it (a moved session prints its new date).
 */
export async function convocationPdfAttachment(db: Db, scope: TenantScope, sessionId: string, userId: string, now: Date = clock.now()) {
  const [org, tenantSlug] = await organisationValues(db, scope, now).then((o) => [o, o.info.slug] as const);
  const record = await sessionParticipantRecord(db, scope, sessionId, userId, tenantSlug);
  const template = await systemTemplate(db, scope, SYSTEM_KEY_BY_KIND.CONVOCATION);
  const enrollmentId = await participantEnrollment(db, scope, record.course.id, userId);
  const { document, pdf } = await generateDocument(db, scope, {
    kind: "CONVOCATION",
    subject: { type: "SESSION_PARTICIPANT", id: `${sessionId}:${userId}` },
    template,
    values: { ...org.values, ...record.values },
    org: org.info,
    title: `Convocation — ${record.session.title}`,
    fileName: `convocation-${fileSlug(record.session.title)}.pdf`,
    userId,
    enrollmentId,
    generatedBy: null,
    now,
    onExisting: "replace",
  });
  return { document, attachment: { filename: document.fileName, contentType: "application/pdf", content: Buffer.from(pdf!).toString("base64") } };
}
