import { ZYearInput } from "../contracts/bpf";
import { BPF_NONE, BPF_RULES, BPF_WHO } from "../api/routers/bpf";
import { bpfPdf } from "../services/bpf/pdf";
import { rawRoute } from "./raw-route";

export { BPF_RULES as BPF_DOC_RULES };
export const BPF_DOC_WHO = { ...BPF_WHO, ...BPF_NONE };

/** GET /api/v1/bpf/year/{year}/export: the snapshot's cerfa-shaped PDF, rendered in the document pool's worker thread. */
export const bpfPdfRoute = rawRoute({
  method: "GET",
  path: "/bpf/year/{year}/export",
  access: { permission: "bpf.manage", ofMode: true },
  input: ZYearInput,
  doc: {
    summary: "The year's BPF as a PDF (cerfa 10443 frames A to H)",
    description:
      `${BPF_RULES} Answers application/pdf (bpf-YYYY.pdf, attachment): A4, French, frames A (legal identity) to H (director), the C lines, E-1, F-1, the checks and anomalies; ` +
      'what the data cannot fill reads "non renseigné". Rendered from the snapshot in the document pool\'s worker thread (503 when busy).',
    tags: ["BPF"],
    produces: "application/pdf",
    successDescription: "PDF file (application/pdf, Content-Disposition: attachment)",
    errorResponses: { 400: "Invalid year", ...BPF_WHO, ...BPF_NONE, 503: "Renderer busy" },
  },
  handler: async ({ ctx, input }) => {
    const pdf = await bpfPdf(ctx.db, ctx.caller, input.year);
    return { contentType: "application/pdf", filename: pdf.filename, body: pdf.body, cacheControl: "private, no-store" };
  },
});
