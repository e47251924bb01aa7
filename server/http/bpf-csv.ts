import { ZCsvInput } from "../contracts/bpf";
import { bpfProcedure } from "../api/trpc";
import { bpfCsv } from "../services/bpf/csv";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/bpf/year/{year}/export-csv[?separator=;]: the snapshot's trainees as CSV, documented
 * by the `bpf.exportCsv` procedure; streamed in chunks.
 */
export const bpfCsvRoute = rawRoute({
  method: "GET",
  path: "/bpf/year/{year}/export-csv",
  query: ["separator"],
  produces: "text/csv; charset=utf-8",
  successDescription: "CSV file (Content-Disposition: attachment), streamed",
  procedure: bpfProcedure()
    .input(ZCsvInput)
    .query(async ({ ctx, input }) => {
      const csv = await bpfCsv(ctx.db, ctx.caller, input.year, input.separator);
      return { contentType: "text/csv; charset=utf-8", filename: csv.filename, body: csv.body, cacheControl: "private, no-store" };
    }),
});
