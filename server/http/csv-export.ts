import { ZExportInput } from "../contracts/enrollments";
import { can } from "../api/trpc";
import { authorizeExport, exportCsvChunks } from "../services/enrollments/export";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/enrollments/course/{courseId}/export: a course's enrollments as CSV, documented by
 * the `enrollments.exportCsv` procedure. Read in batches and streamed as they come.
 */
export const csvExportRoute = rawRoute({
  method: "GET",
  path: "/enrollments/course/{courseId}/export",
  produces: "text/csv; charset=utf-8",
  successDescription: "CSV file (Content-Disposition: attachment), streamed",
  procedure: can("enrollments.export")
    .input(ZExportInput)
    .query(async ({ ctx, input }) => {
      const target = await authorizeExport(ctx.db, ctx.caller, input.courseId);
      return { contentType: "text/csv; charset=utf-8", filename: target.filename, body: exportCsvChunks(ctx.db, ctx.scope, target.courseId) };
    }),
});
