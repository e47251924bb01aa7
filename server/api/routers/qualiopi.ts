import {
  AUDIT_ORDER_NOTE,
  ZAuditCourseInput,
  ZAuditPreviewOutput,
  ZCheckPublicationInput,
  ZCheckPublicationOutput,
  ZCourseDashboardInput,
  ZDashboardInput,
  ZDashboardOutput,
} from "../../contracts/qualiopi";
import { one } from "../../contracts/envelope";
import { getCourse } from "../../services/courses/access";
import { checkPublication } from "../../services/qualiopi/check";
import { auditContext, auditPreview } from "../../services/qualiopi/audit-export";
import { qualiopiDashboard } from "../../services/qualiopi/dashboard";
import { EVIDENCE } from "../../services/qualiopi/evidence-map";
import { can, router } from "../trpc";

const tags = ["Qualiopi"];

export const AUDIT_EXPORT_DESCRIPTION =
  "ADMIN only. A ZIP generated on the fly and streamed (constant memory: entries are produced lazily, one at a time, each hashed while it streams; " +
  "the client's pace sets the work's pace, and a client that disconnects stops it). Each evidence type proves the indicators of ONE table " +
  "(server/services/qualiopi/evidence-map.ts): " +
  Object.entries(EVIDENCE)
    .map(([type, e]) => `${type} ${e.folder}/ -> ${e.indicators.join(", ")}`)
    .join("; ") +
  ". Folders: convention/ (stored conventions and convocations), emargement/ (one attendance sheet PDF per past session, rendered from the sealed records, blank sheets of " +
  "future sessions left out; stored sheets; the learners' connection and progress log as CSV), evaluation/ (needs analyses CSV; one CSV of attempts per questionnaire with attempts: " +
  "QUIZ results, POSITIONING, SATISFACTION; the satisfaction surveys' results CSV), attestation/ (certificates and attestations), programme/ (the public sheet with result " +
  "indicators, the programme, for a certifying course its certification, the accessibility statement; stored programmes and other documents), trainers/ (one sheet per " +
  "trainer of the course or its sessions, with their competencies), amelioration/ (the course's complaints register, the organisation's improvement plans). CSV files: UTF-8 " +
  `with a byte order mark, ";" separated, French headers. Every folder is present, even when empty. ${AUDIT_ORDER_NOTE} manifest.json: {format, order, generatedAt, tenant, course, excluded, fileCount, ` +
  "files[{path, folder, type, indicators, indicatorTitles, sizeBytes, sha256, record{type, id}, recordedSha256?, matchesRecord?, error?}]}: a stored document's " +
  "recordedSha256 is the hash recorded at its generation (matchesRecord false if storage holds other bytes); `error` marks a file that could not be " +
  "produced (the entry then holds the explanation). rapport-audit.pdf, in French: the course, the folders, and each of the 32 indicators with the files that prove it or " +
  "\"aucune preuve\". Same listing as the preview (its documentCount = manifest fileCount).";

export const qualiopiRouter = router({
  checkPublication: can("courses.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/qualiopi/check-publication",
        tags,
        summary: "Publication check of a course (call before publishing)",
        description:
          "ADMIN, or the CREATOR who owns the course (another creator's course: 403 COURSE_NOT_OWNED). The very rules POST /courses/{id}/publish applies " +
          "(server/services/courses/qualiopi.ts): canPublish is false exactly when publish answers 422. blockers: the failing blocking rules, each with the " +
          "indicator it serves and the field; warnings: the failing advisory rules (no PRIMARY trainer: 21, no POSITIONING questionnaire: 8, no QUIZ: 11, " +
          "no SATISFACTION questionnaire: 30, certification without validity: 7). score: share of the applicable rules met (0-100); indicatorsTotal: the " +
          "indicators the applicable rules serve; indicatorsCovered: those whose rules all pass. Another tenant's course: 404.",
        errorResponses: { 401: "Unauthorized", 403: "CREATOR or ADMIN required, or not the course owner", 404: "Course not found", 422: "courseId missing" },
      },
    })
    .input(ZCheckPublicationInput)
    .output(ZCheckPublicationOutput)
    .query(async ({ ctx, input }) => one(await checkPublication(ctx.db, ctx.caller, input.courseId, ctx.clock.now()))),

  dashboard: can("audit.export")
    .meta({
      openapi: {
        method: "GET",
        path: "/qualiopi/dashboard",
        tags,
        summary: "Qualiopi dashboard: the 32 indicators, their evidence and the gaps",
        description:
          "ADMIN only. For each of the 32 indicators (criterion, French short title, COMMON or SPECIFIC): the platform records evidencing it (source, label, " +
          "count, application link), `evidenced` when at least one record exists, `platformEvidence` false when the platform keeps no record type for it " +
          "(monitoring logs, subcontracting contracts, CFA-only duties), and the gap in French. Tenant-wide; `courseId` narrows the course-scoped records " +
          "(enrollments, sessions, attendance, questionnaires, documents, complaints) to one course (another tenant's: 404).",
        errorResponses: { 401: "Unauthorized", 403: "ADMIN required", 404: "Course not found" },
      },
    })
    .input(ZDashboardInput)
    .output(ZDashboardOutput)
    .query(async ({ ctx, input }) => {
      const course = input.courseId ? await getCourse(ctx.db, ctx.scope, input.courseId) : null;
      return one(await qualiopiDashboard(ctx.db, ctx.scope, course, ctx.clock.now()));
    }),

  courseDashboard: can("audit.export")
    .meta({
      openapi: {
        method: "GET",
        path: "/qualiopi/courses/{courseId}/dashboard",
        tags,
        summary: "Qualiopi dashboard of one course",
        description: "ADMIN only. As GET /qualiopi/dashboard?courseId=…: the course-scoped records narrowed to this course. Another tenant's course: 404.",
        errorResponses: { 401: "Unauthorized", 403: "ADMIN required", 404: "Course not found" },
      },
    })
    .input(ZCourseDashboardInput)
    .output(ZDashboardOutput)
    .query(async ({ ctx, input }) => {
      const course = await getCourse(ctx.db, ctx.scope, input.courseId);
      return one(await qualiopiDashboard(ctx.db, ctx.scope, course, ctx.clock.now()));
    }),

  auditPreview: can("audit.export")
    .meta({
      openapi: {
        method: "GET",
        path: "/qualiopi/courses/{courseId}/audit-export/preview",
        tags,
        summary: "Audit export preview: the files the ZIP will hold",
        description:
          "ADMIN only. Read from the very listing the ZIP streams: documents[{name (path in the archive), indicator, type, sizeBytes}] in archive order; " +
          "documentCount = the evidence files (= manifest.json's fileCount; manifest.json and rapport-audit.pdf not counted); indicatorsCovered = distinct " +
          "indicators those files evidence; estimatedSizeMb = stored sizes of stored documents plus estimates for generated files, the manifest and the report. " +
          "Another tenant's course: 404.",
        errorResponses: { 401: "Unauthorized", 403: "ADMIN required", 404: "Course not found" },
      },
    })
    .input(ZAuditCourseInput)
    .output(ZAuditPreviewOutput)
    .query(async ({ ctx, input }) => one(await auditPreview(await auditContext(ctx.db, ctx.caller, input.courseId, ctx.clock.now())))),
});
