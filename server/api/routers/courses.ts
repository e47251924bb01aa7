import { z } from "zod";
import { envelope } from "../../contracts/common";
import {
  ZCourseDetail,
  ZCourseIdInput,
  ZCourseOutput,
  ZCourseRefInput,
  ZCoursePublicDetail,
  ZCourseSlugInput,
  ZCreateCourseBulkInput,
  ZCreateCourseInput,
  ZListCoursesInput,
  ZListCoursesOutput,
  ZUpdateCourseInput,
} from "../../contracts/courses";
import { one } from "../../contracts/envelope";
import { createCourse, recordCourseView, updateCourse } from "../../services/courses/authoring";
import { createCourseBulk } from "../../services/courses/bulk";
import { listCourses } from "../../services/courses/catalog";
import { getCourseDetail, getPublicCourse } from "../../services/courses/detail";
import { duplicateCourse } from "../../services/courses/duplicate";
import { archiveCourse, publishCourse } from "../../services/courses/lifecycle";
import { can, publicTenantProcedure, router, tenantProcedure } from "../trpc";
import { courseComplianceProcedures } from "./course-compliance";
import { courseTrainerProcedures } from "./course-trainers";

const tags = ["Courses"];

const LIST_DESCRIPTION =
  "Filters: search or q (every word must match the title, description or tags), format, level, status, minPrice and maxPrice " +
  "(decimal strings in currency units, compared with the price in cents). Newest first. Pagination: page with `limit` " +
  "(default 20, max 100; meta {total, page, limit, totalPages}) or the quick form `perPage` (meta {total, page, perPage}); not both (400).";

const PUBLICATION_RULES =
  "Publication rules (422 `Course cannot be published: Qualiopi requirements missing` with `errors`, one message per missing field, " +
  "the same list as GET /courses/{id}/qualiopi-status): non-empty title, description, pedagogicalObjectives, prerequisites, targetAudience, " +
  "teachingMethods, evaluationMethods, accessibilityInfo, disabilityReferentContact; duration > 0; a module with at least one lesson; " +
  "activityNumber when the tenant's OF mode is on (the NDA of the tenant's legal identity stands for it); certificationValidUntil, when set, not past.";

const writeErrors = { 400: "Invalid body", 401: "Unauthorized", 403: "Not the course owner", 404: "Course not found" };

/**
 * The course catalogue and the course lifecycle. Static paths first; GET /courses/{slug}
 * comes last (after /courses/my-courses and /courses/my-trainer).
 */
export const coursesRouter = router({
  list: publicTenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses",
        tags,
        protect: false,
        summary: "The tenant's course catalogue",
        description:
          `${LIST_DESCRIPTION} Authentication is optional: without status the list holds PUBLISHED courses. status DRAFT or ARCHIVED needs a token ` +
          "(401 otherwise): an ADMIN sees every course of that status, a CREATOR their own; other roles get 403.",
        errorResponses: { 400: "Invalid query", 401: "Unpublished statuses need authentication", 403: "Unpublished statuses need CREATOR or ADMIN", 404: "Tenant not found" },
      },
    })
    .input(ZListCoursesInput)
    .output(ZListCoursesOutput)
    .query(({ ctx, input }) => listCourses(ctx.db, ctx.caller, "catalogue", input)),

  myCourses: can("courses.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/my-courses",
        tags,
        summary: "Courses created by the caller, all statuses",
        description: `${LIST_DESCRIPTION} Without status every status is listed.`,
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "CREATOR or ADMIN required" },
      },
    })
    .input(ZListCoursesInput)
    .output(ZListCoursesOutput)
    .query(({ ctx, input }) => listCourses(ctx.db, ctx.caller, "mine", input)),

  myTrainer: can("courses.teach")
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/my-trainer",
        tags,
        summary: "Courses the caller teaches (PRIMARY or SECONDARY trainer)",
        description: `${LIST_DESCRIPTION} Without status every status is listed.`,
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "TRAINER, CREATOR or ADMIN required" },
      },
    })
    .input(ZListCoursesInput)
    .output(ZListCoursesOutput)
    .query(({ ctx, input }) => listCourses(ctx.db, ctx.caller, "teaching", input)),

  byId: can("courses.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/by-id/{id}",
        tags,
        summary: "A course with everything the builder needs",
        description:
          "CREATOR or ADMIN; DRAFT and ARCHIVED included for the owner (creator or ADMIN). Another creator may read a PUBLISHED course, not someone else's " +
          "draft or archive (403). Holds the Qualiopi fields, modules with their lessons (by position, with content), questionnaires and trainers.",
        errorResponses: { 401: "Unauthorized", 403: "CREATOR or ADMIN required, or not the owner", 404: "Course not found" },
      },
    })
    .input(ZCourseIdInput)
    .output(envelope(ZCourseDetail))
    .query(async ({ ctx, input }) => one(await getCourseDetail(ctx.db, ctx.caller, input.id))),

  create: can("courses.create")
    .meta({
      status: 201,
      validationStatus: 422,
      openapi: {
        method: "POST",
        path: "/courses",
        tags,
        summary: "Create a course (DRAFT)",
        description:
          "CREATOR or ADMIN. The slug comes from the title, made unique in the tenant (-2, -3...), and never changes. Images are linked with " +
          "PATCH /courses/{id}/images/{banner|featured}/reference. Activity course.created.",
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "CREATOR or ADMIN required", 422: "Invalid field (errors map)" },
      },
    })
    .input(ZCreateCourseInput)
    .output(ZCourseOutput)
    .mutation(async ({ ctx, input }) => one(await createCourse(ctx.db, ctx.caller, input, ctx.clock.now()))),

  bulk: can("courses.create")
    .meta({
      status: 201,
      validationStatus: 422,
      openapi: {
        method: "POST",
        path: "/courses/bulk",
        tags,
        summary: "Create a course with its modules, lessons and questionnaires in one transaction",
        description:
          "CreateCourseBulkDto: the course fields, modules [{title, description?, lessons [{title, kind, content?, durationMinutes?, questionnaireIndex?}]}], " +
          "questionnaires? [{title, kind, passMark?, questions [{kind, prompt, choices? [{label, correct}], expectedText?, explanation?, points?}]}], seoMetadata?, publish?. " +
          "QUIZ lessons open the questionnaire at questionnaireIndex, else the unclaimed QUIZ questionnaires in order. Everything is written in one transaction: " +
          `with publish true the publication rules apply and a 422 saves nothing. ${PUBLICATION_RULES} Answers the builder's detail (201).`,
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "CREATOR or ADMIN required", 422: "Invalid field (errors map), or publication rules not met (publish true)" },
      },
    })
    .input(ZCreateCourseBulkInput)
    .output(envelope(ZCourseDetail))
    .mutation(async ({ ctx, input }) => one(await createCourseBulk(ctx.db, ctx.caller, input, ctx.clock.now()))),

  view: tenantProcedure
    .meta({
      status: 204,
      openapi: {
        method: "POST",
        path: "/courses/{slug}/view",
        tags,
        summary: "Record a view of a course",
        description: "Any member or enrolled learner; the course must be visible to the caller (as for GET /courses/{slug}). Increments viewCount; activity course.viewed.",
        successDescription: "No content",
        errorResponses: { 401: "Unauthorized", 403: "Not a member", 404: "Course not found" },
      },
    })
    .input(ZCourseSlugInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await recordCourseView(ctx.db, ctx.caller, input.slug, ctx.clock.now());
    }),

  publish: can("courses.manage")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/courses/{id}/publish",
        tags,
        summary: "Publish a course (DRAFT -> PUBLISHED)",
        description:
          `Owner only (creator or ADMIN). ${PUBLICATION_RULES} Emits course.published in the same transaction. Publishing a PUBLISHED course is ` +
          "idempotent (201, no second event); an ARCHIVED course answers 409 (restore it with PATCH status DRAFT first).",
        errorResponses: { 401: "Unauthorized", 403: "Not the course owner", 404: "Course not found", 409: "Course archived", 422: "Qualiopi requirements missing" },
      },
    })
    .input(ZCourseIdInput)
    .output(ZCourseOutput)
    .mutation(async ({ ctx, input }) => one(await publishCourse(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

  duplicate: can("courses.create")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/courses/{id}/duplicate",
        tags,
        summary: "Copy a course as a new DRAFT",
        description:
          "CREATOR or ADMIN; the source is one the caller may read in the builder (own, or PUBLISHED; any for ADMIN). Title prefixed `Copie de ` " +
          "(`Copy of ` for non-French courses), new unique slug, sourceCourseId set, creator = caller. Modules, lessons and questionnaires with their " +
          "questions are copied; lessons lose their media (mediaId, mediaUrl, packageId) and live-session links; trainers and enrollments are not copied.",
        errorResponses: { 401: "Unauthorized", 403: "CREATOR or ADMIN required", 404: "Course not found" },
      },
    })
    .input(ZCourseIdInput)
    .output(ZCourseOutput)
    .mutation(async ({ ctx, input }) => one(await duplicateCourse(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

  update: can("courses.manage")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/courses/{id}",
        tags,
        summary: "Update a course (partial)",
        description:
          "Owner only (creator or ADMIN of the tenant; another creator gets 403); `id` is the course's slug or its id. The slug is immutable: a `slug` key answers 400 `Slug is immutable`. " +
          `status PUBLISHED publishes (same rules and event as POST /publish). ${PUBLICATION_RULES} status ARCHIVED archives (as DELETE, event course.archived); ` +
          "status DRAFT unpublishes a PUBLISHED course (enrolled learners keep access) or restores an ARCHIVED one. Editing a PUBLISHED course must keep " +
          "it publishable (422 otherwise). Fields apply before the status change. seoMetadata merges key by key (metaTitle, metaDescription, keywords, faq).",
        errorResponses: { ...writeErrors, 409: "Archived course cannot be published", 422: "Qualiopi requirements missing" },
      },
    })
    .input(ZUpdateCourseInput)
    .output(ZCourseOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, slug: _slug, ...changes } = input;
      return one(await updateCourse(ctx.db, ctx.caller, id, changes, ctx.clock.now()));
    }),

  archive: can("courses.manage")
    .meta({
      openapi: {
        method: "DELETE",
        path: "/courses/{id}",
        tags,
        summary: "Archive a course (soft delete)",
        description:
          "Owner only; `id` is the course's slug or its id. Status ARCHIVED with archivedAt; event course.archived in the same transaction. The course leaves the public catalogue; " +
          "enrolled learners keep access. Archiving an ARCHIVED course changes nothing (200, no second event).",
        errorResponses: { 401: "Unauthorized", 403: "Not the course owner", 404: "Course not found" },
      },
    })
    .input(ZCourseRefInput)
    .output(ZCourseOutput)
    .mutation(async ({ ctx, input }) => one(await archiveCourse(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

  ...courseComplianceProcedures,
  ...courseTrainerProcedures,

  bySlug: publicTenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}",
        tags,
        protect: false,
        summary: "A course page: details, modules and lesson outline, creator",
        description:
          "Authentication optional. A PUBLISHED course is public; a DRAFT or ARCHIVED one answers 404 except to its creator, an ADMIN and learners " +
          "enrolled in it (archiving keeps their access). `id` is the course's slug or its id (crs_...), as on PATCH and DELETE of the same path. Lesson content is not included.",
        errorResponses: { 404: "Course unpublished or absent" },
      },
    })
    .input(ZCourseRefInput)
    .output(envelope(ZCoursePublicDetail))
    .query(async ({ ctx, input }) => one(await getPublicCourse(ctx.db, ctx.caller, input.id))),
});
