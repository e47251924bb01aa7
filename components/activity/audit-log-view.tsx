"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { formatDate } from "@/components/learn/format";
import { Alert } from "@/components/ui/alert";
import { DataTable } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { QueryList } from "@/components/ui/query-list";
import { errorInfo } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./activity.module.css";
import { TimeZoneNote } from "./time-zone-note";
import { auditActionLabel, auditDetails } from "./audit-actions";
import { AuditLogFilters } from "./audit-log-filters";
import { auditQuery, useAuditFilters } from "./use-audit-filters";

const PAGE_SIZE = 25;

/** The tenant's audit log (ADMIN): administration actions by default, filterable by person and action, newest first. */
export function AuditLogView() {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const [filters, setFilters] = useAuditFilters();
  const list = useQuery({ ...trpc.audit.list.queryOptions({ page: filters.page, limit: PAGE_SIZE, ...auditQuery(filters) }), placeholderData: keepPreviousData });

  if (errorInfo(list.error).status === 403) return <Alert kind="error">{t("learnActivity.forbidden")}</Alert>;
  return (
    <>
      <AuditLogFilters filters={filters} onChange={setFilters} />
      <TimeZoneNote />
      <QueryList query={list} empty={t("auditLog.empty")}>
        {(data) => (
          <>
            <DataTable caption={t("auditLog.listCaption")} columns={[t("auditLog.colDate"), t("auditLog.colActor"), t("auditLog.colAction"), t("auditLog.colDetail")]}>
              {data.data.map((entry) => {
                const details = auditDetails(t, entry, (iso) => formatDate(iso, locale, timeZone, true), locale);
                return (
                  <tr key={entry.id}>
                    <td data-label={t("auditLog.colDate")}>
                      <time className={styles.time} dateTime={entry.createdAt}>
                        {formatDate(entry.createdAt, locale, timeZone, true)}
                      </time>
                    </td>
                    <td data-label={t("auditLog.colActor")}>{entry.actorName || t("auditLog.system")}</td>
                    <td data-label={t("auditLog.colAction")}>
                      <span className={`${styles.action} ${styles[`action-${entry.action.split(".")[0]}`] ?? ""}`}>{auditActionLabel(t, entry.action)}</span>
                    </td>
                    <td className="cell-wide" data-label={t("auditLog.colDetail")}>
                      {details.length ? (
                        <ul className={styles.details}>
                          {details.map((d, i) => (
                            <li key={i}>{d}</li>
                          ))}
                        </ul>
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </DataTable>
            <Pagination label={t("auditLog.pagination")} page={data.meta.page} pages={data.meta.totalPages} total={t("auditLog.total", { total: data.meta.total })} onPage={(page) => setFilters({ page })} />
          </>
        )}
      </QueryList>
    </>
  );
}
