import { ZDocumentIdInput, ZDocumentOutput, ZListDocumentsInput, ZListDocumentsOutput } from "../../contracts/documents";
import { one } from "../../contracts/envelope";
import { listDocuments, loadReadableDocument, toDocument } from "../../services/documents/documents";
import { router, tenantProcedure } from "../trpc";

const tags = ["Documents"];
export const DOCUMENT_READERS =
  "Who reads which document (one rule, services/platform/who-may.ts readableDocuments): ADMIN every document of the tenant; a FUNDER the documents of the enrollments in their perimeter, " +
  "which are the enrollments their funder finances (enrollment.funderId = the funder their membership belongs to; none without one): every document tied to one of those enrollments; " +
  "a CREATOR the documents that concern them and those they generated (their courses' training agreements); anyone else (LEARNER, TRAINER, FINANCIER) the documents that concern them. Any other document is 404.";
export const DOCUMENT_NOT_FOUND = { 404: "Document not found (another tenant's, or outside the caller's perimeter)" };

/** Generated documents (issue #9 item 4). The PDF itself is served by server/http/document-file.ts (raw route). */
export const documentsRouter = router({
  list: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/documents",
        tags,
        summary: "List generated documents",
        description: `${DOCUMENT_READERS} Filters enrollmentId, kind (CERTIFICATE, CONVENTION, CONVOCATION...), userId (the learner concerned). Newest first; paginated (page, limit).`,
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "Not a member" },
      },
    })
    .input(ZListDocumentsInput)
    .output(ZListDocumentsOutput)
    .query(({ ctx, input }) => listDocuments(ctx.db, ctx.caller, input)),

  get: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/documents/{id}",
        tags,
        summary: "Generated document",
        description: `${DOCUMENT_READERS} sha256 is the lower-case hex SHA-256 of the PDF bytes served by fileUrl; generatedBy is null when the platform generated it (certificates, convocations).`,
        errorResponses: { 401: "Unauthorized", 403: "Not a member", ...DOCUMENT_NOT_FOUND },
      },
    })
    .input(ZDocumentIdInput)
    .output(ZDocumentOutput)
    .query(async ({ ctx, input }) => one(toDocument(await loadReadableDocument(ctx.db, ctx.caller, input.id)))),

});
