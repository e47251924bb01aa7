import { z } from "zod";
import {
  ZAiJobInput,
  ZAiJobOutput,
  ZCourseIdPath,
  ZCreateVariantInput,
  ZCreditsOutput,
  ZEnrichDraftInput,
  ZEnrichDraftOutput,
  ZEstimatesInput,
  ZEstimatesOutput,
  ZFaqOutput,
  ZGenerateAllContentInput,
  ZGenerateAllContentOutput,
  ZLedgerInput,
  ZLedgerOutput,
  ZRegenerateFromBriefInput,
  ZRegenerateOutput,
  ZSeoOutput,
  ZVariantOutput,
} from "../../contracts/ai";
import { one } from "../../contracts/envelope";
import { AI_COSTS } from "../../services/ai/costs";
import { getBalance, listLedger } from "../../services/ai/credits";
import { enrichDraft } from "../../services/ai/enrich";
import { estimateCourseCosts } from "../../services/ai/estimates";
import { generateCourseFaq, generateCourseSeo } from "../../services/ai/faq-seo";
import { generateAllContent } from "../../services/ai/generate-all";
import { getAiJob } from "../../services/ai/job-status";
import type { AiDeps } from "../../services/ai/operation";
import { BRIEF_MIN_LENGTH, regenerateFromBrief } from "../../services/ai/regenerate";
import { aiProvider } from "../../services/ai/select-provider";
import { createCourseVariant } from "../../services/ai/variant";
import type { Context } from "../context";
import { can, router } from "../trpc";

/**
 * AI course operations and the tenant's AI credits (conventions §9). CREATOR or ADMIN on their
 * own courses (another creator's course: 403; another tenant's: 404). Every operation checks the
 * balance before any work (402 `Insufficient AI credits: <operation> needs N, balance M`) and
 * records its debit in the ledger.
 */
const tags = ["AI"];
const C = AI_COSTS;

const deps = (ctx: Context): AiDeps => ({ provider: aiProvider(), now: ctx.clock.now() });

const courseErrors = {
  400: "Invalid body",
  401: "Unauthorized",
  402: "Insufficient AI credits",
  403: "CREATOR or ADMIN required, or not the course's owner",
  404: "Course not found",
  503: "AI provider unavailable",
} as const;
const PROVIDER_NOTE = "AI_PROVIDER=local (default) writes from the course's own content, offline; openai uses an OpenAI-compatible API.";

export const aiRouter = router({
  credits: can("ai.use")
    .meta({
      openapi: {
        method: "GET",
        path: "/ai/credits",
        tags,
        summary: "The tenant's AI credit balance",
        description: "CREATOR or ADMIN. Every AI operation debits this balance; the ledger records each movement.",
        errorResponses: { 401: "Unauthorized", 403: "CREATOR or ADMIN required" },
      },
    })
    .input(z.object({}))
    .output(ZCreditsOutput)
    .query(async ({ ctx }) => one({ balance: await getBalance(ctx.db, ctx.scope) })),

  ledger: can("tenant.stats")
    .meta({
      openapi: {
        method: "GET",
        path: "/ai/credits/ledger",
        tags,
        summary: "The tenant's AI credit movements",
        description: "ADMIN. Newest first: debits are negative, grants and refunds positive; `balanceAfter` is the balance once applied. Filter: courseId.",
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "ADMIN required" },
      },
    })
    .input(ZLedgerInput)
    .output(ZLedgerOutput)
    .query(({ ctx, input }) => listLedger(ctx.db, ctx.scope, input)),

  estimates: can("ai.use")
    .meta({
      openapi: {
        method: "GET",
        path: "/ai/estimates",
        tags,
        summary: "What each AI operation would cost on a course, with the balance",
        description: "For the UI to show a cost before running an operation. The course must be the caller's (ADMIN: any).",
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "Not the course's owner", 404: "Course not found" },
      },
    })
    .input(ZEstimatesInput)
    .output(ZEstimatesOutput)
    .query(async ({ ctx, input }) => one(await estimateCourseCosts(ctx.db, ctx.caller, input.courseId))),

  generateFaq: can("ai.use")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/courses/{id}/generate-faq",
        tags,
        summary: "Generate the course's FAQ (5 to 8 pairs) into seoMetadata.faq",
        description: `Costs ${C.faq} credits. Replaces seoMetadata.faq; the other SEO keys are kept. No body. ${PROVIDER_NOTE}`,
        errorResponses: courseErrors,
      },
    })
    .input(ZCourseIdPath)
    .output(ZFaqOutput)
    .mutation(async ({ ctx, input }) => one(await generateCourseFaq(ctx.db, ctx.caller, input.id, deps(ctx)))),

  generateSeo: can("ai.use")
    .meta({
      openapi: {
        method: "POST",
        path: "/courses/{id}/generate-seo",
        tags,
        summary: "Generate the course's SEO fields",
        description:
          `Costs ${C.seo} credits. metaTitle (at most 60 characters), metaDescription (at most 160) and keywords are saved into seoMetadata (faq kept). ` +
          `\`slug\` is only a suggestion: a course's slug is immutable, so it is neither stored nor applied. No body. ${PROVIDER_NOTE}`,
        errorResponses: courseErrors,
      },
    })
    .input(ZCourseIdPath)
    .output(ZSeoOutput)
    .mutation(async ({ ctx, input }) => one(await generateCourseSeo(ctx.db, ctx.caller, input.id, deps(ctx)))),

  createVariant: can("ai.use")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/courses/{id}/create-variant",
        tags,
        summary: "Create an AI-adapted DRAFT copy of the course for a target audience",
        description:
          `Costs ${C.variantBase} + modules x ${C.perModule} + lessons x ${C.perLesson} credits (of the source course). The copy is a DRAFT owned by the caller with ` +
          "level = targetAudience, the level as title suffix, a new unique slug and sourceCourseId = the source; modules, lessons and questionnaires are copied " +
          "(duplicate's rules) and their texts adapted by the provider (questions are copied as they are); seoMetadata starts empty. An ARCHIVED course: 422.",
        errorResponses: { ...courseErrors, 422: "Course is ARCHIVED" },
      },
    })
    .input(ZCreateVariantInput)
    .output(ZVariantOutput)
    .mutation(async ({ ctx, input }) => one(await createCourseVariant(ctx.db, ctx.caller, input, deps(ctx)))),

  enrichDraft: can("ai.use")
    .meta({
      openapi: {
        method: "POST",
        path: "/courses/enrich-draft",
        tags,
        summary: "Write the empty lessons of a course and give each module a quiz",
        description:
          `Body {courseId}. Every empty TEXT lesson is written; every module with lessons but no QUIZ lesson gets a generated quiz (questionnaire + QUIZ lesson at the end of the module). ` +
          `Costs lessons written x ${C.perLesson} + modules given a quiz x ${C.perModule} (= creditsConsumed), debited in the transaction that saves them; ` +
          "nothing to do: 200 with zero counts and no debit. `draft` is the course as it is afterwards.",
        errorResponses: courseErrors,
      },
    })
    .input(ZEnrichDraftInput)
    .output(ZEnrichDraftOutput)
    .mutation(async ({ ctx, input }) => one(await enrichDraft(ctx.db, ctx.caller, input.courseId, deps(ctx)))),

  generateAllContent: can("ai.use")
    .meta({
      status: 202,
      openapi: {
        method: "POST",
        path: "/courses/{courseId}/generate-all-content",
        tags,
        summary: "Generate the content of the course's lessons in the background",
        description:
          `Body BulkGenerateDraftDto {onlyEmpty?}: true (default) writes only the empty TEXT lessons, false rewrites every TEXT lesson; other kinds are skipped. ` +
          `The full estimate (lessons x ${C.perLesson} = totalCost) is debited up front; the lessons are written after the response. ` +
          "A lesson that could not be written (provider failure, deleted, or filled by its author meanwhile when onlyEmpty) is refunded when the job ends.",
        errorResponses: courseErrors,
      },
    })
    .input(ZGenerateAllContentInput)
    .output(ZGenerateAllContentOutput)
    .mutation(async ({ ctx, input }) => one(await generateAllContent(ctx.db, ctx.caller, input, deps(ctx)))),

  regenerateFromBrief: can("ai.use")
    .meta({
      status: 202,
      openapi: {
        method: "POST",
        path: "/courses/{courseId}/regenerate-from-brief",
        tags,
        summary: "Build a new DRAFT version of the course from a brief",
        description:
          `Body {context}, the brief (at least ${BRIEF_MIN_LENGTH} characters, else 400 "Context missing or too short"). A new DRAFT course (draftId, sourceCourseId = courseId) gets its ` +
          `structure at once (modules, lesson titles, objectives, final quiz) for ${C.regenerateUpFront} credits; its lessons are then written in the background, ` +
          `${C.perLesson} credits debited as each is saved. When the balance runs out the job stops: the remaining lessons stay empty and the activity log ` +
          "(course.ai_generated) records status STOPPED_INSUFFICIENT_CREDITS. The course itself is not changed.",
        errorResponses: { ...courseErrors, 400: "Context missing or too short" },
      },
    })
    .input(ZRegenerateFromBriefInput)
    .output(ZRegenerateOutput)
    .mutation(async ({ ctx, input }) => one(await regenerateFromBrief(ctx.db, ctx.caller, input, deps(ctx)))),

  job: can("ai.use")
    .meta({
      openapi: {
        method: "GET",
        path: "/ai/jobs/{id}",
        tags,
        summary: "Progress of a background AI job",
        description:
          "The job answered (jobId) by generate-all-content or regenerate-from-brief: its state (QUEUED, RUNNING, COMPLETED, FAILED) and how many of its lessons are written so far " +
          "(read from the lessons: TEXT lessons saved with content since the job was queued). The interface polls it while a person waits. Another tenant's job: 404.",
        errorResponses: { 400: "Invalid job id", 401: "Unauthorized", 403: "ADMIN or CREATOR required", 404: "Job not found" },
      },
    })
    .input(ZAiJobInput)
    .output(ZAiJobOutput)
    .query(async ({ ctx, input }) => one(await getAiJob(ctx.db, ctx.caller, input.id))),
});
