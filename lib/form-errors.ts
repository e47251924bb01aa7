import type { z } from "zod";
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

function translateIssue(issue: z.core.$ZodIssue, t: Translate): string {
  switch (issue.code) {
    case "invalid_format":
      return issue.format === "email" ? t("errors.email") : issue.message;
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? t("errors.required") : t("errors.minLength", { min: Number(issue.minimum) });
      return issue.message;
    case "too_big":
      return issue.origin === "string" ? t("errors.maxLength", { max: Number(issue.maximum) }) : issue.message;
    case "invalid_type":
      return t("errors.required");
    default:
      return issue.message || t("errors.invalid");
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
