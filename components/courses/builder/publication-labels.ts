import { QUALIOPI_TEXT_FIELDS, type TPublicationRuleCode } from "@/server/contracts/courses";
import { publicationRuleText } from "@/components/qualiopi/publication-rule-text";
import type { Translate } from "@/lib/i18n/translate";

export type BuilderTab = "details" | "qualiopi" | "content" | "quizzes" | "trainers" | "enrollments" | "ai" | "adaptive" | "surveys";

const QUALIOPI_FIELDS: readonly string[] = [...QUALIOPI_TEXT_FIELDS, "activityNumber", "certificationNumber", "certificationValidUntil"];

/** The tab holding the field a publication rule names (the checklist's "Complete" links go there). */
export function tabOfField(field: string): BuilderTab {
  if (QUALIOPI_FIELDS.includes(field)) return "qualiopi";
  if (field === "modules") return "content";
  if (field === "trainers") return "trainers";
  if (field === "questionnaires") return "quizzes";
  return "details";
}

/** The rule a 422 `errors` string of POST /publish names: it starts with the field ("prerequisites is required"). */
function ruleOfField(field: string): { code: TPublicationRuleCode; params: { field: string } } {
  const code: TPublicationRuleCode =
    field === "duration" ? "DURATION_REQUIRED" : field === "modules" ? "MODULES_REQUIRED" : field === "activityNumber" ? "ACTIVITY_NUMBER_REQUIRED" : field === "certificationValidUntil" ? "CERTIFICATION_EXPIRED" : "FIELD_REQUIRED";
  return { code, params: { field } };
}

/** The 422 `errors` strings of a refused publication, worded like the checklist's blockers. */
export function publishErrorText(message: string, t: Translate): { field: string; text: string } {
  const field = /^[A-Za-z]+/.exec(message)?.[0] ?? "";
  return { field, text: publicationRuleText(ruleOfField(field), t) };
}

/** Indicators of the Qualiopi fields, shown next to their labels. */
export const FIELD_INDICATOR: Record<string, number> = {
  pedagogicalObjectives: 5,
  prerequisites: 1,
  targetAudience: 6,
  teachingMethods: 6,
  evaluationMethods: 11,
  accessibilityInfo: 26,
  disabilityReferentContact: 26,
  activityNumber: 1,
  certificationNumber: 7,
  certificationValidUntil: 7,
};

/** The 422 `errors` list of a failed publication (strings), if the error carries one. */
export function publicationErrors(error: unknown): string[] | null {
  const raw = (error as { data?: { errors?: unknown } | null } | null)?.data?.errors;
  return Array.isArray(raw) ? raw.map(String) : null;
}
