import { ZDocumentIdInput, ZDocumentOutput, ZEnrollmentIdInput, ZListDocumentsInput, ZListDocumentsOutput } from "../../contracts/documents";
import { ZPdfBase64 } from "../../contracts/templates";
import { listDocuments, loadReadableDocument, openDocumentFile, toDocument } from "../../services/documents/documents";
import { generateConvention } from "../../services/documents/uses";
import { can, router, tenantProcedure } from "../trpc";

const tags = ["Documents"];
export const DOCUMENT_READERS =
  "Who reads which document (one rule, services/platform/who-may.ts readableDocuments): ADMIN every document of the tenant; a FUNDER the documents of the enrollments in their perimeter, " +
  "which are the enrollments their funder finances (enrollment.funderId = the funder their membership belongs to; none without one): every document tied to one of those enrollments; " +
  "a CREATOR the documents that concern them and those they generated (their courses' training agreements); anyone else (LEARNER, TRAINER, FINANCIER) the documents that concern them. Any other document is 404.";
const notFound = { 404: "Document not found (another tenant's, or outside the caller's perimeter)" };

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
        errorResponses: { 401: "Unauthorized", 403: "Not a member", ...notFound },
      },
    })
    .input(ZDocumentIdInput)
    .output(ZDocumentOutput)
    .query(async ({ ctx, input }) => ({ data: toDocument(await loadReadableDocument(ctx.db, ctx.caller, input.id)) })),

  file: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/documents/{id}/file",
        tags,
        summary: "Download a generated document (PDF)",
        description: `${DOCUMENT_READERS} Answers application/pdf as an attachment named after the document (fileName); its SHA-256 equals the document's sha256. 404 DOCUMENT_FILE_NOT_FOUND when storage lost the file.`,
        successDescription: "PDF file (application/pdf, attachment)",
        errorResponses: { 401: "Unauthorized", 403: "Not a member", ...notFound },
      },
    })
    .input(ZDocumentIdInput)
    .output(ZPdfBase64)
    .query(async ({ ctx, input }) => {
      const file = await openDocumentFile(ctx.db, ctx.caller, input.id);
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("base64");
    }),

  convention: can("documents.generate")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/enrollments/{id}/convention",
        tags,
        summary: "Generate the training agreement (convention) of an enrollment",
        description:
          "ADMIN, or the CREATOR who owns the enrollment's course (403 otherwise; 404 for an enrollment the caller cannot read). Renders the tenant's CONVENTION SYSTEM template " +
          "(articles L6353-1 and L6353-2 of the Code du travail) with the learner, the course (objectives, duration, price...) and the enrollment, stores the PDF and answers the document (201). " +
          "One agreement per enrollment: generating it again replaces its file, sha256 and generatedAt under the same document id.",
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "Not ADMIN nor the course's creator", 404: "Enrollment not found", 503: "Renderer busy" },
      },
    })
    .input(ZEnrollmentIdInput)
    .output(ZDocumentOutput)
    .mutation(async ({ ctx, input }) => ({ data: toDocument(await generateConvention(ctx.db, ctx.caller, input.id, ctx.clock.now())) })),
});
