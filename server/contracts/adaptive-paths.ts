import { z } from "zod";
import { envelope, listEnvelope, ZId, ZPerPageInput, ZPerPageMeta, ZTimestamp } from "./common";

/**
 * Adaptive paths (spec: AdaptivePath, score-rule and module-chain variants; the table "Adaptive
 * paths and positioning quiz"; Qualiopi criterion 3) and the individual paths generated per
 * enrollment (LearnerAdaptivePath). Isomorphic: zod only.
 */
export const ADAPTIVE_AUDIENCES = ["BEGINNER", "INTERMEDIATE", "ADVANCED", "EXPERT"] as const;
export const UNLOCK_CONDITIONS = ["COMPLETION", "SCORE_GTE_70", "SCORE_GTE_80"] as const;
const ZAdaptiveAudience = z.enum(ADAPTIVE_AUDIENCES).describe("BEGINNER, INTERMEDIATE, ADVANCED or EXPERT");
const ZUnlockCondition = z.enum(UNLOCK_CONDITIONS).describe("COMPLETION, SCORE_GTE_70 or SCORE_GTE_80");
export type TAdaptiveVariant = "SCORE_RULES" | "MODULE_CHAIN";

const ZName = z.string().trim().min(1, "Required").max(200).describe("Name (at most 200 characters)");
const ZDescription = z.string().trim().max(5000).describe("Description (at most 5000 characters)");
const ZPercent = z.number().min(0, "A percentage from 0 to 100").max(100, "A percentage from 0 to 100");

const ZAdaptiveRule = z.strictObject({
  skipIfScoreAbove: ZPercent.describe("Positioning score (percent) above which the lesson is skipped: skipped when score > skipIfScoreAbove"),
  lessonId: ZId("les").describe("A lesson of the base course"),
});
const ZAdaptiveExtraLesson = z.strictObject({
  triggerScore: ZPercent.describe("Positioning score (percent) at or below which the lesson is added: added when score <= triggerScore"),
  lessonId: ZId("les").describe("A lesson of the base course (outside the individual path unless triggered)"),
});
const ZChainModule = z.strictObject({
  courseId: ZId("crs").describe("A course of the tenant"),
  order: z.number().int().min(0).max(1000).describe("Position in the chain (ascending)"),
  mandatory: z.boolean(),
  unlockCondition: ZUnlockCondition.optional().describe("What unlocks the next step; optional"),
});

const rules = z.array(ZAdaptiveRule).max(200);
const extras = z.array(ZAdaptiveExtraLesson).max(200);
const chain = z.array(ZChainModule).min(1, "At least one course").max(50);

/** Score-rule body (spec: name, description, baseCourseId, rules, extraLessons). */
const ZScoreRuleBody = z.strictObject({
  name: ZName,
  description: ZDescription.optional(),
  baseCourseId: ZId("crs").describe("The course the rules apply to (crs_), of this tenant"),
  rules: rules.default([]).describe("Lessons skipped when the positioning score is above skipIfScoreAbove"),
  extraLessons: extras.default([]).describe("Lessons added when the positioning score is at or below triggerScore"),
});
/** Module-chain body (spec: name, description, targetAudience, modules, prerequisiteAssessmentId). */
const ZModuleChainBody = z.strictObject({
  name: ZName,
  description: ZDescription.optional(),
  targetAudience: ZAdaptiveAudience,
  modules: chain.describe("The chain's courses with their order"),
  prerequisiteAssessmentId: ZId("qst").optional().describe("A questionnaire (qst_) of the tenant assessing the prerequisites"),
});
type TScoreRuleBody = z.infer<typeof ZScoreRuleBody>;
type TModuleChainBody = z.infer<typeof ZModuleChainBody>;
export type TCreateAdaptivePath = ({ variant: "SCORE_RULES" } & TScoreRuleBody) | ({ variant: "MODULE_CHAIN" } & TModuleChainBody);

const SCORE_KEYS = ["baseCourseId", "rules", "extraLessons"] as const;
const CHAIN_KEYS = ["targetAudience", "modules", "prerequisiteAssessmentId"] as const;

/** The variant a body is written in: its score-rule fields, else its module-chain fields. */
function variantOfBody(body: Record<string, unknown>): TAdaptiveVariant | null {
  if (SCORE_KEYS.some((k) => body[k] !== undefined)) return "SCORE_RULES";
  if (CHAIN_KEYS.some((k) => body[k] !== undefined)) return "MODULE_CHAIN";
  return null;
}

/**
 * POST /adaptive-paths. REST inputs must be one object, so the two bodies' fields are listed
 * together here and the body is then parsed as the variant it is written in (ZScoreRuleBody or
 * ZModuleChainBody): the other variant's fields are "Unknown field", missing ones "Required".
 */
export const ZCreateAdaptivePathInput = z
  .strictObject({
    name: ZName.describe("Both variants"),
    description: ZDescription.optional().describe("Both variants"),
    baseCourseId: ZScoreRuleBody.shape.baseCourseId.optional().describe("Score-rule variant: the course (crs_) the rules apply to"),
    rules: rules.optional().describe("Score-rule variant: [{skipIfScoreAbove, lessonId}]: skipped when score > skipIfScoreAbove"),
    extraLessons: extras.optional().describe("Score-rule variant: [{triggerScore, lessonId}]: added when score <= triggerScore"),
    targetAudience: ZAdaptiveAudience.optional().describe("Module-chain variant"),
    modules: chain.optional().describe("Module-chain variant: [{courseId, order, mandatory, unlockCondition?}]"),
    prerequisiteAssessmentId: ZModuleChainBody.shape.prerequisiteAssessmentId,
  })
  .transform((body, ctx): TCreateAdaptivePath => {
    const variant = variantOfBody(body);
    const plain = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    if (!variant) {
      ctx.addIssue({ code: "custom", path: ["baseCourseId"], message: "Required: baseCourseId (score-rule variant) or modules (module-chain variant)" });
      return z.NEVER;
    }
    const parsed = variant === "SCORE_RULES" ? ZScoreRuleBody.safeParse(plain) : ZModuleChainBody.safeParse(plain);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue } as Parameters<typeof ctx.addIssue>[0]);
      return z.NEVER;
    }
    return { variant, ...parsed.data } as TCreateAdaptivePath;
  });

/** PATCH /adaptive-paths/{id}: any field of the definition's own variant (another variant's field: 400). */
export const ZUpdateAdaptivePathInput = z.strictObject({
  id: ZId("apt"),
  name: ZName.optional(),
  description: ZDescription.nullable().optional().describe("null clears"),
  baseCourseId: ZId("crs").optional().describe("Score-rule variant; the rules and extra lessons must then be lessons of the new course"),
  rules: rules.optional().describe("Score-rule variant: replaces the rules"),
  extraLessons: extras.optional().describe("Score-rule variant: replaces the extra lessons"),
  targetAudience: ZAdaptiveAudience.optional().describe("Module-chain variant"),
  modules: chain.optional().describe("Module-chain variant: replaces the chain"),
  prerequisiteAssessmentId: ZId("qst").nullable().optional().describe("Module-chain variant; null clears"),
});
export type TUpdateAdaptivePathInput = z.infer<typeof ZUpdateAdaptivePathInput>;

export const ZListAdaptivePathsInput = ZPerPageInput.extend({
  courseId: ZId("crs").optional().describe("Only the definitions concerning this course (its score-rule definitions, and the module chains that include it)"),
});
export const ZAdaptivePathIdInput = z.strictObject({ id: ZId("apt") });

const common = {
  id: z.string().describe("apt_..."),
  name: z.string(),
  description: z.string().nullable(),
  courseIds: z.array(z.string()).describe("The courses the definition concerns"),
  createdBy: z.string().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
};
const ZScoreRulePath = z.object({
  ...common,
  variant: z.literal("SCORE_RULES"),
  baseCourseId: z.string(),
  rules: z.array(z.object({ skipIfScoreAbove: z.number(), lessonId: z.string() })),
  extraLessons: z.array(z.object({ triggerScore: z.number(), lessonId: z.string() })),
  learnerPathsCount: z.number().int().describe("Individual paths generated from this definition"),
});
const ZModuleChainPath = z.object({
  ...common,
  variant: z.literal("MODULE_CHAIN"),
  targetAudience: ZAdaptiveAudience,
  modules: z.array(z.object({ courseId: z.string(), order: z.number().int(), mandatory: z.boolean(), unlockCondition: ZUnlockCondition.optional() })),
  prerequisiteAssessmentId: z.string().nullable(),
});
export const ZAdaptivePath = z.discriminatedUnion("variant", [ZScoreRulePath, ZModuleChainPath]);
export type TAdaptivePath = z.infer<typeof ZAdaptivePath>;

export const ZAdaptivePathOutput = envelope(ZAdaptivePath);
export const ZAdaptivePathIdOutput = envelope(z.object({ id: z.string() }));
export const ZListAdaptivePathsOutput = listEnvelope(ZAdaptivePath, ZPerPageMeta);

// ---- positioning quiz

export const ZPositioningQuizInput = z.strictObject({
  courseId: ZId("crs"),
  questionCount: z.number().int().min(1).max(50).describe("How many questions (1 to 50)"),
  difficultyMix: z
    .strictObject({
      easy: z.number().min(0).max(1),
      medium: z.number().min(0).max(1),
      hard: z.number().min(0).max(1),
    })
    .refine((m) => Math.abs(m.easy + m.medium + m.hard - 1) < 0.001, { message: "easy + medium + hard must be 1" })
    .describe("Fractions of easy, medium and hard questions, summing to 1"),
  topics: z.array(z.string().trim().min(1).max(200)).max(20).default([]).describe("Topics to cover (at most 20); empty: the course's modules"),
});
export type TPositioningQuizInput = z.infer<typeof ZPositioningQuizInput>;
export const ZPositioningQuizOutput = envelope(
  z.object({
    questionnaireId: z.string().describe("qst_... of the new POSITIONING questionnaire"),
    type: z.literal("POSITIONING"),
    questionCount: z.number().int(),
    creditsConsumed: z.number().int(),
    lessonId: z.string().describe("The QUIZ lesson (first of the course) through which learners answer it"),
  }),
);

// ---- individual paths

const ZLearnerPathLesson = z.object({ lessonId: z.string(), title: z.string().nullable().describe("null when the lesson no longer exists") });
const ZLearnerAdaptivePath = z.object({
  id: z.string().describe("lap_..."),
  enrollmentId: z.string(),
  courseId: z.string(),
  adaptivePathId: z.string().describe("The definition it came from (kept when the definition is deleted)"),
  name: z.string().describe("The definition's name when generated"),
  definitionExists: z.boolean().describe("false once the definition is deleted: the individual path stays"),
  positioningScore: z.number().int().describe("Percent, from the most recent positioning attempt"),
  positioningAttemptAt: ZTimestamp.nullable(),
  skippedLessons: z.array(ZLearnerPathLesson).describe("Rules whose skipIfScoreAbove the score is above: not required"),
  extraLessons: z.array(ZLearnerPathLesson).describe("Extra lessons whose triggerScore the score is at or below: added"),
  hiddenLessonIds: z.array(z.string()).describe("Extra lessons not triggered: left out of the path"),
  summary: z.string().describe("The AI provider's message to the learner"),
  creditsConsumed: z.number().int(),
  generatedBy: z.string().nullable(),
  generatedAt: ZTimestamp,
});
export type TLearnerAdaptivePath = z.infer<typeof ZLearnerAdaptivePath>;
export const ZGenerateLearnerPathInput = z.strictObject({
  id: ZId("enr").describe("Enrollment id"),
  adaptivePathId: ZId("apt").optional().describe("The score-rule definition to apply; default: the most recent one of the enrollment's course"),
});
export const ZEnrollmentIdInput = z.strictObject({ id: ZId("enr") });
export const ZLearnerAdaptivePathOutput = envelope(ZLearnerAdaptivePath);
