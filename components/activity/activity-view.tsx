"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TActivityItem } from "@/server/contracts/activity";
import { formatDate } from "@/components/learn/format";
import { Alert } from "@/components/ui/alert";
import { errorInfo } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { Translate } from "@/lib/i18n/translate";
import type { MessageKey } from "@/messages";
import { ActivityFiltersForm } from "./activity-filters";
import { isKnownAction } from "./actions";
import { useActivityFilters } from "./use-activity-filters";
import { useCourseTitles } from "./use-course-titles";
import { DataTable } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { QueryList } from "@/components/ui/query-list";
import styles from "./activity.module.css";
import { TimeZoneNote } from "./time-zone-note";

const PAGE_SIZE = 25;

function detailOf(t: Translate, item: TActivityItem, titles: Map<string, string>): string {
  const parts: string[] = [];
  const title = item.courseId ? (titles.get(item.courseId) ?? (typeof item.metadata.title === "string" ? item.metadata.title : null)) : null;
  if (title) parts.push(t("learnActivity.course", { title }));
  if (item.action === "quiz.submitted" && typeof item.metadata.percentage === "number") parts.push(t("learnActivity.score", { percent: item.metadata.percentage }));
  return parts.join(" · ");
}

/** The tenant's learning activity (ADMIN): filters, newest first, pagination. The heading is ActivityScreen's. */
export function ActivityView() {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const [filters, setFilters] = useActivityFilters();
  const titles = useCourseTitles();
  const list = useQuery({
    ...trpc.activity.list.queryOptions({ page: filters.page, limit: PAGE_SIZE, userId: filters.userId, action: filters.action, dateFrom: filters.dateFrom, dateTo: filters.dateTo }),
    placeholderData: keepPreviousData,
  });

  if (errorInfo(list.error).status === 403) return <Alert kind="error">{t("learnActivity.forbidden")}</Alert>;
  return (
    <>
      <ActivityFiltersForm filters={filters} onChange={setFilters} />
      <TimeZoneNote />
      <QueryList query={list} empty={t("learnActivity.empty")}>
        {(data) => (
          <>
            <DataTable caption={t("learnActivity.listCaption")} columns={[t("learnActivity.colDate"), t("learnActivity.colUser"), t("learnActivity.colAction"), t("learnActivity.colDetail")]}>
              {data.data.map((item) => (
                <tr key={item.id}>
                  <td data-label={t("learnActivity.colDate")}>
                    <time className={styles.time} dateTime={item.createdAt}>
                      {formatDate(item.createdAt, locale, timeZone, true)}
                    </time>
                  </td>
                  <td data-label={t("learnActivity.colUser")}>{item.userName || t("learnActivity.system")}</td>
                  <td data-label={t("learnActivity.colAction")}>
                    <span className={`badge badge-action ${styles[`badge-action-${item.action.split(".")[0]}`] ?? ""}`}>
                      {isKnownAction(item.action) ? t(`learnActivity.${item.action}` as MessageKey) : item.action}
                    </span>
                  </td>
                  <td className="cell-wide" data-label={t("learnActivity.colDetail")}>
                    {detailOf(t, item, titles) || <span className="muted">—</span>}
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pagination label={t("learnActivity.pagination")} page={data.meta.page} pages={data.meta.totalPages} total={t("learnActivity.total", { total: data.meta.total })} onPage={(page) => setFilters({ page })} />
          </>
        )}
      </QueryList>
    </>
  );
}
