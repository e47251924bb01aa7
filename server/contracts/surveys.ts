import { z } from "zod";
import { envelope, listEnvelope, ZPerPageInput, ZPerPageMeta, ZTimestamp } from "./common";
import { ZCourseFormat, ZCourseLevel } from "./courses";

/**
 * Satisfaction surveys (Qualiopi indicators 2 and 30) and the public course pages (indicator 1).
 * Isomorphic: zod only.
 */
export const SURVEY_KINDS = ["END_OF_COURSE", "FOLLOW_UP"] as const;
const ZSurveyKind = z.enum(SURVEY_KINDS).describe("END_OF_COURSE (sent at completion) or FOLLOW_UP (sent SURVEY_FOLLOW_UP_DAYS later)");

/** A survey link's token: an HS256 JWT (three base64url parts). */
export const ZSurveyTokenInput = z.object({
  token: z.string().min(10).max(2000).describe("The signed token of the survey link (the `token` of the e-mailed link `/survey?token=...`)"),
});

const ZSurveyQuestion = z.object({
  id: z.string().describe("qqn_..."),
  kind: z.enum(["SINGLE_CHOICE", "MULTIPLE_CHOICE", "TRUE_FALSE", "FREE_TEXT"]),
  prompt: z.string(),
  choices: z.array(z.object({ id: z.string(), label: z.string() })).describe("Empty for FREE_TEXT"),
  required: z.boolean().describe("Every question with choices must be answered; FREE_TEXT is optional"),
  rating: z.object({ min: z.number(), max: z.number() }).nullable().describe("A rating scale: a SINGLE_CHOICE question whose choice labels are all whole numbers (1 to 5...)"),
});
export type TSurveyQuestion = z.infer<typeof ZSurveyQuestion>;

const ZSurvey = z.object({
  kind: ZSurveyKind,
  tenantName: z.string(),
  courseTitle: z.string(),
  title: z.string().describe("The SATISFACTION questionnaire's title"),
  firstName: z.string().describe("The learner's first name (greeting)"),
  expiresAt: ZTimestamp.describe("The link stops working at this instant (410 afterwards)"),
  questions: z.array(ZSurveyQuestion),
});
export type TSurvey = z.infer<typeof ZSurvey>;
export const ZSurveyOutput = envelope(ZSurvey);

const ZSurveyAnswerInput = z.strictObject({
  questionId: z.string().min(1).max(64).describe("qqn_... of the survey"),
  choiceIds: z.array(z.string().min(1).max(64)).max(20).optional().describe("Chosen choice ids (one for SINGLE_CHOICE and TRUE_FALSE)"),
  text: z.string().trim().max(5000).optional().describe("FREE_TEXT answer (at most 5000 characters)"),
});

export const ZSubmitSurveyInput = ZSurveyTokenInput.extend({
  answers: z.array(ZSurveyAnswerInput).max(200).describe("One entry per answered question"),
}).strict();
export type TSubmitSurveyInput = z.infer<typeof ZSubmitSurveyInput>;

const ZSurveyResponseCreated = z.object({
  id: z.string().describe("svr_..."),
  kind: ZSurveyKind,
  submittedAt: ZTimestamp,
});
export const ZSurveyResponseCreatedOutput = envelope(ZSurveyResponseCreated);

/* ------------------------------------------------------------------ results */

/** The one satisfaction figure (services/surveys/satisfaction.ts), shown to staff and on the public page. */
const ZSatisfaction = z.object({
  responses: z.number().int().describe("Responses received"),
  ratingAnswers: z.number().int().describe("Answers to rating questions counted in the figures"),
  averageRating: z.number().nullable().describe("Mean rating brought to a 1-5 scale (two decimals); null without a rating answer"),
  satisfactionRate: z.number().nullable().describe("Share (0..1) of rating answers in the top quarter of their scale (4 or 5 out of 5); null without a rating answer"),
});
export type TSatisfaction = z.infer<typeof ZSatisfaction>;

const ZQuestionBreakdown = z.object({
  questionId: z.string(),
  questionnaireId: z.string(),
  prompt: z.string(),
  kind: z.enum(["SINGLE_CHOICE", "MULTIPLE_CHOICE", "TRUE_FALSE", "FREE_TEXT"]),
  answered: z.number().int(),
  rating: z.object({ min: z.number(), max: z.number(), average: z.number().nullable() }).nullable().describe("Rating questions: the mean on the question's own scale"),
  choices: z.array(z.object({ id: z.string(), label: z.string(), count: z.number().int() })),
  texts: z.array(z.string()).describe("FREE_TEXT: the 20 latest non-empty answers (anonymous)"),
});

const ZSurveyKindResults = ZSatisfaction.extend({
  kind: ZSurveyKind,
  sent: z.number().int().describe("Invitations e-mailed"),
  pending: z.number().int().describe("Invitations due later (FOLLOW_UP not sent yet)"),
  responseRate: z.number().nullable().describe("responses / sent (0..1); null when none was sent"),
  questions: z.array(ZQuestionBreakdown),
});

const ZSurveyResults = z.object({
  courseId: z.string(),
  overall: ZSatisfaction.extend({
    sent: z.number().int(),
    responseRate: z.number().nullable(),
  }),
  byKind: z.array(ZSurveyKindResults).describe("END_OF_COURSE then FOLLOW_UP"),
  hasSatisfactionQuestionnaire: z.boolean().describe("false: no survey is e-mailed at completion (add a SATISFACTION questionnaire)"),
});
export type TSurveyResults = z.infer<typeof ZSurveyResults>;
export const ZSurveyResultsOutput = envelope(ZSurveyResults);
export const ZSurveyResultsInput = z.object({ id: z.string().min(1).max(64).describe("Course id (crs_...)") });

/* ------------------------------------------------------------------ public course pages */

const ZOutcomeRate = z.object({
  count: z.number().int().describe("The numerator: learners who completed (completion) or succeeded (success)"),
  of: z.number().int().describe("The denominator: enrollments but CANCELLED (completion) or COMPLETED enrollments (success)"),
  rate: z.number().nullable().describe("count / of (0..1); null when `significant` is false"),
  significant: z.boolean().describe("false below RESULTS_MIN_COUNT learners in the denominator: the page says \"non significatif\" instead of a percentage"),
});
export type TOutcomeRate = z.infer<typeof ZOutcomeRate>;

const ZResultIndicators = z.object({
  satisfaction: ZSatisfaction,
  completion: ZOutcomeRate.describe("COMPLETED enrollments over every enrollment but CANCELLED"),
  success: ZOutcomeRate.describe("Of the COMPLETED enrollments, those that passed every quiz lesson of their path (a course without a quiz: every completed one)"),
  minimumCount: z.number().int().describe("RESULTS_MIN_COUNT: below this many learners in its denominator a rate is not significant"),
});
export type TResultIndicators = z.infer<typeof ZResultIndicators>;

const ZPublicCourseSummary = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number().int().describe("Cents"),
  currency: z.string(),
  duration: z.number().nullable().describe("Hours"),
  format: ZCourseFormat,
  level: ZCourseLevel.nullable(),
  publishedAt: ZTimestamp.nullable(),
});

const ZPublicCourse = ZPublicCourseSummary.extend({
  pedagogicalObjectives: z.string().nullable(),
  prerequisites: z.string().nullable(),
  targetAudience: z.string().nullable(),
  teachingMethods: z.string().nullable(),
  evaluationMethods: z.string().nullable(),
  accessLeadTime: z.string().nullable(),
  accessibilityInfo: z.string().nullable(),
  disabilityReferentContact: z.string().nullable(),
  activityNumber: z.string().nullable(),
  certificationNumber: z.string().nullable(),
  sessionModes: z.array(z.enum(["REMOTE", "PRESENTIAL", "HYBRID"])).describe("Modes of the course's live sessions (not cancelled)"),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })).describe("The AI-generated (or edited) FAQ"),
  seo: z.object({ title: z.string(), description: z.string(), keywords: z.array(z.string()) }).describe("metaTitle/metaDescription, falling back to the title and description"),
  results: ZResultIndicators,
  tenantName: z.string(),
});
export type TPublicCourse = z.infer<typeof ZPublicCourse>;
export const ZPublicCourseOutput = envelope(ZPublicCourse);
export const ZPublicCourseSlugInput = z.object({ slug: z.string().min(1).max(100).describe("The course's slug") });
export const ZListPublicCoursesInput = ZPerPageInput;
export const ZListPublicCoursesOutput = listEnvelope(ZPublicCourseSummary, ZPerPageMeta);
