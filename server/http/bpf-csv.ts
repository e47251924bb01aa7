import { ZCsvInput } from "../contracts/bpf";
import { ZExportFormat } from "../contracts/exports";
import { bpfExportTable } from "../services/bpf/export-table";
import { EXPORT_PRODUCES, exportBody } from "../services/exports/table";
import { BPF_DOC_RULES, BPF_DOC_WHO } from "./bpf-pdf";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/bpf/year/{year}/export-csv[?separator=;][&format=xlsx]: the snapshot's trainees as
 * CSV (the spec's columns) or XLSX (French headers), through the shared export writer.
 */
export const bpfCsvRoute = rawRoute({
  method: "GET",
  path: "/bpf/year/{year}/export-csv",
  query: ["separator", "format"],
  access: { permission: "bpf.manage", ofMode: true },
  input: ZCsvInput.extend({ format: ZExportFormat }),
  doc: {
    summary: "The year's trainees as CSV (or Excel)",
    description:
      `${BPF_DOC_RULES} An attachment bpf-YYYY.csv (or .xlsx with format=xlsx): the rows behind frames C, F and G, so that amountHT sums to frame C's total. ` +
      "One row per trainee of the snapshot (an enrollment with hours; a person in two actions has two rows, as F-1 counts them), then one row per invoice or credit note whose training HT " +
      "is linked to no trainee of the year (traineeId, category and hours empty). CSV: UTF-8 with a byte order mark, CRLF, the spec's columns first — traineeId (the learner's user id), category, hours, " +
      "financingSource, amountHT (the TRAINING lines' HT of the invoices linked to the enrollment, credit notes subtracted); an empty cell when the category or source is missing — then French columns: " +
      "Stagiaire, Formation, Cadre (F, G or C), Catégorie (libellé), Source de financement (libellé), Facture. " +
      'separator: ";" (default; numbers with a decimal comma), "," (decimal point), "|" or a tab (decimal comma). ' +
      "XLSX: one sheet, French headers (Identifiant stagiaire, Catégorie de stagiaire, Heures de formation, Financement, Montant HT (€), Stagiaire, Formation, Cadre, Facture), the codes in words, hours and amounts as number cells.",
    tags: ["BPF"],
    produces: EXPORT_PRODUCES,
    successDescription: "CSV (text/csv; charset=utf-8) or XLSX file, Content-Disposition: attachment, streamed",
    errorResponses: { 400: "Invalid year, separator or format", ...BPF_DOC_WHO },
  },
  handler: async ({ ctx, input }) => exportBody(await bpfExportTable(ctx.db, ctx.caller, input.year, input.format), input.format, input.separator),
});
