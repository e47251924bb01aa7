import { ZExportInput } from "../contracts/enrollments";
import { authorizeExport, enrollmentsExportTable } from "../services/enrollments/export";
import { EXPORT_FORMAT_NOTE, EXPORT_PRODUCES, exportBody } from "../services/exports/table";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/enrollments/course/{courseId}/export[?format=xlsx][&separator=;]: a course's
 * enrollments and progress as CSV (default) or XLSX, read in batches and streamed as they come.
 * The tRPC transport (`enrollments.export`) answers the same CSV as a string.
 */
export const csvExportRoute = rawRoute({
  method: "GET",
  path: "/enrollments/course/{courseId}/export",
  query: ["format", "separator"],
  access: { permission: "enrollments.export" },
  input: ZExportInput,
  doc: {
    summary: "Export of a course's enrollments and progress (CSV or Excel)",
    description:
      "The course's CREATOR or an ADMIN. An attachment (inscriptions-<slug>.csv or .xlsx), streamed in batches, oldest enrollment first. " +
      "Columns (French headers): Inscription (enrollment id), Apprenant, E-mail, Statut (En cours, Terminée, Annulée, Suspendue, Révoquée), Inscrit le, Terminée le, " +
      "Dernière activité, Progression (%), Catégorie de stagiaire, Financement. " +
      EXPORT_FORMAT_NOTE,
    tags: ["Enrollments"],
    produces: EXPORT_PRODUCES,
    successDescription: "CSV (text/csv; charset=utf-8) or XLSX file, Content-Disposition: attachment, streamed",
    errorResponses: { 400: "Invalid format or separator", 401: "Unauthorized", 403: "Course not owned, or role not allowed", 404: "Course not found" },
  },
  handler: async ({ ctx, input }) => {
    const target = await authorizeExport(ctx.db, ctx.caller, input.courseId);
    return exportBody(enrollmentsExportTable(ctx.db, ctx.scope, target, ctx.caller.tenant.timeZone), input.format, input.separator);
  },
});
