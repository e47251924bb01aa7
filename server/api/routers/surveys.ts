import {
  ZListPublicCoursesInput,
  ZListPublicCoursesOutput,
  ZPublicCourseOutput,
  ZPublicCourseSlugInput,
  ZSubmitSurveyInput,
  ZSurveyOutput,
  ZSurveyResponseCreatedOutput,
  ZSurveyResultsInput,
  ZSurveyResultsOutput,
  ZSurveyTokenInput,
} from "../../contracts/surveys";
import { ZQuoteRequestInput, ZQuoteRequestOutput } from "../../contracts/needs";
import { one } from "../../contracts/envelope";
import { requestQuote } from "../../services/needs/quote-requests";
import { getPublicCourse, listPublicCourses } from "../../services/surveys/public-courses";
import { getSurvey, submitSurvey } from "../../services/surveys/respond";
import { getSurveyResults } from "../../services/surveys/results";
import { can, publicTenantProcedure, router } from "../trpc";

const tags = ["Satisfaction surveys"];
const publicTags = ["Public course pages"];

const HOW =
  "Surveys (Qualiopi indicators 2 and 30) use the course's SATISFACTION questionnaires (oldest first): the first is the END_OF_COURSE survey, e-mailed by the job worker " +
  "(job survey.send, enqueued in the completion transaction) when the enrollment becomes COMPLETED; the second, or the first again when there is only one, is the FOLLOW_UP survey, " +
  "e-mailed SURVEY_FOLLOW_UP_DAYS (default 90) days later (a run-at survey.send job, and the hourly surveys.sweep for any due invitation it missed), only if the enrollment is still COMPLETED. " +
  "A course without a SATISFACTION questionnaire sends no survey (activity survey.skipped). Each e-mail carries a signed link `/survey?token={token}` on the tenant's host (the page calls this operation): " +
  "the token is an HS256 JWT naming the tenant and the invitation, valid SURVEY_LINK_TTL_DAYS (default 30) days after sending; no password. It can be answered once.";
const TOKEN_ERRORS = {
  401: "SURVEY_TOKEN_INVALID: not a survey link (bad signature, malformed)",
  404: "SURVEY_NOT_FOUND: a link of another tenant, or its questionnaire was deleted; TENANT_NOT_FOUND",
  409: "SURVEY_ALREADY_ANSWERED: the survey was answered already (single use)",
  410: "SURVEY_TOKEN_EXPIRED: the link is past its expiry",
};

export const surveysRouter = router({
  get: publicTenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/surveys/{token}",
        tags,
        protect: false,
        summary: "Open a satisfaction survey from its e-mailed link",
        description:
          "No sign-in: the signed token is the authorisation. Returns the course, the questionnaire's title and its questions without any scoring data. A rating question " +
          "(`rating` set) is a SINGLE_CHOICE question whose choice labels are whole numbers (1 to 5). Questions with choices are required, FREE_TEXT is optional. " +
          HOW,
        errorResponses: TOKEN_ERRORS,
      },
    })
    .input(ZSurveyTokenInput)
    .output(ZSurveyOutput)
    .query(async ({ ctx, input }) => one(await getSurvey(ctx.db, ctx.scope, input.token, ctx.clock.now()))),

  respond: publicTenantProcedure
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/surveys/{token}/responses",
        tags,
        protect: false,
        summary: "Answer a satisfaction survey",
        description:
          "No sign-in. Body `answers: [{questionId, choiceIds?, text?}]`: every question with choices answered (one choice for SINGLE_CHOICE and TRUE_FALSE), text only for FREE_TEXT. " +
          "Stores the response (anonymous in the results) and marks the invitation answered in one transaction; a second answer is 409. " +
          HOW,
        errorResponses: { 400: "Unknown field", ...TOKEN_ERRORS, 422: "SURVEY_ANSWERS_INVALID: a required question unanswered (errors `questions.<id>`), an unknown question or choice (errors `answers.N.*`)" },
      },
    })
    .input(ZSubmitSurveyInput)
    .output(ZSurveyResponseCreatedOutput)
    .mutation(async ({ ctx, input }) => one(await submitSurvey(ctx.db, ctx.scope, input, ctx.clock.now()))),

  results: can("courses.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{id}/survey-results",
        tags,
        summary: "Satisfaction survey results of a course",
        description:
          "ADMIN, or the CREATOR who owns the course. Invitations sent, responses and response rate, overall and per kind (END_OF_COURSE, FOLLOW_UP), with a per-question breakdown " +
          "(choice counts, rating mean on the question's scale, the 20 latest free-text answers; anonymous). The satisfaction figure is the one the public course page shows: " +
          "each answer to a rating question is brought to 0..1 on its scale; averageRating is the mean on a 1-5 scale, satisfactionRate the share of answers in the top quarter (4 or 5 out of 5). " +
          HOW,
        errorResponses: { 401: "Unauthorized", 403: "Not ADMIN or CREATOR (PERMISSION_DENIED), or a CREATOR who does not own the course (COURSE_NOT_OWNED)", 404: "COURSE_NOT_FOUND (or another tenant's)" },
      },
    })
    .input(ZSurveyResultsInput)
    .output(ZSurveyResultsOutput)
    .query(async ({ ctx, input }) => one(await getSurveyResults(ctx.db, ctx.caller, input.id))),

  publicCourses: publicTenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/public/courses",
        tags: publicTags,
        protect: false,
        summary: "The tenant's public course index",
        description: "No sign-in. PUBLISHED courses only, newest first; perPage defaults to 20 (max 100). The tenant comes from X-Tenant-ID or the sub-domain.",
        errorResponses: { 400: "Invalid query", 404: "TENANT_NOT_FOUND" },
      },
    })
    .input(ZListPublicCoursesInput)
    .output(ZListPublicCoursesOutput)
    .query(({ ctx, input }) => listPublicCourses(ctx.db, ctx.scope, input)),

  publicCourse: publicTenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/public/courses/{slug}",
        tags: publicTags,
        protect: false,
        summary: "A course's public page (Qualiopi indicators 1 and 2)",
        description:
          "No sign-in. A PUBLISHED course of the tenant: objectives, prerequisites, audience, methods, duration, format and the modes of its sessions, price, access lead time, disability " +
          "access and referent, the FAQ and SEO fields (AI-generated or edited), and the published results: satisfaction (the figure of GET /courses/{id}/survey-results, over every response), " +
          "and the completion and success rates of ONE computation (server/services/surveys/satisfaction.ts courseOutcomes): completion = COMPLETED over every enrollment but CANCELLED; " +
          "success = of the COMPLETED enrollments, those with a passed attempt at every QUIZ lesson of their path (every completed one for a course without a quiz). Each rate carries its count and " +
          "denominator; below minimumCount (5) learners in its denominator it is not significant (rate null, significant false) and the page says so instead of a percentage. " +
          "A DRAFT or ARCHIVED course, or another tenant's slug, is 404.",
        errorResponses: { 404: "COURSE_NOT_FOUND (not PUBLISHED, or another tenant's); TENANT_NOT_FOUND" },
      },
    })
    .input(ZPublicCourseSlugInput)
    .output(ZPublicCourseOutput)
    .query(async ({ ctx, input }) => one(await getPublicCourse(ctx.db, ctx.scope, input.slug))),

  requestQuote: publicTenantProcedure
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/public/courses/{slug}/quote-requests",
        tags: publicTags,
        protect: false,
        summary: "Ask a quote for a course (the public page's \"Demander un devis\")",
        description:
          "No sign-in needed; rate-limited like every request (RATE_LIMIT_PER_HOUR per address, per user when signed in). The spec names no path for this: it sits under the public course page it " +
          "belongs to (GET /public/courses/{slug}), as a sub-collection. Body: companyName, contactName, email, optional phone, learners (1-1000), message. In one transaction: the company " +
          "(the tenant's company of the same name, case ignored, else a new one with the contact), a needs analysis for it (source QUOTE_REQUEST, requestedCourseId, learnerCount; objective the " +
          "course's title, context the message; recommendations computed as by POST /needs-analysis), an in-app notification (kind quote.requested) and an e-mail (template quote-requested) to " +
          "each ACTIVE ADMIN (notifiedAdmins).",
        errorResponses: {
          404: "COURSE_NOT_FOUND (not PUBLISHED, or another tenant's slug); TENANT_NOT_FOUND",
          400: "VALIDATION_FAILED: a missing or invalid field (errors names it), or an unknown field",
          429: "RATE_LIMITED",
        },
      },
    })
    .input(ZQuoteRequestInput)
    .output(ZQuoteRequestOutput)
    .mutation(async ({ ctx, input }) => one(await requestQuote(ctx.db, ctx.caller, input, ctx.clock.now()))),
});
