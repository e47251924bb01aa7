import { z } from "zod";
import { MAX } from "./bounds";
import { envelope, listEnvelope, ZLimitPageMeta, ZPerPageMeta, ZTimestamp } from "./common";

/**
 * Isomorphic course contracts (zod only): the Course resource, its list and detail views and
 * the bodies of create, patch and bulk creation. Course-builder forms reuse these schemas.
 */

export const COURSE_STATUSES = ["DRAFT", "PUBLISHED", "ARCHIVED"] as const;
export const COURSE_LEVELS = ["BEGINNER", "INTERMEDIATE", "ADVANCED", "EXPERT"] as const;
export const COURSE_FORMATS = ["ELEARNING", "LIVE", "BLENDED", "PRESENTIAL"] as const;
export const LESSON_KINDS = ["TEXT", "VIDEO", "FILE", "LIVE_SESSION", "QUIZ"] as const;
export const QUESTIONNAIRE_KINDS = ["QUIZ", "POSITIONING", "SATISFACTION"] as const;
export const QUESTION_KINDS = ["SINGLE_CHOICE", "MULTIPLE_CHOICE", "TRUE_FALSE", "FREE_TEXT"] as const;

export const ZCourseStatus = z.enum(COURSE_STATUSES).describe("DRAFT, PUBLISHED or ARCHIVED");
export const ZCourseLevel = z.enum(COURSE_LEVELS);
export const ZCourseFormat = z.enum(COURSE_FORMATS);
const ZLessonKind = z.enum(LESSON_KINDS);
const ZQuestionnaireKind = z.enum(QUESTIONNAIRE_KINDS);
const ZQuestionKind = z.enum(QUESTION_KINDS);

/** Qualiopi text fields of a course, in the order the publication check reports them. */
export const QUALIOPI_TEXT_FIELDS = [
  "pedagogicalObjectives",
  "prerequisites",
  "targetAudience",
  "teachingMethods",
  "evaluationMethods",
  "accessibilityInfo",
  "disabilityReferentContact",
] as const;

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const ZIsoDate = z
  .string()
  .max(MAX.date)
  .regex(ISO_DATE, "Date as YYYY-MM-DD")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "Not a calendar date")
  .describe("Date YYYY-MM-DD");

const longText = (max: number, what: string) => z.string().trim().max(max).nullable().optional().describe(what);

const ZFaqItem = z.strictObject({ question: z.string().trim().min(1).max(500), answer: z.string().trim().min(1).max(5000) });
const ZSeoMetadataInput = z.strictObject({
  metaTitle: z.string().trim().max(200).optional(),
  metaDescription: z.string().trim().max(500).optional(),
  keywords: z.array(z.string().trim().min(1).max(100)).max(30).optional(),
  faq: z.array(ZFaqItem).max(20).optional(),
});
const ZSeoMetadata = z.object({
  metaTitle: z.string().optional(),
  metaDescription: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })).optional(),
});

/** The writable course fields (POST /courses); PATCH takes them all as optional. */
export const courseFieldShape = {
  title: z.string().trim().min(1, "Required").max(200, "At most 200 characters").describe("At most 200 characters"),
  description: z.string().trim().min(1, "Required").max(50_000).describe("Markdown allowed"),
  price: z.number().int("Cents: an integer").min(0).max(100_000_000).describe("Price in cents"),
  currency: z
    .string()
    .max(MAX.code)
    .regex(/^[A-Z]{3}$/, "ISO 4217 code such as EUR")
    .describe("ISO 4217 currency code (EUR)"),
  duration: z.number().int("Whole hours").min(0).max(100_000).nullable().optional().describe("Duration in hours"),
  level: ZCourseLevel.nullable().optional(),
  language: z
    .string()
    .max(MAX.locale)
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "BCP 47 language code such as fr or en-GB")
    .optional()
    .describe("BCP 47 language code (default fr)"),
  tags: z.array(z.string().trim().min(1).max(50)).max(30).optional().describe("Search tags"),
  format: ZCourseFormat.optional().describe("Default ELEARNING"),
  seoMetadata: ZSeoMetadataInput.optional(),
  pedagogicalObjectives: longText(10_000, "Qualiopi indicator 5: operational, assessable objectives"),
  prerequisites: longText(10_000, "Qualiopi indicator 1"),
  targetAudience: longText(10_000, "Qualiopi indicator 6: public the course is designed for"),
  teachingMethods: longText(10_000, "Qualiopi indicator 6"),
  evaluationMethods: longText(10_000, "Qualiopi indicator 11"),
  accessibilityInfo: longText(10_000, "Qualiopi indicator 26: disability access"),
  disabilityReferentContact: longText(1_000, "Qualiopi indicator 26: disability referent contact"),
  accessLeadTime: longText(500, "Qualiopi indicator 1: access lead time (délai d'accès), shown on the public course page"),
  successRate: z.number().int("A whole percentage").min(0).max(100).nullable().optional().describe("Qualiopi indicators 2-3: a published success rate (0-100, e.g. certification), shown on the public course page when set"),
  activityNumber: z.string().trim().max(50).nullable().optional().describe("Training-organisation declaration number (required to publish when OF mode is on)"),
  certificationNumber: z.string().trim().max(50).nullable().optional().describe("RNCP/RS certification number"),
  certificationValidUntil: ZIsoDate.nullable().optional().describe("YYYY-MM-DD; must not be past to publish"),
};

export const ZCreateCourseInput = z.strictObject(courseFieldShape);
export type TCreateCourseInput = z.infer<typeof ZCreateCourseInput>;

export const ZUpdateCourseInput = z.strictObject({
  id: z.string().min(1).max(MAX.id).describe("The course's slug or its id (crs_...): either names it"),
  ...z.object(courseFieldShape).partial().shape,
  status: ZCourseStatus.optional().describe("PUBLISHED follows the publication rules; ARCHIVED archives; DRAFT unpublishes or restores"),
  slug: z.never({ error: "Slug is immutable" }).optional().describe("Immutable: any value answers 400"),
});
export type TUpdateCourseInput = Omit<z.infer<typeof ZUpdateCourseInput>, "id" | "slug">;

/* ------------------------------------------------------------------ bulk creation */

const ZBulkChoice = z.strictObject({ label: z.string().trim().min(1).max(500), correct: z.boolean() });

const ZBulkQuestion = z
  .strictObject({
    kind: ZQuestionKind,
    prompt: z.string().trim().min(1).max(5_000),
    choices: z.array(ZBulkChoice).max(20).optional(),
    expectedText: z.string().trim().max(1_000).optional().describe("FREE_TEXT: the expected answer, if any"),
    explanation: z.string().trim().max(5_000).optional(),
    points: z.number().int().min(1).max(100).optional(),
  })
  .superRefine((q, ctx) => {
    const choices = q.choices ?? [];
    const correct = choices.filter((c) => c.correct).length;
    const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["choices"], message });
    if (q.kind === "FREE_TEXT") {
      if (choices.length) issue("A FREE_TEXT question has no choices");
      return;
    }
    if (q.kind === "TRUE_FALSE" && choices.length !== 2) issue("A TRUE_FALSE question has exactly 2 choices");
    else if (choices.length < 2) issue("At least 2 choices");
    if (q.kind === "MULTIPLE_CHOICE" ? correct < 1 : correct !== 1) {
      issue(q.kind === "MULTIPLE_CHOICE" ? "At least one correct choice" : "Exactly one correct choice");
    }
  });

const ZBulkQuestionnaire = z.strictObject({
  title: z.string().trim().min(1).max(200),
  kind: ZQuestionnaireKind,
  passMark: z.number().int().min(0).max(100).optional().describe("Percentage needed to pass (default 50)"),
  questions: z.array(ZBulkQuestion).max(200),
});

const ZBulkLesson = z.strictObject({
  title: z.string().trim().min(1).max(200),
  kind: ZLessonKind,
  content: z.string().max(200_000).optional().describe("Markdown for TEXT; notes otherwise"),
  durationMinutes: z.number().int().min(0).max(100_000).optional(),
  questionnaireIndex: z
    .number()
    .int()
    .min(0)
    .max(MAX.items)
    .optional()
    .describe("QUIZ lessons: 0-based index into `questionnaires`. Without it, QUIZ lessons take the unclaimed QUIZ questionnaires in order"),
});

const ZBulkModule = z.strictObject({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(10_000).optional(),
  lessons: z.array(ZBulkLesson).max(200),
});

export const ZCreateCourseBulkInput = z
  .strictObject({
    ...courseFieldShape,
    modules: z.array(ZBulkModule).max(100),
    questionnaires: z.array(ZBulkQuestionnaire).max(50).optional(),
    publish: z.boolean().optional().describe("Publish at once: the publication rules apply (422, nothing saved)"),
  })
  .superRefine((b, ctx) => {
    const count = b.questionnaires?.length ?? 0;
    b.modules.forEach((m, mi) =>
      m.lessons.forEach((l, li) => {
        if (l.questionnaireIndex === undefined) return;
        const path = ["modules", mi, "lessons", li, "questionnaireIndex"];
        if (l.questionnaireIndex >= count) ctx.addIssue({ code: "custom", path, message: "No questionnaire at this index" });
        else if (l.kind !== "QUIZ") ctx.addIssue({ code: "custom", path, message: "Only QUIZ lessons reference a questionnaire" });
      }),
    );
  });
export type TCreateCourseBulkInput = z.infer<typeof ZCreateCourseBulkInput>;

/* ------------------------------------------------------------------ outputs */

const ZPersonRef = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const ZCourse = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  price: z.number().int().describe("Cents"),
  currency: z.string(),
  status: ZCourseStatus,
  duration: z.number().nullable().describe("Hours"),
  level: ZCourseLevel.nullable(),
  language: z.string(),
  tags: z.array(z.string()),
  format: ZCourseFormat,
  bannerMediaId: z.string().nullable(),
  featuredMediaId: z.string().nullable(),
  seoMetadata: ZSeoMetadata,
  pedagogicalObjectives: z.string().nullable(),
  prerequisites: z.string().nullable(),
  targetAudience: z.string().nullable(),
  teachingMethods: z.string().nullable(),
  evaluationMethods: z.string().nullable(),
  accessibilityInfo: z.string().nullable(),
  disabilityReferentContact: z.string().nullable(),
  accessLeadTime: z.string().nullable().describe("Access lead time (délai d'accès)"),
  successRate: z.number().int().nullable().describe("Published success rate, 0-100, or null"),
  activityNumber: z.string().nullable(),
  certificationNumber: z.string().nullable(),
  certificationValidUntil: z.string().nullable().describe("YYYY-MM-DD"),
  creatorId: z.string(),
  sourceCourseId: z.string().nullable(),
  viewCount: z.number().int(),
  publishedAt: ZTimestamp.nullable(),
  archivedAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TCourse = z.infer<typeof ZCourse>;
export const ZCourseOutput = envelope(ZCourse);

export const ZCourseListItem = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  status: ZCourseStatus,
  price: z.number().int().describe("Cents"),
  currency: z.string(),
  format: ZCourseFormat,
  level: ZCourseLevel.nullable(),
  duration: z.number().nullable(),
  language: z.string(),
  tags: z.array(z.string()),
  excerpt: z.string().describe("The description's first 240 characters"),
  bannerMediaId: z.string().nullable(),
  featuredMediaId: z.string().nullable(),
  creator: ZPersonRef,
  moduleCount: z.number().int(),
  lessonCount: z.number().int(),
  publishedAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TCourseListItem = z.infer<typeof ZCourseListItem>;

const DECIMAL = /^\d{1,9}(\.\d{1,2})?$/;
// Prices are at most 100,000,000 cents: a higher bound filters nothing more, and would overflow the column's type.
const ZPriceFilter = z
  .string()
  .trim()
  .max(MAX.code)
  .regex(DECIMAL, "A decimal amount in currency units such as 49.90")
  .refine((v) => Number(v) <= 1_000_000, "At most 1000000 (the highest price)");
const ZSearch = z.string().trim().max(200).optional();

/** Query of the course lists: `limit` (meta with totalPages) or the quick form `perPage`. */
export const ZListCoursesInput = z
  .object({
    page: z.coerce.number().int().min(1).max(MAX.page).default(1).describe("1-based page number"),
    limit: z.coerce.number().int().min(1).max(100).optional().describe("Page size (default 20, max 100); meta carries totalPages"),
    perPage: z.coerce.number().int().min(1).max(100).optional().describe("Quick-form page size (max 100); meta {total, page, perPage}"),
    search: ZSearch.describe("Words matched in title, description and tags (every word must match)"),
    q: ZSearch.describe("Same as search"),
    format: ZCourseFormat.optional(),
    level: ZCourseLevel.optional(),
    status: ZCourseStatus.optional(),
    minPrice: ZPriceFilter.optional().describe("Lowest price in currency units (decimal string, 49.90)"),
    maxPrice: ZPriceFilter.optional().describe("Highest price in currency units (decimal string)"),
  })
  .superRefine((q, ctx) => {
    if (q.limit !== undefined && q.perPage !== undefined) {
      ctx.addIssue({ code: "custom", path: ["perPage"], message: "Use either limit or perPage, not both" });
    }
    if (q.minPrice && q.maxPrice && Number(q.minPrice) > Number(q.maxPrice)) {
      ctx.addIssue({ code: "custom", path: ["maxPrice"], message: "maxPrice is lower than minPrice" });
    }
  });
export type TListCoursesInput = z.infer<typeof ZListCoursesInput>;
export const ZListCoursesOutput = listEnvelope(ZCourseListItem, z.union([ZLimitPageMeta, ZPerPageMeta]));

const ZLessonOutline = z.object({
  id: z.string(),
  title: z.string(),
  kind: ZLessonKind,
  position: z.number().int(),
  durationMinutes: z.number().int().nullable(),
});
const ZModuleOutline = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  position: z.number().int(),
  lessonCount: z.number().int(),
  lessons: z.array(ZLessonOutline),
});
const ZTrainerRef = ZPersonRef.extend({ role: z.enum(["PRIMARY", "SECONDARY"]) });

/** GET /courses/{slug}: the course page (no lesson content). */
export const ZCoursePublicDetail = ZCourse.omit({ viewCount: true, sourceCourseId: true }).extend({
  creator: ZPersonRef,
  moduleCount: z.number().int(),
  lessonCount: z.number().int(),
  modules: z.array(ZModuleOutline),
  trainers: z.array(ZTrainerRef),
});

const ZLessonSummary = ZLessonOutline.extend({
  content: z.string(),
  mediaId: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  questionnaireId: z.string().nullable(),
});
const ZQuestionnaireSummary = z.object({
  id: z.string(),
  kind: ZQuestionnaireKind,
  title: z.string(),
  passMark: z.number().int(),
  questionCount: z.number().int(),
});

/** GET /courses/by-id/{id}: everything the course builder needs. */
export const ZCourseDetail = ZCourse.extend({
  creator: ZPersonRef,
  moduleCount: z.number().int(),
  lessonCount: z.number().int(),
  modules: z.array(ZModuleOutline.omit({ lessons: true }).extend({ lessons: z.array(ZLessonSummary) })),
  questionnaires: z.array(ZQuestionnaireSummary),
  trainers: z.array(ZTrainerRef),
});

export const ZCourseIdInput = z.object({ id: z.string().min(1).max(MAX.id).describe("Course id (crs_...)") });
/** `/courses/{id}` (GET, PATCH, DELETE): one path template, whose parameter is the course's slug or its id. */
export const ZCourseRefInput = z.object({ id: z.string().min(1).max(MAX.id).describe("The course's slug or its id (crs_...): either names it") });
export const ZCourseSlugInput = z.object({ slug: z.string().min(1).max(100).describe("Course slug (the crs_ id is accepted too)") });

/* ------------------------------------------------------------------ Qualiopi */

/** Why a publication rule fails: the UI words it from the catalogue (messages publicationRules.<code>), with `params`. */
export const PUBLICATION_RULE_CODES = [
  "FIELD_REQUIRED",
  "DURATION_REQUIRED",
  "MODULES_REQUIRED",
  "ACTIVITY_NUMBER_REQUIRED",
  "CERTIFICATION_EXPIRED",
  "NO_PRIMARY_TRAINER",
  "NO_POSITIONING_QUESTIONNAIRE",
  "NO_QUIZ",
  "NO_SATISFACTION_SURVEY",
  "CERTIFICATION_DATE_MISSING",
] as const;
const ZPublicationRuleCode = z.enum(PUBLICATION_RULE_CODES).describe("Stable reason of the rule; clients word it, never the message");
export type TPublicationRuleCode = z.infer<typeof ZPublicationRuleCode>;
const ZPublicationRule = z.object({
  indicator: z.number().int().describe("Qualiopi indicator the rule serves"),
  field: z.string().describe("The course field (or part: modules, trainers, questionnaires) the rule is about"),
  code: ZPublicationRuleCode,
  params: z.object({ field: z.string() }).describe("Values the wording takes"),
  message: z.string().describe("English wording, for logs and API clients"),
});

export const ZPublicationCheck = z.object({
  canPublish: z.boolean(),
  score: z.number().int().min(0).max(100).describe("Share of the checks met, 0-100"),
  indicatorsCovered: z.number().int().describe("Qualiopi indicators whose checks all pass"),
  indicatorsTotal: z.number().int().describe("Qualiopi indicators the check looks at"),
  blockers: z.array(ZPublicationRule),
  warnings: z.array(ZPublicationRule),
});
export type TPublicationCheck = z.infer<typeof ZPublicationCheck>;

export const ZQualiopiStatusOutput = envelope(
  z.object({
    valid: z.boolean(),
    errors: z.array(z.string()).describe("The same list POST /publish answers with 422"),
    check: ZPublicationCheck,
  }),
);

export const ZQualiopiInfoOutput = envelope(
  z.object({
    activityNumber: z.string().nullable(),
    certificationNumber: z.string().nullable(),
    certificationValidUntil: z.string().nullable(),
    certificationValid: z.boolean().nullable().describe("null when the course has no certification validity date"),
    disabilityReferentContact: z.string().nullable(),
    accessibilityInfo: z.string().nullable(),
  }),
);

export const ZPublicStatsOutput = envelope(
  z.object({
    enrollments: z.number().int().describe("All enrollments, cancelled ones included"),
    active: z.number().int(),
    completed: z.number().int(),
    successRate: z.number().describe("COMPLETED over total enrollments, 0..1 (0 when none)"),
    averageProgress: z.number().describe("Mean share of lessons completed per enrollment, 0..1"),
    averageQuizScore: z.number().nullable().describe("Mean quiz attempt percentage 0-100 (non-cancelled enrollments); null without attempts"),
  }),
);

export const ZSetMediaReferenceInput = z.strictObject({
  id: z.string().max(MAX.id),
  mediaId: z.string().min(1).max(64).nullable().describe("An IMAGE media of the tenant, or null to unlink"),
});
