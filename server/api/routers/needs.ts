import {
  ZCompanyIdInput,
  ZCompanyOutput,
  ZCreateCompanyInput,
  ZCreateNeedsAnalysisInput,
  ZListCompaniesInput,
  ZListCompaniesOutput,
  ZListNeedsAnalysesInput,
  ZListNeedsAnalysesOutput,
  ZNeedsAnalysisCreatedOutput,
  ZNeedsAnalysisIdInput,
  ZNeedsAnalysisOutput,
  ZTimelineInput,
  ZTimelineOutput,
  ZUpdateCompanyInput,
} from "../../contracts/needs";
import { one } from "../../contracts/envelope";
import { createNeedsAnalysis, getNeedsAnalysis, listNeedsAnalyses } from "../../services/needs/analyses";
import { createCompany, getCompany, listCompanies, updateCompany } from "../../services/needs/companies";
import { enrollmentTimeline } from "../../services/needs/timeline";
import { can, router, tenantProcedure } from "../trpc";

const companyTags = ["Companies"];
const needsTags = ["Needs analysis"];
const readers = { 401: "Unauthorized", 403: "Not ADMIN or CREATOR" };
const admin = { 401: "Unauthorized", 403: "Not ADMIN (companies.manage)" };

const COMPANIES =
  "Client companies for which training-needs analyses are made. One list: the companies are the tenant's billing clients of kind COMPANY or OPCO (GET /billing/clients shows the same rows, " +
  "with the same ids); POST /companies creates a billing client of kind COMPANY (cli_, its SIREN the SIRET's first 9 digits); companies created before this change kept their cmp_ ids " +
  "(a company whose SIRET was already a client's was merged into that client). contactEmail is the client's email. A billing client of another kind (INDIVIDUAL, PUBLIC) is not a company: 404. " +
  "ADMIN manages them (the organisation's client file); ADMIN and CREATOR read them (a CREATOR writes needs analyses for them). " +
  "siret is optional: 14 digits (spaces ignored) with a valid Luhn check digit, else 422 errors.siret.";

const NEEDS =
  "Training-needs analysis (Qualiopi indicators 4 and 8), ADMIN or CREATOR. The recommendations (at most 5 PUBLISHED courses of the tenant, most relevant first) and the gap analysis " +
  "are computed at creation by the AI provider (AI_PROVIDER; the default local provider is offline and deterministic) from the catalogue, the objectives and the levels, then stored as they were. " +
  "No AI credits are debited: the spec prices only the positioning quiz and the individual paths.";

export const needsRouter = router({
  listCompanies: can("companies.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/companies",
        tags: companyTags,
        summary: "List client companies",
        description: `${COMPANIES} By name (A to Z), then id. search matches part of the name or of the SIRET, case-insensitive. perPage defaults to 20 (max 100).`,
        errorResponses: { 400: "Invalid query", ...readers },
      },
    })
    .input(ZListCompaniesInput)
    .output(ZListCompaniesOutput)
    .query(({ ctx, input }) => listCompanies(ctx.db, ctx.caller, input)),

  createCompany: can("companies.manage")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/companies",
        tags: companyTags,
        summary: "Create a client company",
        description: `${COMPANIES} Answers the company.`,
        errorResponses: { 400: "Invalid or missing field (errors map): missing name, invalid SIRET or e-mail; or unknown field", ...admin },
      },
    })
    .input(ZCreateCompanyInput)
    .output(ZCompanyOutput)
    .mutation(async ({ ctx, input }) => one(await createCompany(ctx.db, ctx.caller, input, ctx.clock.now()))),

  getCompany: can("companies.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/companies/{id}",
        tags: companyTags,
        summary: "Client company detail",
        description: COMPANIES,
        errorResponses: { ...readers, 404: "Company not found (or another tenant's)" },
      },
    })
    .input(ZCompanyIdInput)
    .output(ZCompanyOutput)
    .query(async ({ ctx, input }) => one(await getCompany(ctx.db, ctx.caller, input.id))),

  updateCompany: can("companies.manage")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/companies/{id}",
        tags: companyTags,
        summary: "Update a client company",
        description: `${COMPANIES} Only the fields sent change; null clears an optional field.`,
        errorResponses: { 400: "Unknown field", ...admin, 404: "Company not found (or another tenant's)" },
      },
    })
    .input(ZUpdateCompanyInput)
    .output(ZCompanyOutput)
    .mutation(async ({ ctx, input }) => one(await updateCompany(ctx.db, ctx.caller, input, ctx.clock.now()))),

  createAnalysis: can("needs.manage")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/needs-analysis",
        tags: needsTags,
        summary: "Run a training-needs analysis",
        description:
          `${NEEDS} companyId is a billing client of kind COMPANY or OPCO of the tenant (cli_, or the cmp_ id of a company created before companies became billing clients); ` +
          "another kind, an unknown id or another tenant's: 404 COMPANY_NOT_FOUND. enrollmentId must be the tenant's (404 ENROLLMENT_NOT_FOUND); an analysis with an enrollmentId appears in that enrollment's PAF timeline. " +
          "gapAnalysis: levelGap (target - current, BEGINNER=0 .. EXPERT=3), the steps, the objectives covered and not covered by the recommendations, their total stated hours and a summary. " +
          "Local provider rules: an objective is covered by a course when half of its significant words (French stop words and the verbs 'former', 'initier', 'sensibiliser' left out) " +
          "appear in the course's title, objectives, keywords (tags), description or audience, words compared by their French Snowball stem, accents and case ignored " +
          "('former 4 menuisiers aux gestes et postures' meets 'Gestes et postures au travail'); " +
          "relevance = 70 x share of objectives covered + 30 x level fit (a course's level lying from the current level to the one before the target fits best).",
        errorResponses: { 400: "Unknown field", ...readers, 404: "Company or enrollment not found (or another tenant's)", 503: "AI provider unavailable" },
      },
    })
    .input(ZCreateNeedsAnalysisInput)
    .output(ZNeedsAnalysisCreatedOutput)
    .mutation(async ({ ctx, input }) => one(await createNeedsAnalysis(ctx.db, ctx.caller, input, ctx.clock.now()))),

  listAnalyses: can("needs.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/needs-analysis",
        tags: needsTags,
        summary: "List training-needs analyses",
        description: `${NEEDS} Newest first; companyId filters one company (an unknown or another tenant's company lists nothing). perPage defaults to 20 (max 100).`,
        errorResponses: { 400: "Invalid query", ...readers },
      },
    })
    .input(ZListNeedsAnalysesInput)
    .output(ZListNeedsAnalysesOutput)
    .query(({ ctx, input }) => listNeedsAnalyses(ctx.db, ctx.caller, input)),

  getAnalysis: can("needs.manage")
    .meta({
      openapi: {
        method: "GET",
        path: "/needs-analysis/{id}",
        tags: needsTags,
        summary: "Training-needs analysis detail",
        description: `${NEEDS} Every field, with the recommendations and gap analysis as computed at creation.`,
        errorResponses: { ...readers, 404: "Needs analysis not found (or another tenant's)" },
      },
    })
    .input(ZNeedsAnalysisIdInput)
    .output(ZNeedsAnalysisOutput)
    .query(async ({ ctx, input }) => one(await getNeedsAnalysis(ctx.db, ctx.caller, input.id))),

  timeline: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/paf/enrollments/{id}/timeline",
        tags: needsTags,
        summary: "Learner journey (PAF timeline) of an enrollment",
        description:
          "The learner themself, an ADMIN, or the CREATOR who owns the course; anyone else (and another tenant's enrollment): 404. Assembled at each call from the records, ascending by date " +
          "(equal dates in the order of the types below): ENROLLMENT_CREATED (enrolledAt); NEEDS_ANALYSIS_COMPLETED (needs analyses with this enrollmentId); " +
          "PRE_QUESTIONNAIRE_COMPLETED (attempts at the course's POSITIONING questionnaires); SESSION_ATTENDED (each non-cancelled session of the course whose computed attendance status " +
          "for the learner is PRESENT, LATE or LEFT_EARLY, dated at the end of its last slot); EMARGEMENT_SIGNED (each QR, QR_CODE, PIN or CANVAS signature; AUTO connections and corrections are not signatures); " +
          "POST_QUESTIONNAIRE_COMPLETED (attempts at SATISFACTION questionnaires and at the final evaluation, the QUIZ of the course's last quiz lesson); " +
          "CERTIFICATE_ISSUED (the certificate of completion document); IMPROVEMENT_PLAN_CREATED (plans opened from a complaint the learner filed about this course). " +
          "description is English; metadata carries the records' ids for the UI to word and link.",
        errorResponses: { 401: "Unauthorized", 403: "Not a member", 404: "Enrollment not found (or not readable, or another tenant's)" },
      },
    })
    .input(ZTimelineInput)
    .output(ZTimelineOutput)
    .query(async ({ ctx, input }) => one(await enrollmentTimeline(ctx.db, ctx.caller, input.id, ctx.clock.now()))),
});
