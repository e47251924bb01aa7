import type { courses } from "../../db/schema";
import { QUALIOPI_TEXT_FIELDS, type TCreateCourseInput } from "../../contracts/courses";

type CourseInsert = typeof courses.$inferInsert;
type FieldInput = Partial<TCreateCourseInput>;

const NULLABLE_TEXT = [...QUALIOPI_TEXT_FIELDS, "activityNumber", "certificationNumber", "accessLeadTime"] as const;

/**
 * Request fields -> column values: blank optional texts become null, tags are de-duplicated.
 * Only the keys present in the input are returned (PATCH semantics).
 */
export function courseColumns(input: FieldInput): Partial<CourseInsert> {
  const out: Partial<CourseInsert> = {};
  if (input.title !== undefined) out.title = input.title;
  if (input.description !== undefined) out.description = input.description;
  if (input.price !== undefined) out.price = input.price;
  if (input.currency !== undefined) out.currency = input.currency;
  if (input.duration !== undefined) out.duration = input.duration;
  if (input.level !== undefined) out.level = input.level;
  if (input.language !== undefined) out.language = input.language;
  if (input.format !== undefined) out.format = input.format;
  if (input.tags !== undefined) out.tags = [...new Set(input.tags)];
  if (input.seoMetadata !== undefined) out.seoMetadata = input.seoMetadata;
  if (input.certificationValidUntil !== undefined) out.certificationValidUntil = input.certificationValidUntil;
  if (input.successRate !== undefined) out.successRate = input.successRate;
  for (const key of NULLABLE_TEXT) {
    const v = input[key];
    if (v !== undefined) out[key] = v === null || v.trim() === "" ? null : v;
  }
  return out;
}
