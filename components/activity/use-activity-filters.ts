"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";

export type ActivityFilters = { page: number; userId?: string; action?: string; dateFrom?: string; dateTo?: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The activity log's filters live in the URL (?userId=&action=&dateFrom=&dateTo=&page=). */
export function useActivityFilters(): [ActivityFilters, (next: Partial<ActivityFilters>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const date = (key: string) => {
    const v = params.get(key) ?? "";
    return DATE.test(v) ? v : undefined;
  };
  const filters: ActivityFilters = {
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
    userId: params.get("userId") || undefined,
    action: params.get("action") || undefined,
    dateFrom: date("dateFrom"),
    dateTo: date("dateTo"),
  };
  const update = useCallback(
    (next: Partial<ActivityFilters>) => {
      const merged = { ...filters, page: 1, ...next };
      const search = new URLSearchParams();
      for (const key of ["userId", "action", "dateFrom", "dateTo"] as const) if (merged[key]) search.set(key, merged[key]);
      if (merged.page > 1) search.set("page", String(merged.page));
      const qs = search.toString();
      router.replace(`${window.location.pathname}${qs ? `?${qs}` : ""}`, { scroll: false });
    },
    [filters.page, filters.userId, filters.action, filters.dateFrom, filters.dateTo, router],
  );
  return [filters, update];
}
