import { ZYearInput } from "../contracts/bpf";
import { bpfProcedure } from "../api/trpc";
import { bpfPdf } from "../services/bpf/pdf";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/bpf/year/{year}/export: the snapshot's cerfa-shaped PDF, documented by the
 * `bpf.exportPdf` procedure. Rendered in the document pool's worker thread.
 */
export const bpfPdfRoute = rawRoute({
  method: "GET",
  path: "/bpf/year/{year}/export",
  produces: "application/pdf",
  successDescription: "PDF file (Content-Disposition: attachment)",
  procedure: bpfProcedure()
    .input(ZYearInput)
    .query(async ({ ctx, input }) => {
      const pdf = await bpfPdf(ctx.db, ctx.caller, input.year);
      return { contentType: "application/pdf", filename: pdf.filename, body: pdf.body, cacheControl: "private, no-store" };
    }),
});
