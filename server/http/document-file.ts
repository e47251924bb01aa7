import { ZDocumentIdInput } from "../contracts/documents";
import { DOCUMENT_NOT_FOUND, DOCUMENT_READERS } from "../api/routers/documents";
import { openDocumentFile } from "../services/documents/documents";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/documents/{id}/file: a generated document's PDF.
 * Tenant: X-Tenant-ID, else the sub-domain, else the `tenant` query parameter (download links).
 */
export const documentFileRoute = rawRoute({
  method: "GET",
  path: "/documents/{id}/file",
  tenantQuery: "tenant",
  access: { member: true },
  input: ZDocumentIdInput,
  doc: {
    summary: "Download a generated document (PDF)",
    description: `${DOCUMENT_READERS} Answers application/pdf as an attachment named after the document (fileName); its SHA-256 equals the document's sha256. 404 DOCUMENT_FILE_NOT_FOUND when storage lost the file.`,
    tags: ["Documents"],
    produces: "application/pdf",
    successDescription: "PDF file (application/pdf, attachment)",
    errorResponses: { 401: "Unauthorized", 403: "Not a member", ...DOCUMENT_NOT_FOUND },
  },
  handler: async ({ ctx, input }) => {
    const file = await openDocumentFile(ctx.db, ctx.caller, input.id);
    return { contentType: "application/pdf", filename: file.doc.fileName, body: file.stream, length: file.size, cacheControl: "private, no-store" };
  },
});
