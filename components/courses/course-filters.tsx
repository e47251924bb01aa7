"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import { COURSE_STATUSES } from "@/server/contracts/courses";
import { SelectField } from "@/components/ui/select-field";
import { useT } from "@/lib/i18n/client";
import type { CourseFilters } from "./use-course-filters";

/** Search (Enter or the button) and the status filter (applied at once). */
export function CourseFiltersBar({ filters, onChange, allowAll }: { filters: CourseFilters; onChange: (next: Partial<CourseFilters>) => void; allowAll: boolean }) {
  const t = useT();
  const searchId = useId();
  const [q, setQ] = useState(filters.q ?? "");
  useEffect(() => setQ(filters.q ?? ""), [filters.q]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ q: q.trim() || undefined });
  }

  const statuses = COURSE_STATUSES.map((s) => ({ value: s, label: t(`creatorEnums.${s}`) }));
  return (
    <form className="toolbar toolbar-courses" role="search" onSubmit={onSubmit} aria-label={t("creatorCourses.search")}>
      <div className="field field-search">
        <label htmlFor={searchId}>{t("creatorCourses.search")}</label>
        <div className="inline-controls">
          <input id={searchId} className="input" type="search" name="q" value={q} placeholder={t("creatorCourses.searchPlaceholder")} onChange={(e) => setQ(e.target.value)} />
          <button type="submit" className="btn btn-secondary">
            {t("common.search")}
          </button>
        </div>
      </div>
      <SelectField
        name="status"
        label={t("creatorCourses.filterStatus")}
        value={filters.status ?? (allowAll ? "" : "PUBLISHED")}
        onChange={(e) => onChange({ status: (e.target.value || undefined) as CourseFilters["status"] })}
        options={allowAll ? [{ value: "", label: t("creatorCourses.allStatuses") }, ...statuses] : statuses}
      />
    </form>
  );
}
