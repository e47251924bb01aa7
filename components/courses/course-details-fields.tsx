"use client";

import { COURSE_FORMATS, COURSE_LEVELS } from "@/server/contracts/courses";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { MarkdownEditor } from "./markdown-editor";
import { centsToInput } from "./money";
import styles from "./shared.module.css";

export type DetailsDefaults = {
  title: string;
  description: string;
  price: number;
  currency: string;
  duration: number | null;
  level: string | null;
  format: string;
  language: string;
  tags: string[];
};

const CURRENCIES = ["EUR", "CHF", "GBP", "USD", "CAD"];
const LANGUAGES: { value: string; label: string }[] = [
  { value: "fr", label: "Français" },
  { value: "en", label: "English" },
  { value: "de", label: "Deutsch" },
  { value: "es", label: "Español" },
  { value: "it", label: "Italiano" },
  { value: "nl", label: "Nederlands" },
  { value: "pt", label: "Português" },
];

/** The course's descriptive fields (uncontrolled: read back with readDetails). */
export function CourseDetailsFields({ defaults, errors, disabled }: { defaults: DetailsDefaults; errors: FieldErrors; disabled?: boolean }) {
  const t = useT();
  const languages = LANGUAGES.some((l) => l.value === defaults.language) ? LANGUAGES : [...LANGUAGES, { value: defaults.language, label: defaults.language }];
  const currencies = CURRENCIES.includes(defaults.currency) ? CURRENCIES : [...CURRENCIES, defaults.currency];
  return (
    <fieldset disabled={disabled} className={styles.fieldsetPlain}>
      <TextField name="title" label={t("creatorDetails.title")} defaultValue={defaults.title} required maxLength={200} errors={errors.title} />
      <MarkdownEditor name="description" label={t("creatorDetails.description")} hint={t("creatorDetails.descriptionHint")} defaultValue={defaults.description} rows={6} errors={errors.description} required />
      <div className="form-row">
        <TextField name="price" label={t("creatorDetails.price")} hint={t("creatorDetails.priceHint")} inputMode="decimal" defaultValue={centsToInput(defaults.price)} errors={errors.price} required />
        <SelectField name="currency" label={t("creatorDetails.currency")} defaultValue={defaults.currency} options={currencies.map((c) => ({ value: c, label: c }))} errors={errors.currency} />
        <TextField name="duration" label={t("creatorDetails.duration")} type="number" min={0} step={1} inputMode="numeric" defaultValue={defaults.duration ?? ""} errors={errors.duration} />
      </div>
      <div className="form-row">
        <SelectField
          name="level"
          label={t("creatorDetails.level")}
          defaultValue={defaults.level ?? ""}
          options={[{ value: "", label: t("creatorDetails.noLevel") }, ...COURSE_LEVELS.map((l) => ({ value: l, label: t(`creatorEnums.${l}`) }))]}
          errors={errors.level}
        />
        <SelectField name="format" label={t("creatorDetails.format")} defaultValue={defaults.format} options={COURSE_FORMATS.map((f) => ({ value: f, label: t(`creatorEnums.${f}`) }))} errors={errors.format} />
        <SelectField name="language" label={t("creatorDetails.language")} defaultValue={defaults.language} options={languages} errors={errors.language} />
      </div>
      <TextField name="tags" label={t("creatorDetails.tags")} hint={t("creatorDetails.tagsHint")} defaultValue={defaults.tags.join(", ")} errors={errors.tags} />
    </fieldset>
  );
}
