"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { EmptyLine, EmptyState } from "@/components/ui/empty-state";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { CourseFiltersBar } from "./course-filters";
import { CourseTable } from "./course-table";
import { useCourseFilters } from "./use-course-filters";
import { Pagination } from "@/components/ui/pagination";
import { Loading } from "@/components/ui/skeleton";
import styles from "./course-list.module.css";

const PAGE_SIZE = 20;

/**
 * CREATOR: their own courses, every status (my-courses). ADMIN: the tenant's courses of one
 * status (the catalogue list; without a status it holds only PUBLISHED courses).
 */
export function CourseListView() {
  const t = useT();
  const trpc = useTRPC();
  const me = useMe();
  const isAdmin = me.role === "ADMIN";
  const allowed = isAdmin || me.role === "CREATOR";
  const [filters, setFilters] = useCourseFilters();
  const input = { page: filters.page, limit: PAGE_SIZE, status: filters.status, q: filters.q };
  const mine = useQuery({ ...trpc.courses.myCourses.queryOptions(input), enabled: allowed && !isAdmin, placeholderData: keepPreviousData });
  const all = useQuery({ ...trpc.courses.list.queryOptions(input), enabled: isAdmin, placeholderData: keepPreviousData });
  const list = isAdmin ? all : mine;
  const title = isAdmin ? t("creatorCourses.titleAll") : t("creatorCourses.titleMine");

  if (!allowed || errorInfo(list.error).status === 403) {
    return (
      <>
        <h1>{title}</h1>
        <Alert kind="error">{t("creatorCourses.forbidden")}</Alert>
      </>
    );
  }

  const newButton = (
    <Link href="/courses/new" className="btn btn-primary">
      {t("creatorCourses.newCourse")}
    </Link>
  );
  const data = list.data;
  const filtered = Boolean(filters.q || filters.status);
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{title}</h1>
          <p>{isAdmin ? t("creatorCourses.introAll") : t("creatorCourses.introMine")}</p>
        </div>
        {newButton}
      </div>
      {list.isError ? <Alert kind="error">{errorMessage(list.error, t)}</Alert> : null}
      {data && data.data.length === 0 && !filtered && !isAdmin ? (
        <EmptyState title={t("creatorCourses.emptyMineTitle")} action={newButton}>
          <p>{t("creatorCourses.emptyMineBody")}</p>
        </EmptyState>
      ) : (
        <>
          <CourseFiltersBar filters={filters} onChange={setFilters} allowAll={!isAdmin} />
          {isAdmin ? <p className={`muted field-hint ${styles.courseListHint}`}>{t("creatorCourses.adminAllHint")}</p> : null}
          {list.isPending ? (
            <Loading shape="table" />
          ) : data && data.data.length === 0 ? (
            <EmptyLine>{t("creatorCourses.empty")}</EmptyLine>
          ) : data ? (
            <div aria-busy={list.isFetching}>
              <CourseTable courses={data.data} showCreator={isAdmin} />
              <Pager meta={data.meta} onPage={(page) => setFilters({ page })} />
            </div>
          ) : null}
        </>
      )}
    </>
  );
}

function Pager({ meta, onPage }: { meta: { total: number; page: number; totalPages?: number; perPage?: number }; onPage: (page: number) => void }) {
  const t = useT();
  const pages = meta.totalPages ?? Math.max(1, Math.ceil(meta.total / (meta.perPage ?? PAGE_SIZE)));
  return (
    <Pagination label={t("creatorCourses.pagination")} page={meta.page} pages={pages} total={t("creatorCourses.total", { total: meta.total })} onPage={onPage} />
  );
}
