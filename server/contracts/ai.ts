import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, listEnvelope, ZId, ZLimitPageInput, ZLimitPageMeta, ZTimestamp } from "./common";
import { ZCourse } from "./courses";

/** Isomorphic: imports only zod. The AI course operations and the tenant's AI credits. */

export const AI_AUDIENCES = ["BEGINNER", "INTERMEDIATE", "ADVANCED", "EXPERT"] as const;
const ZAudience = z.enum(AI_AUDIENCES).describe("Target level of the adapted copy");
export type TAudience = z.infer<typeof ZAudience>;

const ZFaqItem = z.object({
  question: z.string().describe("A question a prospective learner asks"),
  answer: z.string().describe("The answer, from the course's own content"),
});
export type TFaqItem = z.infer<typeof ZFaqItem>;

const ZSeoFields = z.object({
  metaTitle: z.string().describe("At most 60 characters"),
  metaDescription: z.string().describe("At most 160 characters"),
  slug: z.string().describe("A suggested URL slug; course slugs are immutable, so it is never applied"),
  keywords: z.array(z.string()).describe("Search keywords, lower case"),
});
export type TSeoFields = z.infer<typeof ZSeoFields>;

// ---- inputs ---------------------------------------------------------------------------------

export const ZCourseIdPath = z.strictObject({ id: ZId("crs") });
export const ZCreateVariantInput = z.strictObject({
  id: ZId("crs"),
  targetAudience: ZAudience,
  instructions: z.string().trim().max(2000).optional().describe("Free-text guidance for the adaptation"),
});
export const ZEnrichDraftInput = z.strictObject({
  courseId: ZId("crs").describe("The course to enrich (its empty TEXT lessons are written, modules without a quiz get one)"),
});
export const ZGenerateAllContentInput = z.strictObject({
  courseId: ZId("crs"),
  onlyEmpty: z.boolean().default(true).describe("Only lessons with no content (default true); false rewrites every TEXT lesson"),
});
export const ZRegenerateFromBriefInput = z.strictObject({
  courseId: ZId("crs"),
  context: z.string().max(10_000).optional().describe("The brief: what the new version should cover (at least 30 characters)"),
});
export const ZEstimatesInput = z.object({ courseId: ZId("crs") });
export const ZLedgerInput = ZLimitPageInput.extend({
  courseId: z.string().max(MAX.id).optional().describe("Only the movements of this course"),
});

// ---- outputs --------------------------------------------------------------------------------

const ZDraftLesson = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(["TEXT", "VIDEO", "FILE", "LIVE_SESSION", "QUIZ"]),
  position: z.number().int(),
  content: z.string(),
  questionnaireId: z.string().nullable(),
});
const ZDraftModule = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  position: z.number().int(),
  lessons: z.array(ZDraftLesson),
});
const ZDraftQuestionnaire = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(["QUIZ", "POSITIONING", "SATISFACTION"]),
  passMark: z.number().int(),
  questionsCount: z.number().int(),
});
/** A course (the Course resource) with its modules, lessons and questionnaires, as the AI operations return it. */
const ZAiDraft = ZCourse.extend({
  modules: z.array(ZDraftModule),
  questionnaires: z.array(ZDraftQuestionnaire),
});
export type TAiDraft = z.infer<typeof ZAiDraft>;

export const ZFaqOutput = envelope(z.array(ZFaqItem));
export const ZSeoOutput = envelope(ZSeoFields);
export const ZVariantOutput = envelope(ZAiDraft);
export const ZEnrichDraftOutput = envelope(
  z.object({
    draft: ZAiDraft,
    lessonsGenerated: z.number().int(),
    questionnairesGenerated: z.number().int(),
    creditsConsumed: z.number().int(),
  }),
);
export const ZGenerateAllContentOutput = envelope(
  z.object({
    enqueued: z.number().int().describe("Lessons whose content is being generated"),
    skipped: z.number().int().describe("Lessons of the course left as they are"),
    totalCost: z.number().int().describe("Credits debited up front"),
    jobId: z.string().nullable().describe("The background job writing them (GET /ai/jobs/{jobId} shows its progress); null when nothing was to write"),
  }),
);
export const ZRegenerateOutput = envelope(
  z.object({
    courseId: z.string().describe("The course the brief was applied to"),
    draftId: z.string().describe("The new DRAFT course being written"),
    status: z.literal("QUEUED"),
    jobId: z.string().describe("The background job writing the lessons (GET /ai/jobs/{jobId} shows its progress)"),
  }),
);

export const ZAiJobInput = z.strictObject({ id: z.string().max(MAX.id).uuid().describe("jobId answered by generate-all-content or regenerate-from-brief") });
export const ZAiJobOutput = envelope(
  z.object({
    id: z.string(),
    kind: z.enum(["generate-all", "regenerate"]),
    state: z.enum(["QUEUED", "RUNNING", "COMPLETED", "FAILED"]).describe("QUEUED (waiting or waiting for a retry), RUNNING, COMPLETED, FAILED (given up after its retries)"),
    courseId: z.string().describe("The course whose lessons are written (the new draft for regenerate)"),
    lessonsTotal: z.number().int().describe("Lessons the job is to write"),
    lessonsWritten: z.number().int().describe("Lessons written so far"),
    createdAt: ZTimestamp,
    finishedAt: ZTimestamp.nullable(),
  }),
);
export type TAiJob = z.infer<typeof ZAiJobOutput>["data"];

export const ZCreditsOutput = envelope(z.object({ balance: z.number().int() }));
const ZLedgerEntry = z.object({
  id: z.string(),
  delta: z.number().int().describe("Negative for a debit, positive for a grant or refund"),
  balanceAfter: z.number().int(),
  operation: z.string(),
  courseId: z.string().nullable(),
  userId: z.string().nullable(),
  createdAt: ZTimestamp,
});
export const ZLedgerOutput = listEnvelope(ZLedgerEntry, ZLimitPageMeta);

export const ZEstimatesOutput = envelope(
  z.object({
    balance: z.number().int(),
    costs: z.object({
      generateFaq: z.number().int(),
      generateSeo: z.number().int(),
      createVariant: z.number().int(),
      enrichDraft: z.number().int(),
      generateAllContentOnlyEmpty: z.number().int(),
      generateAllContentAll: z.number().int(),
      regenerateFromBriefUpFront: z.number().int(),
      regenerateFromBriefPerLesson: z.number().int(),
    }),
  }),
);
