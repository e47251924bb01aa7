import { QUALIOPI_TEXT_FIELDS } from "@/server/contracts/courses";
import type { Translate } from "@/lib/i18n/translate";
import type { MessageKey } from "@/messages";

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

function fieldLabel(field: string, t: Translate): string {
  if (field === "title") return t("creatorChecklist.fieldTitle");
  if (field === "description") return t("creatorChecklist.fieldDescription");
  if (QUALIOPI_FIELDS.includes(field)) return t(`creatorQualiopi.${field}` as MessageKey);
  return field;
}

/** A blocking rule in the user's language, from the field it names (the server's message as a fallback). */
export function blockerText(field: string, message: string, t: Translate): string {
  if (field === "duration") return t("creatorChecklist.durationRequired");
  if (field === "modules") return t("creatorChecklist.modulesRequired");
  if (field === "certificationValidUntil") return t("creatorChecklist.certificationPast");
  if (field === "title" || field === "description" || QUALIOPI_FIELDS.includes(field)) return t("creatorChecklist.fieldRequired", { field: fieldLabel(field, t) });
  return message;
}

/** The 422 `errors` strings start with the field they are about ("prerequisites is required"). */
export function publishErrorText(message: string, t: Translate): { field: string; text: string } {
  const field = /^[A-Za-z]+/.exec(message)?.[0] ?? "";
  return { field, text: blockerText(field, message, t) };
}

const WARNINGS: Record<number, MessageKey> = {
  21: "creatorChecklist.warnTrainers",
  8: "creatorChecklist.warnPositioning",
  11: "creatorChecklist.warnQuiz",
  30: "creatorChecklist.warnSatisfaction",
  7: "creatorChecklist.warnCertificationDate",
};

export function warningText(indicator: number, message: string, t: Translate): string {
  const key = WARNINGS[indicator];
  return key ? t(key) : message;
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
