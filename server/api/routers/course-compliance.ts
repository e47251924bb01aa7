import {
  ZCourseIdInput,
  ZCourseOutput,
  ZPublicStatsOutput,
  ZQualiopiInfoOutput,
  ZQualiopiStatusOutput,
  ZSetMediaReferenceInput,
} from "../../contracts/courses";
import { one } from "../../contracts/envelope";
import { setCourseImage, type CourseImageSlot } from "../../services/courses/images";
import { getPublicStats, getQualiopiInfo, getQualiopiStatus } from "../../services/courses/stats";
import { can, tenantProcedure } from "../trpc";

const tags = ["Courses"];

const imageReference = (slot: CourseImageSlot) =>
  can("courses.manage")
    .meta({
      openapi: {
        method: "PATCH",
        path: `/courses/{id}/images/${slot}/reference`,
        tags,
        summary: `Link the course's ${slot} image (null unlinks)`,
        description: "Owner only (creator or ADMIN). The media must be an IMAGE of the tenant: 400 `Media is not an image` otherwise; another tenant's media is 404.",
        errorResponses: { 400: "Media is not an image", 401: "Unauthorized", 403: "Not the course owner", 404: "Course or media not found" },
      },
    })
    .input(ZSetMediaReferenceInput)
    .output(ZCourseOutput)
    .mutation(async ({ ctx, input }) => one(await setCourseImage(ctx.db, ctx.caller, input.id, slot, input.mediaId, ctx.clock.now())));

/** Qualiopi status and information, result indicators and image references of a course. */
export const courseComplianceProcedures = {
  qualiopiStatus: can("courses.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/qualiopi-status",
        tags,
        summary: "Publication readiness: the Qualiopi requirements still missing",
        description:
          "CREATOR or ADMIN (another creator's DRAFT or ARCHIVED course: 403). `errors` is exactly the list POST /publish answers with 422. " +
          "`check` is the Publication check: blockers (each with its Qualiopi indicator and field) and warnings (no PRIMARY trainer: 21; " +
          "no POSITIONING questionnaire: 8; no QUIZ: 11; no SATISFACTION questionnaire: 30; certification number without validity: 7); " +
          "score = share of the applicable checks met (0-100); indicatorsTotal = indicators the applicable checks serve, indicatorsCovered = those fully met. " +
          "Blocking rules: title, description (1), pedagogicalObjectives (5), prerequisites (1), targetAudience and teachingMethods (6), evaluationMethods (11), " +
          "accessibilityInfo and disabilityReferentContact (26), duration > 0 (1), a module with a lesson (6), activityNumber when the tenant's OF mode is on, unless the tenant's legal identity has an NDA (1), " +
          "certificationValidUntil not past when set (7).",
        errorResponses: { 401: "Unauthorized", 403: "CREATOR or ADMIN required", 404: "Course not found" },
      },
    })
    .input(ZCourseIdInput)
    .output(ZQualiopiStatusOutput)
    .query(async ({ ctx, input }) => one(await getQualiopiStatus(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

  qualiopiInfo: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/qualiopi-info",
        tags,
        summary: "Legal information of a course (activity number, certification, disability referent)",
        description: "Any member for a PUBLISHED course; a DRAFT or ARCHIVED one only for its owner and enrolled learners (404 otherwise).",
        errorResponses: { 401: "Unauthorized", 403: "Not a member", 404: "Course not found" },
      },
    })
    .input(ZCourseIdInput)
    .output(ZQualiopiInfoOutput)
    .query(async ({ ctx, input }) => one(await getQualiopiInfo(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

  publicStats: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/public-stats",
        tags,
        summary: "Result indicators of a course (Qualiopi indicator 2)",
        description:
          "successRate = COMPLETED enrollments over all enrollments (0..1, 0 without enrollments); averageProgress = mean share of the course's lessons " +
          "completed per non-cancelled enrollment (0..1); averageQuizScore = mean quiz attempt percentage of those enrollments (0-100, null without attempts). " +
          "Visibility as for qualiopi-info.",
        errorResponses: { 401: "Unauthorized", 403: "Not a member", 404: "Course not found" },
      },
    })
    .input(ZCourseIdInput)
    .output(ZPublicStatsOutput)
    .query(async ({ ctx, input }) => one(await getPublicStats(ctx.db, ctx.caller, input.id))),

  setBannerImage: imageReference("banner"),
  setFeaturedImage: imageReference("featured"),
};
