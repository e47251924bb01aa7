"use client";

import { param, useUrlFilters, type UrlFilters } from "@/components/ui/use-url-filters";
import { ZSessionStatus } from "@/server/contracts/sessions";

export type SessionView = "list" | "calendar";

const READERS = {
  view: (raw: string | null): SessionView => (raw === "calendar" ? "calendar" : "list"),
  courseId: param.id,
  status: param.oneOf(ZSessionStatus),
  /** Paris days, "YYYY-MM-DD". */
  from: param.day,
  to: param.day,
  /** The calendar's month, "YYYY-MM". */
  month: param.matching(/^\d{4}-\d{2}$/),
};
export type SessionFilters = UrlFilters<typeof READERS>;

/** The list view is the default (no ?view=); the month only means something in the calendar. */
const toUrl = (f: SessionFilters) => ({ view: f.view === "calendar" ? "calendar" : undefined, month: f.view === "calendar" ? f.month : undefined });

/** The sessions page's view and filters live in the URL (?view=&courseId=&status=&from=&to=&month=&page=). */
export const useSessionFilters = () => useUrlFilters(READERS, toUrl);
