import { z } from "zod";
import { courseFieldShape, type TCreateCourseInput } from "@/server/contracts/courses";
import { zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import type { Translate } from "@/lib/i18n/translate";
import { inputToCents } from "./money";

const ZDetails = z.object(courseFieldShape).pick({
  title: true,
  description: true,
  price: true,
  currency: true,
  duration: true,
  level: true,
  format: true,
  language: true,
  tags: true,
});
export type DetailsValues = Pick<TCreateCourseInput, "title" | "description" | "price" | "currency" | "duration" | "level" | "format" | "language" | "tags">;

/** The details form -> the course fields (price euros -> cents, tags split on commas), or field errors. */
export function readDetails(form: HTMLFormElement, t: Translate): { values: DetailsValues } | { errors: FieldErrors } {
  const data = new FormData(form);
  const str = (k: string) => String(data.get(k) ?? "");
  const errors: FieldErrors = {};
  const price = inputToCents(str("price"));
  if (price === null) errors.price = [t("creatorDetails.priceInvalid")];
  const durationText = str("duration").trim();
  const duration = durationText === "" ? null : Number(durationText);
  if (duration !== null && (!Number.isInteger(duration) || duration < 0)) errors.duration = [t("creatorDetails.durationInvalid")];
  const raw = {
    title: str("title"),
    description: str("description"),
    price: price ?? 0,
    currency: str("currency") || "EUR",
    duration: duration !== null && Number.isInteger(duration) ? duration : null,
    level: str("level") || null,
    format: str("format") || "ELEARNING",
    language: str("language") || "fr",
    tags: str("tags")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  };
  const parsed = ZDetails.safeParse(raw);
  if (!parsed.success) Object.assign(errors, zodFieldErrors(parsed.error, t), errors);
  if (Object.keys(errors).length || !parsed.success) return { errors };
  return { values: parsed.data as DetailsValues };
}
