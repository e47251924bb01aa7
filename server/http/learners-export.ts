import { ZLearnersExportInput } from "../contracts/learners";
import { learnersExportTable } from "../services/enrollments/learners-export";
import { EXPORT_FORMAT_NOTE, EXPORT_PRODUCES, exportBody } from "../services/exports/table";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/learners/export[?courseId=][&status=][&search=][&format=xlsx][&separator=;]: the
 * creator's learners list (GET /learners) with the same filters, as CSV (default) or XLSX.
 */
export const learnersExportRoute = rawRoute({
  method: "GET",
  path: "/learners/export",
  query: ["courseId", "status", "search", "format", "separator"],
  access: { permission: "learners.read" },
  input: ZLearnersExportInput,
  doc: {
    summary: "Export of the learners of the caller's courses (CSV or Excel)",
    description:
      "CREATOR: the learners of the courses they created; ADMIN: of every course. The rows of GET /learners with its filters (courseId, status, search), newest enrollment first, " +
      "streamed in batches. An attachment apprenants.csv or .xlsx. Columns (French headers): Apprenant, E-mail, Formation, Statut (En cours, Terminée, Annulée, Suspendue, Révoquée), " +
      "Inscrit le, Dernière activité, Progression (%), Leçons terminées, Leçons du parcours, Quiz réussis, Quiz de la formation, Moyenne aux quiz (%). " +
      EXPORT_FORMAT_NOTE,
    tags: ["Learners"],
    produces: EXPORT_PRODUCES,
    successDescription: "CSV (text/csv; charset=utf-8) or XLSX file, Content-Disposition: attachment, streamed",
    errorResponses: { 400: "Invalid filter, format or separator", 401: "Unauthorized", 403: "CREATOR or ADMIN required" },
  },
  handler: async ({ ctx, input }) => {
    const { format, separator, ...filter } = input;
    return exportBody(learnersExportTable(ctx.db, ctx.caller, filter), format, separator);
  },
});
