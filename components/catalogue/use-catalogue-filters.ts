"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { ZCourseFormat } from "@/server/contracts/courses";

export type CatalogueFilters = {
  page: number;
  search?: string;
  format?: (typeof ZCourseFormat.options)[number];
  minPrice?: string;
  maxPrice?: string;
};

const PRICE = /^\d{1,9}(\.\d{1,2})?$/;

/** An amount typed as "49", "49.9" or "49,90" -> "49.90"-style decimal string, or null when invalid. */
export function normalisePrice(raw: string): string | null {
  const v = raw.trim().replace(",", ".");
  return PRICE.test(v) ? v : null;
}

/** The catalogue's filters live in the URL (?search=&format=&minPrice=&maxPrice=&page=). */
export function useCatalogueFilters(): [CatalogueFilters, (next: Partial<CatalogueFilters>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const format = ZCourseFormat.safeParse(params.get("format"));
  const price = (key: string) => normalisePrice(params.get(key) ?? "") ?? undefined;
  const filters: CatalogueFilters = {
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
    search: params.get("search")?.trim() || undefined,
    format: format.success ? format.data : undefined,
    minPrice: price("minPrice"),
    maxPrice: price("maxPrice"),
  };

  const update = useCallback(
    (next: Partial<CatalogueFilters>) => {
      const merged = { ...filters, page: 1, ...next };
      const search = new URLSearchParams();
      if (merged.search) search.set("search", merged.search);
      if (merged.format) search.set("format", merged.format);
      if (merged.minPrice) search.set("minPrice", merged.minPrice);
      if (merged.maxPrice) search.set("maxPrice", merged.maxPrice);
      if (merged.page > 1) search.set("page", String(merged.page));
      const qs = search.toString();
      router.replace(`${window.location.pathname}${qs ? `?${qs}` : ""}`, { scroll: false });
    },
    [filters.page, filters.search, filters.format, filters.minPrice, filters.maxPrice, router],
  );
  return [filters, update];
}
