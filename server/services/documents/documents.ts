import { count, desc, eq } from "drizzle-orm";
import type { Caller } from "../../auth/caller";
import type { TDocument, TListDocumentsInput } from "../../contracts/documents";
import type { Db, DbOrTx } from "../../db";
import { documents } from "../../db/schema";
import { notFound } from "../../errors";
import { countOf, limitPage, paginate } from "../platform/pagination";
import { readableDocuments } from "../platform/who-may";
import type { DocumentRow } from "./generate";
import { documentStorage } from "./storage";

export function toDocument(d: DocumentRow): TDocument {
  return {
    id: d.id,
    kind: d.kind,
    title: d.title,
    fileName: d.fileName,
    templateId: d.templateId,
    subjectType: d.subjectType,
    subjectId: d.subjectId,
    userId: d.userId,
    enrollmentId: d.enrollmentId,
    sha256: d.sha256,
    sizeBytes: d.sizeBytes,
    generatedBy: d.generatedBy,
    generatedAt: d.generatedAt.toISOString(),
    fileUrl: `/api/v1/documents/${d.id}/file`,
  };
}

/**
 * GET /documents: newest first, filtered by enrollmentId, kind, userId, within what the caller
 * reads (who-may.ts readableDocuments). Walks documents_tenant_generated_idx, or the user's or
 * enrollment's index when that filter is given.
 */
export async function listDocuments(db: Db, caller: Caller, q: TListDocumentsInput) {
  const where = caller.scope.where(
    documents,
    q.enrollmentId ? eq(documents.enrollmentId, q.enrollmentId) : undefined,
    q.userId ? eq(documents.userId, q.userId) : undefined,
    q.kind ? eq(documents.kind, q.kind) : undefined,
    readableDocuments(caller),
  );
  return paginate(limitPage(q), {
    rows: (limit, offset) => db.select().from(documents).where(where).orderBy(desc(documents.generatedAt), desc(documents.id)).limit(limit).offset(offset),
    total: () => countOf(db.select({ n: count() }).from(documents).where(where)),
    map: (rows) => rows.map(toDocument),
  });
}

/** The document when the caller reads it, else 404 (another tenant's, or outside their perimeter). */
export async function loadReadableDocument(db: DbOrTx, caller: Caller, id: string): Promise<DocumentRow> {
  const [row] = await db.select().from(documents).where(caller.scope.where(documents, eq(documents.id, id), readableDocuments(caller))).limit(1);
  if (!row) throw notFound("Document");
  return row;
}

/** The stored PDF's stream; 404 DOCUMENT_FILE_NOT_FOUND when storage lost it. */
export async function openDocumentFile(db: Db, caller: Caller, id: string) {
  const doc = await loadReadableDocument(db, caller, id);
  const file = await documentStorage().open(doc.storagePath);
  if (!file) throw notFound("Document file");
  return { doc, ...file };
}
