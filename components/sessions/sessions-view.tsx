"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTenantTimeZone } from "@/components/tenant-context";
import Link from "next/link";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { EmptyLine, EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { monthOf, monthWeeks } from "./calendar-days";
import { parisDayBound, parisDayKey } from "./paris-time";
import { SessionCalendar } from "./session-calendar";
import { SessionFiltersBar } from "./session-filters";
import { SessionTable } from "./session-table";
import { isStaff } from "./roles";
import { useSessionCourses } from "./use-session-courses";
import { useSessionFilters } from "./use-session-filters";
import { Pagination } from "@/components/ui/pagination";
import { Loading } from "@/components/ui/skeleton";
import styles from "./sessions.module.css";

const PAGE_SIZE = 20;
/** The calendar asks for one month at once (the API's largest page). */
const MONTH_LIMIT = 100;

/** Staff sessions: a filtered, paginated list or a month calendar (sessions.list). */
export function SessionsView() {
  const t = useT();
  const zone = useTenantTimeZone();
  const trpc = useTRPC();
  const me = useMe();
  const allowed = isStaff(me.role);
  const [filters, setFilters] = useSessionFilters();
  const { titles, teachable } = useSessionCourses();
  const month = filters.month ?? monthOf(parisDayKey(new Date(), zone));
  const weeks = monthWeeks(month);
  const isCalendar = filters.view === "calendar";

  const common = { courseId: filters.courseId, status: filters.status };
  const list = useQuery({
    ...trpc.sessions.list.queryOptions({ ...common, page: filters.page, limit: PAGE_SIZE, fromDate: filters.from && parisDayBound(filters.from, false, zone), toDate: filters.to && parisDayBound(filters.to, true, zone) }),
    enabled: allowed && !isCalendar,
    placeholderData: keepPreviousData,
  });
  const calendar = useQuery({
    ...trpc.sessions.list.queryOptions({ ...common, page: 1, limit: MONTH_LIMIT, fromDate: parisDayBound(weeks[0]![0]!, false, zone), toDate: parisDayBound(weeks.at(-1)![6]!, true, zone) }),
    enabled: allowed && isCalendar,
    placeholderData: keepPreviousData,
  });

  if (!allowed) {
    return (
      <>
        <h1>{t("nav.sessions")}</h1>
        <Alert kind="error">{t("sessionsList.forbidden")}</Alert>
      </>
    );
  }

  // Filter options: the courses the caller reads, plus any course named in the URL.
  const courseOptions = [...titles.entries()].map(([id, title]) => ({ id, title, status: "" })).sort((a, b) => a.title.localeCompare(b.title));
  const newButton = (
    <Link href="/sessions/new" className="btn btn-primary">
      {t("sessionsList.newSession")}
    </Link>
  );
  const current = isCalendar ? calendar : list;
  const filtered = Boolean(filters.courseId || filters.status || filters.from || filters.to);

  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("nav.sessions")}</h1>
          <p>{t("sessionsList.intro")}</p>
        </div>
        {teachable.length ? newButton : null}
      </div>

      <div className={styles.sessionsViewbar}>
        <div className="segmented" role="group" aria-label={t("sessionsList.viewLabel")}>
          <button type="button" aria-pressed={!isCalendar} onClick={() => setFilters({ view: "list" })}>
            {t("sessionsList.viewList")}
          </button>
          <button type="button" aria-pressed={isCalendar} onClick={() => setFilters({ view: "calendar", month })}>
            {t("sessionsList.viewCalendar")}
          </button>
        </div>
      </div>
      <SessionFiltersBar filters={filters} courses={courseOptions} onChange={setFilters} />

      {current.isError ? <Alert kind="error">{errorMessage(current.error, t)}</Alert> : null}
      {current.isPending ? (
        <Loading shape="table" />
      ) : isCalendar && calendar.data ? (
        <div aria-busy={calendar.isFetching}>
          {calendar.data.meta.total > MONTH_LIMIT ? <Alert kind="info">{t("sessionsList.monthTruncated", { shown: MONTH_LIMIT, total: calendar.data.meta.total })}</Alert> : null}
          <SessionCalendar month={month} sessions={calendar.data.data} courseTitles={titles} onMonthChange={(m) => setFilters({ view: "calendar", month: m })} />
        </div>
      ) : list.data && list.data.data.length === 0 ? (
        filtered ? (
          <EmptyLine>{t("sessionsList.emptyFiltered")}</EmptyLine>
        ) : (
          <EmptyState title={t("sessionsList.emptyTitle")} action={teachable.length ? newButton : undefined}>
            <p>{t("sessionsList.emptyBody")}</p>
          </EmptyState>
        )
      ) : list.data ? (
        <div aria-busy={list.isFetching}>
          <SessionTable sessions={list.data.data} courseTitles={titles} />
          <Pagination label={t("sessionsList.pagination")} page={list.data.meta.page} pages={list.data.meta.totalPages} total={t("sessionsList.total", { total: list.data.meta.total })} onPage={(page) => setFilters({ page })} />
        </div>
      ) : null}
    </>
  );
}
