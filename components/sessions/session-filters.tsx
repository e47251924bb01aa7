"use client";

import { ZSessionStatus } from "@/server/contracts/sessions";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/i18n/client";
import { sessionStatusKey } from "./status-badge";
import type { SessionCourse } from "./use-session-courses";
import type { SessionFilters } from "./use-session-filters";
import styles from "./sessions.module.css";

/** Course, status and (list view) a date range; every change applies at once. */
export function SessionFiltersBar({ filters, courses, onChange }: { filters: SessionFilters; courses: SessionCourse[]; onChange: (next: Partial<SessionFilters>) => void }) {
  const t = useT();
  const withDates = filters.view === "list";
  return (
    <form className={`toolbar ${styles.sessionsToolbar}${withDates ? "" : ` ${styles.sessionsToolbarShort}`}`} aria-label={t("sessionsList.filters")} onSubmit={(e) => e.preventDefault()}>
      <SelectField
        name="courseId"
        label={t("sessionsList.filterCourse")}
        value={filters.courseId ?? ""}
        onChange={(e) => onChange({ courseId: e.target.value || undefined })}
        options={[{ value: "", label: t("sessionsList.allCourses") }, ...courses.map((c) => ({ value: c.id, label: c.title }))]}
      />
      <SelectField
        name="status"
        label={t("sessionsList.filterStatus")}
        value={filters.status ?? ""}
        onChange={(e) => onChange({ status: (e.target.value || undefined) as SessionFilters["status"] })}
        options={[{ value: "", label: t("sessionsList.allStatuses") }, ...ZSessionStatus.options.map((s) => ({ value: s, label: t(sessionStatusKey(s)) }))]}
      />
      {withDates ? (
        <>
          <TextField name="from" type="date" label={t("sessionsList.filterFrom")} value={filters.from ?? ""} max={filters.to} onChange={(e) => onChange({ from: e.target.value || undefined })} />
          <TextField name="to" type="date" label={t("sessionsList.filterTo")} value={filters.to ?? ""} min={filters.from} onChange={(e) => onChange({ to: e.target.value || undefined })} />
        </>
      ) : null}
    </form>
  );
}
