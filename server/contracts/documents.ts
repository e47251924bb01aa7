import { z } from "zod";
import { envelope, listEnvelope, ZId, ZLimitPageInput, ZLimitPageMeta, ZTimestamp } from "./common";

/** Generated documents (issue #9 item 4): certificates, conventions, convocations... */
export const ZDocumentKind = z.enum(["CERTIFICATE", "CONVENTION", "CONVOCATION", "ATTESTATION", "PROGRAMME", "EMARGEMENT", "OTHER"]);
export type TDocumentKind = z.infer<typeof ZDocumentKind>;
const ZDocumentSubject = z.enum(["ENROLLMENT", "SESSION_PARTICIPANT", "COURSE"]);

const ZDocument = z.object({
  id: z.string(),
  kind: ZDocumentKind,
  title: z.string(),
  fileName: z.string(),
  templateId: z.string().nullable(),
  subjectType: ZDocumentSubject,
  subjectId: z.string(),
  userId: z.string().nullable(),
  enrollmentId: z.string().nullable(),
  sha256: z.string().describe("Lower-case hex SHA-256 of the PDF bytes"),
  sizeBytes: z.number().int(),
  generatedBy: z.string().nullable().describe("User id; null when the platform generated it (a job)"),
  generatedAt: ZTimestamp,
  fileUrl: z.string().describe("Path of the PDF download (GET, same authentication)"),
});
export type TDocument = z.infer<typeof ZDocument>;

export const ZListDocumentsInput = ZLimitPageInput.extend({
  enrollmentId: z.string().max(64).optional(),
  kind: ZDocumentKind.optional(),
  userId: z.string().max(64).optional(),
});
export type TListDocumentsInput = z.infer<typeof ZListDocumentsInput>;
export const ZListDocumentsOutput = listEnvelope(ZDocument, ZLimitPageMeta);
export const ZDocumentIdInput = z.strictObject({ id: ZId("doc") });
export const ZDocumentOutput = envelope(ZDocument);
