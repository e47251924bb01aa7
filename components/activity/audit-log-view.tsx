"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { formatDate } from "@/components/learn/format";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./activity.module.css";
import { auditActionLabel, auditDetails } from "./audit-actions";
import { AuditLogFilters } from "./audit-log-filters";
import { auditQuery, useAuditFilters } from "./use-audit-filters";

const PAGE_SIZE = 25;

/** The tenant's audit log (ADMIN): administration actions by default, filterable by person and action, newest first. */
export function AuditLogView() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const [filters, setFilters] = useAuditFilters();
  const list = useQuery({ ...trpc.audit.list.queryOptions({ page: filters.page, limit: PAGE_SIZE, ...auditQuery(filters) }), placeholderData: keepPreviousData });

  if (errorInfo(list.error).status === 403) return <Alert kind="error">{t("learnActivity.forbidden")}</Alert>;
  const data = list.data;
  return (
    <>
      <AuditLogFilters filters={filters} onChange={setFilters} />
      <div aria-live="polite" className="list-status">
        {list.isPending ? (
          <p className="muted" role="status">
            {t("common.loading")}
          </p>
        ) : list.isError ? (
          <Alert kind="error">{errorMessage(list.error, t)}</Alert>
        ) : null}
      </div>
      {data && data.data.length === 0 ? (
        <div className="empty-state">
          <p style={{ margin: 0 }}>{t("auditLog.empty")}</p>
        </div>
      ) : data ? (
        <div aria-busy={list.isFetching}>
          <div className="table-wrap">
            <table className="table table-stack">
              <caption className="visually-hidden">{t("auditLog.listCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("auditLog.colDate")}</th>
                  <th scope="col">{t("auditLog.colActor")}</th>
                  <th scope="col">{t("auditLog.colAction")}</th>
                  <th scope="col">{t("auditLog.colDetail")}</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((entry) => {
                  const details = auditDetails(t, entry, (iso) => formatDate(iso, locale, true));
                  return (
                    <tr key={entry.id}>
                      <td data-label={t("auditLog.colDate")}>
                        <time className={styles.time} dateTime={entry.createdAt}>
                          {formatDate(entry.createdAt, locale, true)}
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
              </tbody>
            </table>
          </div>
          <nav className="pagination" aria-label={t("auditLog.pagination")}>
            <span className="muted">
              {t("auditLog.total", { total: data.meta.total })} · {t("learnCommon.pageOf", { page: data.meta.page, pages: data.meta.totalPages })}
            </span>
            <span className="form-actions">
              <button type="button" className="btn btn-secondary btn-sm" disabled={data.meta.page <= 1} onClick={() => setFilters({ page: data.meta.page - 1 })}>
                {t("common.previous")}
              </button>
              <button type="button" className="btn btn-secondary btn-sm" disabled={data.meta.page >= data.meta.totalPages} onClick={() => setFilters({ page: data.meta.page + 1 })}>
                {t("common.next")}
              </button>
            </span>
          </nav>
        </div>
      ) : null}
    </>
  );
}
