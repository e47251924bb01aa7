import { ZInvoiceIdInput } from "../contracts/invoices";
import { openInvoicePdf } from "../services/billing/invoice-pdf";
import { loadReadableInvoice } from "../services/billing/invoices";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/billing/invoices/{id}/pdf: the stored Factur-X PDF/A-3 (the screens read it through
 * the tRPC transport, `invoices.pdf`, derived from this declaration).
 * (Not importing the invoices router: that router imports this route for its tRPC transport.)
 * Tenant: X-Tenant-ID, else the sub-domain, else the `tenant` query parameter (download links).
 */
export const invoicePdfRoute = rawRoute({
  method: "GET",
  path: "/billing/invoices/{id}/pdf",
  tenantQuery: "tenant",
  access: { permission: "invoices.read" },
  input: ZInvoiceIdInput,
  doc: {
    summary: "Download an issued invoice's PDF/A-3 (Factur-X)",
    description: "Billing, ADMIN or FINANCIER (invoices.read); a FUNDER reads the invoices addressed to its billing client. The stored, signed Factur-X PDF/A-3 (factur-x.xml embedded). 404 INVOICE_NOT_FOUND for a draft (not issued); 409 INVOICE_PDF_NOT_AVAILABLE while it is being rendered.",
    tags: ["Billing"],
    produces: "application/pdf",
    successDescription: "PDF/A-3 file with factur-x.xml embedded (Content-Disposition: attachment)",
    errorResponses: { 401: "Unauthorized", 403: "Not ADMIN, FINANCIER or the funder of the invoice", 404: "Invoice not found or not issued", 409: "PDF still being rendered" },
  },
  handler: async ({ ctx, input }) => {
    const row = await loadReadableInvoice(ctx.db, ctx.caller, input.id);
    const file = await openInvoicePdf(row);
    return { contentType: "application/pdf", filename: file.fileName, body: file.stream, length: file.size, cacheControl: "private, no-store" };
  },
});
