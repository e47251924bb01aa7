import { ZFinancingSource, ZTraineeCategory } from "@/server/contracts/enrollments";
import { financingSourceKey, traineeCategoryKey } from "@/components/learn/labels";
import type { Translate } from "@/lib/i18n/translate";

export type TraineeCategory = (typeof ZTraineeCategory.options)[number];
export type FinancingSource = (typeof ZFinancingSource.options)[number];
export const TRAINEE_CATEGORIES = ZTraineeCategory.options;
export const FINANCING_SOURCES = ZFinancingSource.options;

/** Select options of the BPF fields, with an empty first option (not set). */
export const categoryOptions = (t: Translate, empty = t("learnCommon.notSet")) => [
  { value: "", label: empty },
  ...TRAINEE_CATEGORIES.map((c) => ({ value: c, label: t(traineeCategoryKey(c)) })),
];
export const financingOptions = (t: Translate, empty = t("learnCommon.notSet")) => [
  { value: "", label: empty },
  ...FINANCING_SOURCES.map((f) => ({ value: f, label: t(financingSourceKey(f)) })),
];
