"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { enrollmentStatusKey } from "@/components/learn/labels";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { Pagination } from "@/components/ui/pagination";
import { QueryList } from "@/components/ui/query-list";
import { SearchToolbar } from "@/components/ui/search-toolbar";
import { SelectField } from "@/components/ui/select-field";
import { errorInfo } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { ZEnrollmentStatus } from "@/server/contracts/enrollments";
import { LearnersTable } from "./learners-table";
import { QuizFeedbackDialog, type FeedbackTarget } from "./quiz-feedback-dialog";
import { useLearnerFilters } from "./use-learner-filters";
import { useOwnedCourses } from "./use-owned-courses";
import styles from "./learners.module.css";

const PAGE_SIZE = 20;

/** The CREATOR's (and ADMIN's) learners: filters in the URL, the list, the export of the filtered rows and each quiz's corrected answers. */
export function LearnersView() {
  const t = useT();
  const trpc = useTRPC();
  const isAdmin = useMe().role === "ADMIN";
  const [filters, setFilters] = useLearnerFilters();
  const courses = useOwnedCourses(isAdmin);
  const [feedback, setFeedback] = useState<FeedbackTarget | null>(null);
  const filter = { courseId: filters.courseId, status: filters.status, search: filters.q };
  const list = useQuery({ ...trpc.learners.list.queryOptions({ page: filters.page, limit: PAGE_SIZE, ...filter }), placeholderData: keepPreviousData });

  if (errorInfo(list.error).status === 403) {
    return (
      <>
        <h1>{t("learners.title")}</h1>
        <Alert kind="error">{t("learners.forbidden")}</Alert>
      </>
    );
  }
  const exportQuery = (format: "csv" | "xlsx") => {
    const qs = new URLSearchParams();
    for (const [key, value] of Object.entries(filter)) if (value) qs.set(key, value);
    if (format === "xlsx") qs.set("format", "xlsx");
    const s = qs.toString();
    return `/api/v1/learners/export${s ? `?${s}` : ""}`;
  };
  const filtered = Boolean(filter.courseId || filter.status || filter.search);
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("learners.title")}</h1>
          <p>{t(isAdmin ? "learners.introAdmin" : "learners.introCreator")}</p>
        </div>
        <div className={styles.headerActions}>
          <a className="btn btn-secondary" href={exportQuery("csv")} download>
            {t("learners.exportCsv")}
          </a>
          <a className="btn btn-secondary" href={exportQuery("xlsx")} download>
            {t("learners.exportXlsx")}
          </a>
          <p className={`muted ${styles.exportHint}`}>{t("learners.exportHint")}</p>
        </div>
      </div>
      <div className="stack-lg">
        <SearchToolbar label={t("learners.search")} placeholder={t("learners.searchPlaceholder")} value={filters.q} onSearch={(q) => setFilters({ q })}>
          <SelectField
            name="courseId"
            label={t("learners.filterCourse")}
            value={filters.courseId ?? ""}
            onChange={(e) => setFilters({ courseId: e.target.value || undefined })}
            options={[{ value: "", label: t("learners.allCourses") }, ...courses.map((c) => ({ value: c.id, label: c.title }))]}
          />
          <SelectField
            name="status"
            label={t("learners.filterStatus")}
            value={filters.status ?? ""}
            onChange={(e) => setFilters({ status: (e.target.value || undefined) as typeof filters.status })}
            options={[{ value: "", label: t("learners.allStatuses") }, ...ZEnrollmentStatus.options.map((s) => ({ value: s, label: t(enrollmentStatusKey(s)) }))]}
          />
        </SearchToolbar>
        <QueryList query={list} empty={t(filtered ? "learners.empty" : "learners.emptyNone")}>
          {(page) => (
            <>
              <LearnersTable rows={page.data} onFeedback={setFeedback} />
              <Pagination
                label={t("learners.pagination")}
                page={page.meta.page}
                pages={page.meta.totalPages}
                total={t("learners.total", { total: page.meta.total })}
                onPage={(p) => setFilters({ page: p })}
              />
            </>
          )}
        </QueryList>
      </div>
      <QuizFeedbackDialog target={feedback} onClose={() => setFeedback(null)} />
    </>
  );
}
