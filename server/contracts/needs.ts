import { z } from "zod";
import { envelope, listEnvelope, ZEmail, ZId, ZPerPageInput, ZPerPageMeta, ZTimestamp } from "./common";
import { ZSiret } from "./french-ids";

/**
 * Training-needs analysis and the learner journey (Qualiopi indicators 4 and 8): client
 * companies (billing clients of kind COMPANY or OPCO), needs analyses (nda_) and the PAF timeline of an enrollment. Isomorphic: zod only.
 */
export const NEEDS_LEVELS = ["BEGINNER", "INTERMEDIATE", "ADVANCED", "EXPERT"] as const;
export const FUNDING_SOURCES = ["OPCO", "CPF", "POLE_EMPLOI", "SELF", "OTHER"] as const;
export const TIMELINE_EVENT_TYPES = [
  "ENROLLMENT_CREATED",
  "NEEDS_ANALYSIS_COMPLETED",
  "PRE_QUESTIONNAIRE_COMPLETED",
  "SESSION_ATTENDED",
  "EMARGEMENT_SIGNED",
  "POST_QUESTIONNAIRE_COMPLETED",
  "CERTIFICATE_ISSUED",
  "IMPROVEMENT_PLAN_CREATED",
] as const;
const ZNeedsLevel = z.enum(NEEDS_LEVELS);
const ZFundingSource = z.enum(FUNDING_SOURCES);
const ZTimelineEventType = z.enum(TIMELINE_EVENT_TYPES);
export type TNeedsLevel = z.infer<typeof ZNeedsLevel>;
export type TFundingSource = z.infer<typeof ZFundingSource>;

const ZText = (max: number) => z.string().trim().min(1, "Required").max(max);
const ZOptionalText = (max: number) => z.string().trim().max(max).nullable().optional();

// ---------------------------------------------------------------- companies

const companyFields = {
  name: ZText(200).describe("Company name (at most 200 characters)"),
  siret: ZSiret.nullable().optional().describe("SIRET (14 digits, Luhn check); null clears it"),
  contactName: ZOptionalText(200).describe("Contact person"),
  contactEmail: ZEmail.nullable().optional().describe("Contact e-mail"),
  contactPhone: ZOptionalText(40).describe("Contact phone"),
  opcoName: ZOptionalText(200).describe("The company's OPCO (skills operator), e.g. AKTO, OPCO EP, Atlas"),
};

export const ZCreateCompanyInput = z.strictObject(companyFields);
export type TCreateCompanyInput = z.infer<typeof ZCreateCompanyInput>;

export const ZUpdateCompanyInput = z.strictObject({ id: ZId("cli"), ...companyFields, name: companyFields.name.optional() });
export type TUpdateCompanyInput = z.infer<typeof ZUpdateCompanyInput>;

export const ZCompanyIdInput = z.strictObject({ id: ZId("cli") });

export const ZListCompaniesInput = ZPerPageInput.extend({
  search: z.string().trim().max(100).optional().describe("Part of the name or of the SIRET (case-insensitive)"),
});
export type TListCompaniesInput = z.infer<typeof ZListCompaniesInput>;

const ZCompany = z.object({
  id: z.string().describe("The billing client's id: cli_..., or cmp_... for a company created before companies became billing clients"),
  kind: z.enum(["COMPANY", "OPCO"]).describe("The billing client's kind (the companies are the COMPANY and OPCO billing clients)"),
  name: z.string(),
  siret: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  opcoName: z.string().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TCompany = z.infer<typeof ZCompany>;

export const ZCompanyOutput = envelope(ZCompany);
export const ZListCompaniesOutput = listEnvelope(ZCompany, ZPerPageMeta);

// ---------------------------------------------------------------- needs analyses

export const ZCreateNeedsAnalysisInput = z.strictObject({
  companyId: ZId("cli").describe("The client company: a billing client of kind COMPANY or OPCO of this tenant (cli_, or cmp_ for a company created before companies became billing clients)"),
  enrollmentId: ZId("enr").optional().describe("The enrollment this analysis prepares (enr_), of this tenant: it appears in that enrollment's PAF timeline"),
  objectives: z.array(ZText(300)).min(1, "At least one objective").max(20).describe("Training objectives, one per item (1 to 20, at most 300 characters each)"),
  currentLevel: ZNeedsLevel.describe("BEGINNER, INTERMEDIATE, ADVANCED or EXPERT"),
  targetLevel: ZNeedsLevel.describe("BEGINNER, INTERMEDIATE, ADVANCED or EXPERT"),
  context: ZText(5000).describe("The company's context: jobs, constraints, why now (at most 5000 characters)"),
  fundingSource: ZFundingSource.optional().describe("OPCO, CPF, POLE_EMPLOI, SELF or OTHER"),
});
export type TCreateNeedsAnalysisInput = z.infer<typeof ZCreateNeedsAnalysisInput>;

const ZRecommendation = z.object({
  courseId: z.string().describe("A PUBLISHED course of the tenant (crs_)"),
  title: z.string(),
  level: ZNeedsLevel.nullable(),
  format: z.string().describe("ELEARNING, LIVE, BLENDED or PRESENTIAL"),
  duration: z.number().nullable().describe("Hours, when the course states it"),
  matchedObjectives: z.array(z.string()).describe("The objectives this course covers"),
  relevance: z.number().int().min(0).max(100).describe("0-100: share of the objectives covered and fit of the course's level with the gap"),
  reason: z.string().describe("Why it is recommended (English; the UI words it from matchedObjectives and level)"),
});
export type TRecommendation = z.infer<typeof ZRecommendation>;

const ZGapAnalysis = z.object({
  currentLevel: ZNeedsLevel,
  targetLevel: ZNeedsLevel,
  levelGap: z.number().int().describe("Steps between the levels (target - current, BEGINNER=0 .. EXPERT=3); 0 or less: no level to gain"),
  steps: z.array(ZNeedsLevel).describe("The levels to reach in order, after the current one, up to the target"),
  coveredObjectives: z.array(z.string()).describe("Objectives at least one recommended course covers"),
  uncoveredObjectives: z.array(z.string()).describe("Objectives no PUBLISHED course covers (a bespoke course to design)"),
  estimatedHours: z.number().nullable().describe("Sum of the recommended courses' stated durations (hours); null when none states one"),
  summary: z.string().describe("One-paragraph summary (English)"),
});
export type TGapAnalysis = z.infer<typeof ZGapAnalysis>;

const ZNeedsAnalysisCreated = z.object({
  id: z.string().describe("nda_..."),
  recommendations: z.array(ZRecommendation).describe("At most 5 courses, most relevant first"),
  gapAnalysis: ZGapAnalysis,
});

const ZNeedsAnalysis = ZNeedsAnalysisCreated.extend({
  companyId: z.string(),
  companyName: z.string(),
  enrollmentId: z.string().nullable(),
  objectives: z.array(z.string()),
  currentLevel: ZNeedsLevel,
  targetLevel: ZNeedsLevel,
  context: z.string(),
  fundingSource: ZFundingSource.nullable(),
  provider: z.string().describe("The AI provider that computed the result: local or openai"),
  source: z.enum(["STAFF", "QUOTE_REQUEST"]).describe("STAFF (POST /needs-analysis) or QUOTE_REQUEST (a visitor's quote request on a public course page)"),
  requestedCourseId: z.string().nullable().describe("QUOTE_REQUEST: the course asked about"),
  learnerCount: z.number().int().nullable().describe("QUOTE_REQUEST: how many learners to train"),
  createdBy: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TNeedsAnalysis = z.infer<typeof ZNeedsAnalysis>;

export const ZListNeedsAnalysesInput = ZPerPageInput.extend({
  companyId: ZId("cli").optional().describe("Only this company's analyses (a billing client id)"),
});
export type TListNeedsAnalysesInput = z.infer<typeof ZListNeedsAnalysesInput>;

export const ZNeedsAnalysisIdInput = z.strictObject({ id: ZId("nda") });

export const ZNeedsAnalysisCreatedOutput = envelope(ZNeedsAnalysisCreated);
export const ZNeedsAnalysisOutput = envelope(ZNeedsAnalysis);
export const ZListNeedsAnalysesOutput = listEnvelope(ZNeedsAnalysis, ZPerPageMeta);

// ---------------------------------------------------------------- PAF timeline

const ZTimelineEvent = z.object({
  date: ZTimestamp,
  type: ZTimelineEventType,
  description: z.string().describe("English; the UI words the event from type and metadata"),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional().describe("Ids and facts of the record the event comes from"),
});
export type TTimelineEvent = z.infer<typeof ZTimelineEvent>;

export const ZTimelineInput = z.strictObject({ id: ZId("enr") });
export const ZTimelineOutput = envelope(z.object({ enrollmentId: z.string(), events: z.array(ZTimelineEvent) }));

/* ------------------------------------------------------------------ quote requests (public course page) */

/** The most learners a quote request names. */
export const QUOTE_MAX_LEARNERS = 1000;

export const ZQuoteRequestInput = z.strictObject({
  slug: z.string().min(1).max(100).describe("The course's slug (a PUBLISHED course of the tenant)"),
  companyName: ZText(200).describe("The company asking (at most 200 characters)"),
  contactName: ZText(200).describe("The person to call back"),
  email: ZEmail.describe("The contact's e-mail"),
  phone: z.string().trim().min(3).max(40).optional().describe("The contact's phone, optional"),
  learners: z.number().int().min(1).max(QUOTE_MAX_LEARNERS).describe(`How many learners to train (1 to ${QUOTE_MAX_LEARNERS})`),
  message: ZText(4000).describe("The request: needs, dates, place (at most 4000 characters)"),
  locale: z.enum(["fr", "en"]).optional().describe("The language of the acknowledgement e-mail sent to `email` (default fr): the page's language"),
});
export type TQuoteRequestInput = z.infer<typeof ZQuoteRequestInput>;

const ZQuoteRequestCreated = z.object({
  needsAnalysisId: z.string().describe("The needs analysis (nda_) created with source QUOTE_REQUEST"),
  companyId: z.string().describe("The company, a billing client (cli_): the COMPANY or OPCO client of the same name (case ignored), else a new COMPANY client"),
  notifiedAdmins: z.array(z.string()).describe("User ids (usr_) of the ACTIVE ADMINs notified (in-app and e-mail)"),
  createdAt: ZTimestamp,
});
export const ZQuoteRequestOutput = envelope(ZQuoteRequestCreated);
