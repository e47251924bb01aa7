"use client";

import { COURSE_STATUSES } from "@/server/contracts/courses";
import { SearchToolbar } from "@/components/ui/search-toolbar";
import { SelectField } from "@/components/ui/select-field";
import { useT } from "@/lib/i18n/client";
import type { CourseFilters } from "./use-course-filters";
import styles from "./course-list.module.css";

/** Search (Enter or the button) and the status filter (applied at once). */
export function CourseFiltersBar({ filters, onChange, allowAll }: { filters: CourseFilters; onChange: (next: Partial<CourseFilters>) => void; allowAll: boolean }) {
  const t = useT();
  const statuses = COURSE_STATUSES.map((s) => ({ value: s, label: t(`creatorEnums.${s}`) }));
  return (
    <SearchToolbar className={styles.toolbarCourses} label={t("creatorCourses.search")} placeholder={t("creatorCourses.searchPlaceholder")} value={filters.q} onSearch={(q) => onChange({ q })}>
      <SelectField
        name="status"
        label={t("creatorCourses.filterStatus")}
        value={filters.status ?? (allowAll ? "" : "PUBLISHED")}
        onChange={(e) => onChange({ status: (e.target.value || undefined) as CourseFilters["status"] })}
        options={allowAll ? [{ value: "", label: t("creatorCourses.allStatuses") }, ...statuses] : statuses}
      />
    </SearchToolbar>
  );
}
