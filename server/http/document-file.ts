import { ZDocumentIdInput } from "../contracts/documents";
import { tenantProcedure } from "../api/trpc";
import { openDocumentFile } from "../services/documents/documents";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/documents/{id}/file: a generated document's PDF, documented by `documents.file`.
 * Tenant: X-Tenant-ID, else the sub-domain, else the `tenant` query parameter (download links).
 */
export const documentFileRoute = rawRoute({
  method: "GET",
  path: "/documents/{id}/file",
  tenantQuery: "tenant",
  produces: "application/pdf",
  successDescription: "PDF file (Content-Disposition: attachment)",
  procedure: tenantProcedure.input(ZDocumentIdInput).query(async ({ ctx, input }) => {
    const file = await openDocumentFile(ctx.db, ctx.caller, input.id);
    return { contentType: "application/pdf", filename: file.doc.fileName, body: file.stream, length: file.size, cacheControl: "private, no-store" };
  }),
});
