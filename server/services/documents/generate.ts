import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { documents, templates } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { newId } from "../../lib/ids";
import { log } from "../../lib/log";
import { documentKey, documentStorage } from "./storage";
import { renderBlocks } from "./template-body";
import { renderDocument } from "./render-pool";
import type { OrganisationInfo } from "./variables";
import type { TVerificationDocumentType } from "../../contracts/verification";
import type { VerificationStamp } from "../verification/verification-block";
import { reserveVerification, sealVerification } from "../verification/verifications";

export type DocumentRow = typeof documents.$inferSelect;
type TemplateRow = typeof templates.$inferSelect;
type DocumentKind = DocumentRow["kind"];
type DocumentSubject = { type: DocumentRow["subjectType"]; id: string };

/**
 * The document service: a template's body filled with a record's values, rendered to PDF by the
 * render pool (`template-document`, embedded DejaVu fonts), stored under MEDIA_DIR/documents and
 * recorded with its SHA-256, size, author and time. One document per (kind, subject): a second
 * generation either keeps the first (`onExisting: "keep"`, idempotent jobs) or replaces its file
 * and hash (`"replace"`, on-demand regeneration). `inTransaction` runs in the transaction that
 * writes the row (the certificate's event), only when a row is written.
 */
export async function renderTemplatePdf(
  template: Pick<TemplateRow, "name" | "body">,
  values: Record<string, string>,
  org: OrganisationInfo,
  footer: string,
  title = template.name,
  verification: VerificationStamp | null = null,
): Promise<Uint8Array> {
  return renderDocument("template-document", { title, author: org.name, accentColor: org.accentColor, blocks: renderBlocks(template.body, values), footer, signatureImage: org.signatureImage, verification });
}

/** The verification type of a stored document's kind (verification/verifications.ts). */
const VERIFICATION_TYPE: Record<DocumentKind, TVerificationDocumentType> = {
  CERTIFICATE: "CERTIFICATE",
  CONVENTION: "CONVENTION",
  CONVOCATION: "CONVOCATION",
  ATTESTATION: "ATTENDANCE_ATTESTATION",
  PROGRAMME: "PROGRAMME",
  EMARGEMENT: "ATTENDANCE_SHEET",
  OTHER: "OTHER",
};

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function findDocument(db: DbOrTx, scope: TenantScope, kind: DocumentKind, subject: DocumentSubject): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(scope.where(documents, and(eq(documents.kind, kind), eq(documents.subjectType, subject.type), eq(documents.subjectId, subject.id))))
    .limit(1);
  return row ?? null;
}

export type GenerateInput = {
  kind: DocumentKind;
  subject: DocumentSubject;
  template: TemplateRow;
  values: Record<string, string>;
  org: OrganisationInfo;
  title: string;
  fileName: string;
  userId: string | null;
  enrollmentId: string | null;
  generatedBy: string | null;
  now: Date;
  onExisting: "keep" | "replace";
  /** Names printed on the document that its public verification page may repeat (the learner). */
  names?: string[];
  inTransaction?: (tx: DbOrTx, doc: DocumentRow) => Promise<void>;
};

export async function generateDocument(db: Db, scope: TenantScope, input: GenerateInput): Promise<{ document: DocumentRow; created: boolean; pdf?: Uint8Array }> {
  const existing = await findDocument(db, scope, input.kind, input.subject);
  if (existing && input.onExisting === "keep") return { document: existing, created: false };
  const id = existing?.id ?? newId("doc");
  // The code is printed in the PDF: reserved first, sealed with the final hash in the row's transaction.
  const reserved = await reserveVerification(db, scope, { type: VERIFICATION_TYPE[input.kind], ref: id, title: input.title, names: input.names, issuedAt: input.now });
  const pdf = await renderTemplatePdf(input.template, input.values, input.org, `${input.org.name} — ${id}`, input.title, reserved.stamp);
  const sha256 = sha256Hex(pdf);
  const key = documentKey(scope.tenantId, id);
  await documentStorage().put(key, Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  const row = {
    id,
    kind: input.kind,
    templateId: input.template.id,
    subjectType: input.subject.type,
    subjectId: input.subject.id,
    userId: input.userId,
    enrollmentId: input.enrollmentId,
    title: input.title,
    fileName: input.fileName,
    sha256,
    sizeBytes: pdf.byteLength,
    storagePath: key,
    generatedBy: input.generatedBy,
    generatedAt: input.now,
    updatedAt: input.now,
  };
  const result = await db.transaction(async (tx) => {
    const written =
      input.onExisting === "replace"
        ? await tx
            .insert(documents)
            .values(scope.values(documents, { ...row, createdAt: input.now }))
            .onConflictDoUpdate({
              target: [documents.tenantId, documents.kind, documents.subjectType, documents.subjectId],
              set: { templateId: row.templateId, title: row.title, fileName: row.fileName, sha256, sizeBytes: row.sizeBytes, storagePath: key, generatedBy: row.generatedBy, generatedAt: row.generatedAt, updatedAt: row.updatedAt },
            })
            .returning()
        : await tx
            .insert(documents)
            .values(scope.values(documents, { ...row, createdAt: input.now }))
            .onConflictDoNothing()
            .returning();
    const doc = written[0];
    if (!doc) return null;
    await sealVerification(tx, scope, reserved.id, pdf, input.now);
    if (input.inTransaction) await input.inTransaction(tx, doc);
    return doc;
  });
  if (result) return { document: result, created: !existing, pdf };
  // Another run wrote it first (keep): its row stands, our file is an orphan.
  await documentStorage().remove(key).catch((error: unknown) => log.error("document.orphan_remove_failed", { key, error: String(error) }));
  const winner = await findDocument(db, scope, input.kind, input.subject);
  if (!winner) throw new Error("document vanished after a conflicting insert");
  return { document: winner, created: false };
}
