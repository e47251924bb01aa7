import { z } from "zod";
import { apiErrors_fr } from "../../messages/api/errors.fr";
import { apiFields_en, type ApiFieldId } from "../../messages/api/fields.en";
import { apiFields_fr } from "../../messages/api/fields.fr";
import { fieldErrorsFromIssues, type ErrorDetails, type HttpError, type ZodLikeIssue } from "../../server/errors";
import { formatMessage } from "./format";

/**
 * Wording of API errors in the request's language (conventions §4): `message` from the code's
 * catalogue entry (messages/api/errors.*), field errors from the field catalogue (messages/api/fields.*)
 * or, for zod's own checks, zod's locale. English is the server's own wording.
 */
export type ApiLocale = "en" | "fr";

/** `Accept-Language: fr-FR,fr;q=0.9,en;q=0.8` -> "fr"; anything else, or nothing, -> "en". */
export function localeFromAcceptLanguage(header: string | string[] | null | undefined): ApiLocale {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (!value) return "en";
  const ranked = value
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((r) => r.lang && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranked) if (r.lang === "fr" || r.lang === "en") return r.lang;
  return "en";
}

const FIELD_ID_BY_ENGLISH = new Map<string, ApiFieldId>(Object.entries(apiFields_en).map(([id, en]) => [en, id as ApiFieldId]));

/** A field message the server wrote (an entry of fields.en.ts) in `locale`; unknown texts stay as written. */
function localizeFieldMessage(message: string, locale: ApiLocale): string {
  if (locale === "en") return message;
  const id = FIELD_ID_BY_ENGLISH.get(message);
  return id ? apiFields_fr[id] : message;
}

const frLocale = z.locales.fr();
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One zod issue in French: the catalogue's wording for messages a contract wrote, zod's French locale for zod's own. */
function frenchIssue(issue: ZodLikeIssue): string {
  const id = FIELD_ID_BY_ENGLISH.get(issue.message);
  if (id) return apiFields_fr[id];
  const n = (v: unknown) => formatMessage("fr", "{v, number}", { v: Number(v) });
  const inclusive = issue.inclusive !== false;
  switch (issue.code) {
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? apiFields_fr.required : `Au moins ${n(issue.minimum)} caractères`;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return inclusive ? `Doit être supérieur ou égal à ${n(issue.minimum)}` : `Doit être supérieur à ${n(issue.minimum)}`;
      if (issue.origin === "array" || issue.origin === "set") return `Au moins ${n(issue.minimum)} élément(s)`;
      break;
    case "too_big":
      if (issue.origin === "string") return `${n(issue.maximum)} caractères au maximum`;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return inclusive ? `Doit être inférieur ou égal à ${n(issue.maximum)}` : `Doit être inférieur à ${n(issue.maximum)}`;
      if (issue.origin === "array" || issue.origin === "set") return `${n(issue.maximum)} élément(s) au maximum`;
      break;
    case "invalid_type":
      if (issue.message.endsWith("received undefined")) return apiFields_fr.required;
      break;
    case "invalid_format":
      if (issue.format === "email") return apiFields_fr.invalidEmail;
      break;
    case "custom":
      return issue.message; // a contract's own text missing from the catalogue: left as written
  }
  const rendered = frLocale.localeError(issue as never);
  const text = typeof rendered === "string" ? rendered : rendered?.message;
  return text ? capitalise(text) : issue.message;
}

function localizeDetails(details: ErrorDetails, locale: ApiLocale): ErrorDetails {
  if (Array.isArray(details)) return details.map((m) => localizeFieldMessage(m, locale));
  return Object.fromEntries(Object.entries(details).map(([k, msgs]) => [k, msgs.map((m) => localizeFieldMessage(m, locale))]));
}

/** The error with `message` and `errors` worded in `locale` (English: the server's wording, untouched). */
export function localizeHttpError(error: HttpError, locale: ApiLocale): HttpError {
  if (locale === "en") return error;
  const template = apiErrors_fr[error.code];
  const message = template ? formatMessage("fr", template, error.i18n?.params) : error.message;
  let errors = error.errors;
  if (error.i18n?.issues) errors = fieldErrorsFromIssues(error.i18n.issues, frenchIssue, apiFields_fr.unknownField);
  else if (errors) errors = localizeDetails(errors, locale);
  return { ...error, message, ...(errors ? { errors } : {}) };
}

/** The public body: `{statusCode, code, message, errors?}` in the request's language. */
export function errorBody(error: HttpError, locale: ApiLocale = "en") {
  const e = localizeHttpError(error, locale);
  return { statusCode: e.statusCode, code: e.code, message: e.message, ...(e.errors ? { errors: e.errors } : {}) };
}
