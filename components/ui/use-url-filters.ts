"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";

/** Reads one query parameter; undefined means "not set" (left out of the URL). */
export type ParamReader<T> = (raw: string | null) => T | undefined;

type Readers = Record<string, (raw: string | null) => unknown>;
type Values<R extends Readers> = { [K in keyof R]: ReturnType<R[K]> };
export type UrlFilters<R extends Readers> = Values<R> & { page: number };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Readers for the usual kinds of filter. */
export const param = {
  /** Free text, trimmed; empty is unset. */
  text: ((raw) => raw?.trim() || undefined) as ParamReader<string>,
  /** An opaque id, as given. */
  id: ((raw) => raw || undefined) as ParamReader<string>,
  /** A Paris day, "YYYY-MM-DD". */
  day: ((raw) => (raw && DAY.test(raw) ? raw : undefined)) as ParamReader<string>,
  /** Only values matching the pattern. */
  matching: (re: RegExp): ParamReader<string> => (raw) => (raw && re.test(raw) ? raw : undefined),
  /** One of an enum's values (a zod enum or anything with safeParse). */
  oneOf:
    <T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } }): ParamReader<T> =>
    (raw) => {
      const parsed = schema.safeParse(raw);
      return parsed.success ? parsed.data : undefined;
    },
};

function pageOf(raw: string | null): number {
  return Math.max(1, Number.parseInt(raw ?? "1", 10) || 1);
}

/**
 * A list's filters live in the URL (?a=&b=&page=), so a filtered list can be shared or reloaded.
 * `readers` name each filter and parse it; the setter merges a change, goes back to page 1 unless
 * a page is given, and writes the parameters in the readers' order (page last, omitted when 1).
 * `toUrl` may drop values that mean nothing in the current state (the calendar's month in the list view).
 */
export function useUrlFilters<R extends Readers>(
  readers: R,
  toUrl?: (merged: UrlFilters<R>) => Partial<Record<keyof R, unknown>>,
): [UrlFilters<R>, (next: Partial<UrlFilters<R>>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const filters = { page: pageOf(params.get("page")) } as UrlFilters<R>;
  for (const key of Object.keys(readers) as (keyof R & string)[]) (filters as Record<string, unknown>)[key] = readers[key]!(params.get(key));
  const current = params.toString();

  const update = useCallback(
    (next: Partial<UrlFilters<R>>) => {
      const merged = { ...filters, page: 1, ...next } as UrlFilters<R>;
      const written = toUrl ? { ...merged, ...toUrl(merged) } : merged;
      const search = new URLSearchParams();
      for (const key of Object.keys(readers)) {
        const value = (written as Record<string, unknown>)[key];
        if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
      }
      if (merged.page > 1) search.set("page", String(merged.page));
      const qs = search.toString();
      // The visible path (no tenant prefix): the page stays where the browser is.
      router.replace(`${window.location.pathname}${qs ? `?${qs}` : ""}`, { scroll: false });
    },
    // The filters are derived from `current`: a new query string is a new setter.
    [current, router],
  );
  return [filters, update];
}
