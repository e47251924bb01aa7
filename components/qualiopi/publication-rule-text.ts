import { QUALIOPI_TEXT_FIELDS, type TPublicationRuleCode } from "@/server/contracts/courses";
import type { Translate } from "@/lib/i18n/translate";
import type { MessageKey } from "@/messages";

const QUALIOPI_FIELDS: readonly string[] = [...QUALIOPI_TEXT_FIELDS, "activityNumber", "certificationNumber", "certificationValidUntil"];

/** The course field a rule names, in the user's language (the course builder's labels). */
function publicationFieldLabel(field: string, t: Translate): string {
  if (field === "title") return t("creatorChecklist.fieldTitle");
  if (field === "description") return t("creatorChecklist.fieldDescription");
  if (QUALIOPI_FIELDS.includes(field)) return t(`creatorQualiopi.${field}` as MessageKey);
  return t("creatorChecklist.fieldOther");
}

/** A publication rule (blocker or warning) as the server returns it, worded from its code: one catalogue entry for the builder and the Qualiopi dashboard. */
export function publicationRuleText(rule: { code: TPublicationRuleCode; params?: { field: string } }, t: Translate): string {
  return t(`publicationRules.${rule.code}`, { field: publicationFieldLabel(rule.params?.field ?? "", t) });
}
