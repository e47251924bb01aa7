import { z } from "zod";
import {
  ZAdaptivePathIdInput,
  ZAdaptivePathIdOutput,
  ZAdaptivePathOutput,
  ZCreateAdaptivePathInput,
  ZEnrollmentIdInput,
  ZGenerateLearnerPathInput,
  ZLearnerAdaptivePathOutput,
  ZListAdaptivePathsInput,
  ZListAdaptivePathsOutput,
  ZPositioningQuizInput,
  ZPositioningQuizOutput,
  ZUpdateAdaptivePathInput,
} from "../../contracts/adaptive-paths";
import { one } from "../../contracts/envelope";
import { createAdaptivePath, deleteAdaptivePath, getAdaptivePath, listAdaptivePaths, updateAdaptivePath } from "../../services/adaptive/definitions";
import { generateLearnerPath, getLearnerPath } from "../../services/adaptive/learner-paths";
import { generatePositioningQuiz, POSITIONING_PASS_MARK } from "../../services/adaptive/positioning";
import { AI_COSTS } from "../../services/ai/costs";
import type { AiDeps } from "../../services/ai/operation";
import { aiProvider } from "../../services/ai/select-provider";
import type { Context } from "../context";
import { can, router, tenantProcedure } from "../trpc";

/**
 * Adaptive paths (Qualiopi criterion 3): the AdaptivePath definitions (score-rule and
 * module-chain variants), the positioning quiz that measures the learner's entry level, and the
 * individual path generated per enrollment from that score.
 */
const tags = ["Adaptive paths"];
const deps = (ctx: Context): AiDeps => ({ provider: aiProvider(), now: ctx.clock.now() });

const READ = "ADMIN, CREATOR or TRAINER (the tenant's pedagogical staff); LEARNER and others: 403.";
const WRITE = "ADMIN, or a CREATOR who owns every course the definition concerns (403 COURSE_NOT_OWNED otherwise).";
const RULES =
  "Score-rule variant: baseCourseId, rules [{skipIfScoreAbove, lessonId}] (the lesson is skipped when the learner's positioning score is ABOVE skipIfScoreAbove, strictly), " +
  "extraLessons [{triggerScore, lessonId}] (the lesson is added when the score is AT OR BELOW triggerScore; not triggered, it is left out of that learner's path). " +
  "Module-chain variant: targetAudience, modules [{courseId, order, mandatory, unlockCondition?}], prerequisiteAssessmentId (a questionnaire, qst_). " +
  "A course that is not the tenant's, a lesson outside the base course, a questionnaire not found: 400 VALIDATION_FAILED naming the field (errors.baseCourseId, errors['rules.0.lessonId'], errors['modules.1.courseId']).";
const roles = { 401: "Unauthorized", 403: "Role not allowed, or not the owner of the course(s)" };

export const adaptivePathsRouter = router({
  list: can("adaptivePaths.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/adaptive-paths",
        tags,
        summary: "List adaptive-path definitions",
        description: `${READ} Both variants (told apart by \`variant\`: SCORE_RULES or MODULE_CHAIN), newest first; courseId keeps those concerning the course (its score-rule definitions and the module chains including it). perPage default 20, max 100.`,
        errorResponses: { 400: "Invalid query", ...roles },
      },
    })
    .input(ZListAdaptivePathsInput)
    .output(ZListAdaptivePathsOutput)
    .query(({ ctx, input }) => listAdaptivePaths(ctx.db, ctx.caller, input)),

  create: can("adaptivePaths.manage")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/adaptive-paths",
        tags,
        summary: "Create an adaptive-path definition (score-rule or module-chain body)",
        description:
          `${WRITE} The body is one of the two variants: with baseCourseId/rules/extraLessons it is a score-rule definition, with targetAudience/modules/prerequisiteAssessmentId a module chain; ` +
          `the other variant's fields are refused as unknown. ${RULES}`,
        errorResponses: { 400: "Missing or invalid field, course not found, or lesson outside the course (errors names the field)", ...roles },
      },
    })
    .input(ZCreateAdaptivePathInput)
    .output(ZAdaptivePathIdOutput)
    .mutation(async ({ ctx, input }) => one(await createAdaptivePath(ctx.db, ctx.caller, input, ctx.clock.now()))),

  get: can("adaptivePaths.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/adaptive-paths/{id}",
        tags,
        summary: "An adaptive-path definition",
        description: `${READ} A score-rule definition also gives learnerPathsCount, the individual paths generated from it.`,
        errorResponses: { 400: "Invalid id", ...roles, 404: "Adaptive path not found (or another tenant's)" },
      },
    })
    .input(ZAdaptivePathIdInput)
    .output(ZAdaptivePathOutput)
    .query(async ({ ctx, input }) => one(await getAdaptivePath(ctx.db, ctx.caller, input.id))),

  update: can("adaptivePaths.manage")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/adaptive-paths/{id}",
        tags,
        summary: "Edit an adaptive-path definition (partial)",
        description:
          `${WRITE} Partial: any field of the definition's own variant (rules and extraLessons replace the lists); the variant cannot change (another variant's field: 400). ` +
          `The result is checked as a whole: ${RULES} Individual paths already generated are not changed (generate them again).`,
        errorResponses: { 400: "Invalid field, another variant's field, course or lesson invalid", ...roles, 404: "Adaptive path not found" },
      },
    })
    .input(ZUpdateAdaptivePathInput)
    .output(ZAdaptivePathIdOutput)
    .mutation(async ({ ctx, input }) => one(await updateAdaptivePath(ctx.db, ctx.caller, input, ctx.clock.now()))),

  delete: can("adaptivePaths.manage")
    .meta({
      status: 204,
      openapi: {
        method: "DELETE",
        path: "/adaptive-paths/{id}",
        tags,
        summary: "Delete an adaptive-path definition",
        description: `${WRITE} The definition is deleted (404 afterwards); the individual paths already generated from it remain, with their copy of the definition, and the learners keep following them.`,
        successDescription: "No content",
        errorResponses: { 400: "Invalid id", ...roles, 404: "Adaptive path not found" },
      },
    })
    .input(ZAdaptivePathIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteAdaptivePath(ctx.db, ctx.caller, input.id);
    }),

  generatePositioningQuiz: can("ai.use")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/courses/{courseId}/positioning-quiz/generate",
        tags,
        summary: "Generate a positioning questionnaire through the AI provider",
        description:
          `CREATOR (own courses) or ADMIN. Costs ${AI_COSTS.positioningQuiz} AI credits, checked before any work (402 INSUFFICIENT_CREDITS). questionCount 1 to 50; difficultyMix easy/medium/hard ` +
          `fractions summing to 1 (counts by largest remainder); topics (at most 20; empty: the lessons' modules). Creates a POSITIONING questionnaire (pass mark ${POSITIONING_PASS_MARK} %: at or above it the learner already masters the course; any attempt completes its lesson) ` +
          "and the QUIZ lesson through which learners answer it, first in the course's first module. AI_PROVIDER=local (default) writes it offline from the lessons' content (distinct questions, distractors from other lessons); " +
          "422 NOT_ENOUGH_CONTENT when the lessons hold too little content for the requested number of distinct questions (nothing debited).",
        errorResponses: {
          400: "Invalid body (errors names the field)",
          401: "Unauthorized",
          402: "Insufficient AI credits",
          403: "CREATOR or ADMIN required, or not the course's owner",
          404: "Course not found",
          409: "Course archived",
          422: "NOT_ENOUGH_CONTENT: too little lesson content for the requested questions",
          503: "AI provider unavailable",
        },
      },
    })
    .input(ZPositioningQuizInput)
    .output(ZPositioningQuizOutput)
    .mutation(async ({ ctx, input }) => one(await generatePositioningQuiz(ctx.db, ctx.caller, input, deps(ctx)))),

  learnerPath: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/enrollments/{id}/adaptive-path",
        tags,
        summary: "The enrollment's individual adaptive path",
        description:
          "Whoever may read the enrollment (the learner, the course's creator, ADMIN, FUNDER). Skipped lessons (not required), extra lessons (added), the lessons left out, the positioning score it came from, " +
          "and the provider's message to the learner. definitionExists is false once the definition was deleted: the individual path stays.",
        errorResponses: { 400: "Invalid id", 401: "Unauthorized", 403: "Not a member of the tenant", 404: "Enrollment not found, or no individual path generated (LEARNER_ADAPTIVE_PATH_NOT_FOUND)" },
      },
    })
    .input(ZEnrollmentIdInput)
    .output(ZLearnerAdaptivePathOutput)
    .query(async ({ ctx, input }) => one(await getLearnerPath(ctx.db, ctx.caller, input.id))),

  generateLearnerPath: tenantProcedure
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/enrollments/{id}/adaptive-path",
        tags,
        summary: "Generate the enrollment's individual adaptive path (LearnerAdaptivePath)",
        description:
          `The operation the spec names by its cost: ${AI_COSTS.adaptivePath} AI credits, checked before any work (402 INSUFFICIENT_CREDITS). ` +
          "Applies a score-rule definition of the enrollment's course (body adaptivePathId; default the course's most recent one) to the learner's positioning score: the percentage of their MOST RECENT " +
          "attempt at a POSITIONING questionnaire of the course. Skipped: rules with score > skipIfScoreAbove; extra: extra lessons with score <= triggerScore (an extra lesson not triggered is left out). " +
          "Replaces any earlier individual path of the enrollment; the player and every progress figure then follow it. " +
          "Who: ADMIN, the course's creator, or the learner themself after their positioning test; a learner may not regenerate from the same attempt (409 LEARNER_PATH_UP_TO_DATE). " +
          "Others who read the enrollment (FUNDER, another CREATOR): 403; an enrollment they cannot read: 404.",
        errorResponses: {
          400: "Invalid body",
          401: "Unauthorized",
          402: "Insufficient AI credits",
          403: "Not the learner, the course's creator or an ADMIN",
          404: "Enrollment or adaptive path not found",
          409: "The learner's path already reflects their latest positioning attempt",
          422: "No positioning score yet (POSITIONING_SCORE_MISSING), no score-rule definition for the course (ADAPTIVE_PATH_NOT_APPLICABLE), enrollment not active",
          503: "AI provider unavailable",
        },
      },
    })
    .input(ZGenerateLearnerPathInput)
    .output(ZLearnerAdaptivePathOutput)
    .mutation(async ({ ctx, input }) => one(await generateLearnerPath(ctx.db, ctx.caller, input, deps(ctx)))),
});
