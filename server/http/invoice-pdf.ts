import { ZInvoiceIdInput } from "../contracts/invoices";
import { can } from "../api/trpc";
import { openInvoicePdf } from "../services/billing/invoice-pdf";
import { loadReadableInvoice } from "../services/billing/invoices";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/billing/invoices/{id}/pdf: the stored Factur-X PDF/A-3, documented by `invoices.pdf`.
 * Tenant: X-Tenant-ID, else the sub-domain, else the `tenant` query parameter (download links).
 */
export const invoicePdfRoute = rawRoute({
  method: "GET",
  path: "/billing/invoices/{id}/pdf",
  tenantQuery: "tenant",
  produces: "application/pdf",
  successDescription: "PDF/A-3 file with factur-x.xml embedded (Content-Disposition: attachment)",
  procedure: can("invoices.read")
    .input(ZInvoiceIdInput)
    .query(async ({ ctx, input }) => {
      const row = await loadReadableInvoice(ctx.db, ctx.caller, input.id);
      const file = await openInvoicePdf(row);
      return { contentType: "application/pdf", filename: file.fileName, body: file.stream, length: file.size, cacheControl: "private, no-store" };
    }),
});
