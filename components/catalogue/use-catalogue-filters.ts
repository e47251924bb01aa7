"use client";

import { param, useUrlFilters, type UrlFilters } from "@/components/ui/use-url-filters";
import { ZCourseFormat } from "@/server/contracts/courses";

const PRICE = /^\d{1,9}(\.\d{1,2})?$/;

/** An amount typed as "49", "49.9" or "49,90" -> "49.90"-style decimal string, or null when invalid. */
export function normalisePrice(raw: string): string | null {
  const v = raw.trim().replace(",", ".");
  return PRICE.test(v) ? v : null;
}

const READERS = {
  search: param.text,
  format: param.oneOf(ZCourseFormat),
  minPrice: (raw: string | null) => normalisePrice(raw ?? "") ?? undefined,
  maxPrice: (raw: string | null) => normalisePrice(raw ?? "") ?? undefined,
};

export type CatalogueFilters = UrlFilters<typeof READERS>;

/** The catalogue's filters live in the URL (?search=&format=&minPrice=&maxPrice=&page=). */
export const useCatalogueFilters = () => useUrlFilters(READERS);
