"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { ZSessionStatus, type TSessionStatus } from "@/server/contracts/sessions";

export type SessionView = "list" | "calendar";
export type SessionFilters = {
  view: SessionView;
  page: number;
  courseId?: string;
  status?: TSessionStatus;
  /** Paris days, "YYYY-MM-DD". */
  from?: string;
  to?: string;
  /** The calendar's month, "YYYY-MM". */
  month?: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** The sessions page's view and filters live in the URL (?view=&courseId=&status=&from=&to=&page=&month=). */
export function useSessionFilters(): [SessionFilters, (next: Partial<SessionFilters>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const status = ZSessionStatus.safeParse(params.get("status"));
  const day = (k: string) => {
    const v = params.get(k);
    return v && DAY.test(v) ? v : undefined;
  };
  const month = params.get("month");
  const filters: SessionFilters = {
    view: params.get("view") === "calendar" ? "calendar" : "list",
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
    courseId: params.get("courseId") || undefined,
    status: status.success ? status.data : undefined,
    from: day("from"),
    to: day("to"),
    month: month && MONTH.test(month) ? month : undefined,
  };
  const key = params.toString();
  const update = useCallback(
    (next: Partial<SessionFilters>) => {
      const merged = { ...filters, page: 1, ...next };
      const search = new URLSearchParams();
      if (merged.view === "calendar") search.set("view", "calendar");
      if (merged.courseId) search.set("courseId", merged.courseId);
      if (merged.status) search.set("status", merged.status);
      if (merged.from) search.set("from", merged.from);
      if (merged.to) search.set("to", merged.to);
      if (merged.view === "calendar" && merged.month) search.set("month", merged.month);
      if (merged.page > 1) search.set("page", String(merged.page));
      const qs = search.toString();
      router.replace(`${window.location.pathname}${qs ? `?${qs}` : ""}`, { scroll: false });
    },
    [key, router],
  );
  return [filters, update];
}
