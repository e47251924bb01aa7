"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { ZEnrollmentStatus } from "@/server/contracts/enrollments";

export type EnrollmentFilters = { page: number; courseId?: string; status?: (typeof ZEnrollmentStatus.options)[number] };

/** The enrollments list's filters live in the URL (?courseId=&status=&page=). */
export function useEnrollmentFilters(): [EnrollmentFilters, (next: Partial<EnrollmentFilters>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const status = ZEnrollmentStatus.safeParse(params.get("status"));
  const filters: EnrollmentFilters = {
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
    courseId: params.get("courseId") || undefined,
    status: status.success ? status.data : undefined,
  };
  const update = useCallback(
    (next: Partial<EnrollmentFilters>) => {
      const merged = { ...filters, page: 1, ...next };
      const search = new URLSearchParams();
      if (merged.courseId) search.set("courseId", merged.courseId);
      if (merged.status) search.set("status", merged.status);
      if (merged.page > 1) search.set("page", String(merged.page));
      const qs = search.toString();
      router.replace(`${window.location.pathname}${qs ? `?${qs}` : ""}`, { scroll: false });
    },
    [filters.page, filters.courseId, filters.status, router],
  );
  return [filters, update];
}
