import { ZAuditCourseInput } from "../contracts/qualiopi";
import { AUDIT_EXPORT_DESCRIPTION } from "../api/routers/qualiopi";
import { auditContext, streamAuditExport } from "../services/qualiopi/audit-export";
import { rawRoute } from "./raw-route";

/**
 * GET /api/v1/qualiopi/courses/{courseId}/audit-export: the course's audit ZIP, streamed as it is
 * generated (services/qualiopi/audit-export.ts). Errors before the first byte (401, 403, 404)
 * are the JSON error body; the course is loaded before the stream starts.
 */
export const auditExportRoute = rawRoute({
  method: "GET",
  path: "/qualiopi/courses/{courseId}/audit-export",
  access: { permission: "audit.export" },
  input: ZAuditCourseInput,
  doc: {
    summary: "Audit export: the course's Qualiopi evidence as a streamed ZIP",
    description: AUDIT_EXPORT_DESCRIPTION,
    tags: ["Qualiopi"],
    produces: "application/zip",
    successDescription: "ZIP archive (Content-Disposition: attachment), streamed",
    errorResponses: { 401: "Unauthorized", 403: "ADMIN required", 404: "Course not found" },
  },
  handler: async ({ ctx, input }) => {
    const zip = streamAuditExport(await auditContext(ctx.db, ctx.caller, input.courseId, ctx.clock.now()));
    return { contentType: "application/zip", filename: zip.filename, body: zip.body, cacheControl: "private, no-store" };
  },
});
