"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { ZCourseStatus } from "@/server/contracts/courses";
import type { CourseStatus } from "./status-badge";

export type CourseFilters = { page: number; status?: CourseStatus; q?: string };

/** The course list's filters live in the URL (?status=&q=&page=): a filtered list can be shared or reloaded. */
export function useCourseFilters(): [CourseFilters, (next: Partial<CourseFilters>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const status = ZCourseStatus.safeParse(params.get("status"));
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const q = params.get("q")?.trim() || undefined;
  const filters: CourseFilters = { page, status: status.success ? status.data : undefined, q };

  const update = useCallback(
    (next: Partial<CourseFilters>) => {
      const merged = { ...filters, page: 1, ...next };
      const search = new URLSearchParams();
      if (merged.status) search.set("status", merged.status);
      if (merged.q) search.set("q", merged.q);
      if (merged.page > 1) search.set("page", String(merged.page));
      const qs = search.toString();
      router.replace(`${window.location.pathname}${qs ? `?${qs}` : ""}`, { scroll: false });
    },
    [filters.page, filters.status, filters.q, router],
  );
  return [filters, update];
}
