"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import { ZCourseFormat } from "@/server/contracts/courses";
import { formatKey } from "@/components/learn/labels";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/i18n/client";
import { normalisePrice, type CatalogueFilters } from "./use-catalogue-filters";
import styles from "./catalogue.module.css";
import { FilterActions } from "@/components/ui/filter-actions";

/** Search words, format and price range; applied together with the "Filter" button (or Enter). */
export function CatalogueFiltersForm({ filters, onChange }: { filters: CatalogueFilters; onChange: (next: Partial<CatalogueFilters>) => void }) {
  const t = useT();
  const searchId = useId();
  const [search, setSearch] = useState(filters.search ?? "");
  const [format, setFormat] = useState<string>(filters.format ?? "");
  const [minPrice, setMinPrice] = useState(filters.minPrice ?? "");
  const [maxPrice, setMaxPrice] = useState(filters.maxPrice ?? "");
  const [errors, setErrors] = useState<{ min?: string[]; max?: string[] }>({});
  useEffect(() => {
    setSearch(filters.search ?? "");
    setFormat(filters.format ?? "");
    setMinPrice(filters.minPrice ?? "");
    setMaxPrice(filters.maxPrice ?? "");
  }, [filters.search, filters.format, filters.minPrice, filters.maxPrice]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const min = minPrice.trim() ? normalisePrice(minPrice) : undefined;
    const max = maxPrice.trim() ? normalisePrice(maxPrice) : undefined;
    const next: typeof errors = {};
    if (min === null) next.min = [t("learnCatalogue.priceInvalid")];
    if (max === null) next.max = [t("learnCatalogue.priceInvalid")];
    if (min && max && Number(min) > Number(max)) next.max = [t("learnCatalogue.priceRange")];
    setErrors(next);
    if (next.min || next.max) return;
    onChange({
      search: search.trim() || undefined,
      format: (format || undefined) as CatalogueFilters["format"],
      minPrice: min ?? undefined,
      maxPrice: max ?? undefined,
    });
  }

  const hasFilters = Boolean(filters.search || filters.format || filters.minPrice || filters.maxPrice);
  return (
    <form className={styles.catalogueFilters} role="search" aria-label={t("learnCatalogue.filters")} onSubmit={onSubmit} noValidate>
      <div className={`field ${styles.catalogueSearch}`}>
        <label htmlFor={searchId}>{t("learnCatalogue.search")}</label>
        <input id={searchId} className="input" type="search" name="search" value={search} placeholder={t("learnCatalogue.searchPlaceholder")} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <SelectField
        name="format"
        label={t("learnCatalogue.format")}
        value={format}
        onChange={(e) => setFormat(e.target.value)}
        options={[{ value: "", label: t("learnCatalogue.allFormats") }, ...ZCourseFormat.options.map((f) => ({ value: f, label: t(formatKey(f)) }))]}
      />
      <TextField name="minPrice" label={t("learnCatalogue.minPrice")} inputMode="decimal" autoComplete="off" value={minPrice} errors={errors.min} onChange={(e) => setMinPrice(e.target.value)} />
      <TextField name="maxPrice" label={t("learnCatalogue.maxPrice")} inputMode="decimal" autoComplete="off" value={maxPrice} errors={errors.max} onChange={(e) => setMaxPrice(e.target.value)} />
      <FilterActions applyLabel={t("learnCatalogue.apply")} resetLabel={t("learnCatalogue.reset")} canReset={hasFilters} onReset={() => onChange({ search: undefined, format: undefined, minPrice: undefined, maxPrice: undefined })} />
    </form>
  );
}
