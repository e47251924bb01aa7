import type { z } from "zod";
import { apiFields_en, type ApiFieldId } from "@/messages/api/fields.en";
import type { Translate } from "./i18n/translate";

export type FieldErrors = Record<string, string[]>;

/** Zod issues from a contract schema -> translated messages per field path (dots). */
export function zodFieldErrors(error: z.ZodError, t: Translate): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".") || "_";
    (out[path] ??= []).push(translateIssue(issue, t));
  }
  return out;
}

const FIELD_ID_BY_ENGLISH = new Map<string, ApiFieldId>(Object.entries(apiFields_en).map(([id, en]) => [en, id as ApiFieldId]));

/** A message a contract wrote (messages/api/fields.en.ts) in the UI's language; other texts stay as they are. */
export function translateFieldMessage(message: string, t: Translate): string {
  const id = FIELD_ID_BY_ENGLISH.get(message);
  return id ? t(`apiFields.${id}`) : message;
}

/** One issue in the UI's language: the catalogue's wording of a contract's own message, else by zod's issue code. */
export function translateIssue(issue: z.core.$ZodIssue, t: Translate): string {
  const id = FIELD_ID_BY_ENGLISH.get(issue.message);
  if (id) return t(`apiFields.${id}`);
  switch (issue.code) {
    case "invalid_format":
      return issue.format === "email" ? t("errors.email") : t("errors.invalid");
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? t("errors.required") : t("errors.minLength", { min });
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") return issue.inclusive === false ? t("errors.aboveNumber", { min }) : t("errors.minNumber", { min });
      if (issue.origin === "array" || issue.origin === "set") return t("errors.minItems", { min });
      return t("errors.invalid");
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return t("errors.maxLength", { max });
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") return issue.inclusive === false ? t("errors.belowNumber", { max }) : t("errors.maxNumber", { max });
      if (issue.origin === "array" || issue.origin === "set") return t("errors.maxItems", { max });
      return t("errors.invalid");
    }
    case "invalid_type":
      return issue.expected === "int" ? t("errors.integer") : t("errors.required");
    case "invalid_value":
      return t("errors.option");
    default:
      // A contract's own message missing from messages/api/fields.*: a generic sentence rather than English.
      return t("errors.invalid");
  }
}

/** FormData -> object of strings, empty ones dropped (optional fields stay absent). Contracts trim. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new FormData(form).entries()) {
    if (typeof v === "string" && v !== "") out[k] = v;
  }
  return out;
}
