"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DataTable } from "@/components/ui/data-table";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { Pagination } from "@/components/ui/pagination";
import { QueryList } from "@/components/ui/query-list";
import shared from "../shared.module.css";
import styles from "../panels.module.css";

const PAGE_SIZE = 25;

/** The course's enrollments with each learner's progress, and the CSV export (a plain link: the session cookie authenticates it). */
export function EnrollmentsPanel({ courseId }: { courseId: string }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...trpc.enrollments.list.queryOptions({ courseId, page, limit: PAGE_SIZE }), placeholderData: keepPreviousData });
  const date = new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { dateStyle: "medium" });
  const fmt = (v: string | null) => (v ? date.format(new Date(v)) : t("creatorEnrollments.never"));

  return (
    <section className="stack" aria-labelledby="enrollments-title">
      <div className="panel-head">
        <div>
          <h2 id="enrollments-title">{t("creatorEnrollments.title")}</h2>
          <p className="muted">{t("creatorEnrollments.intro")}</p>
        </div>
        <div className="form-actions">
          <a className="btn btn-secondary" href={`/api/v1/enrollments/course/${encodeURIComponent(courseId)}/export`} download>
            {t("creatorEnrollments.export")}
          </a>
          <a className="btn btn-secondary" href={`/api/v1/enrollments/course/${encodeURIComponent(courseId)}/export?format=xlsx`} download>
            {t("creatorEnrollments.exportXlsx")}
          </a>
        </div>
      </div>
      <QueryList query={list} empty={t("creatorEnrollments.empty")}>
        {(data) => (
          <>
            <DataTable
              caption={t("creatorEnrollments.caption")}
              columns={[t("creatorEnrollments.learner"), t("creatorEnrollments.status"), t("creatorEnrollments.progress"), t("creatorEnrollments.enrolledAt"), t("creatorEnrollments.lastActivity")]}
            >
              {data.data.map((e) => {
                const name = `${e.learner.firstName} ${e.learner.lastName}`.trim() || e.learner.email;
                return (
                  <tr key={e.id}>
                    <td className="cell-name" data-label={t("creatorEnrollments.learner")}>
                      <strong>{name}</strong>
                      <span className="muted wrap-anywhere">
                        {e.learner.email}
                      </span>
                    </td>
                    <td data-label={t("creatorEnrollments.status")}>
                      <span className={`badge badge-enr-${e.status}`}>{t(`creatorEnums.${e.status}`)}</span>
                    </td>
                    <td data-label={t("creatorEnrollments.progress")}>
                      <div className={styles.progressCell}>
                        <progress className={shared.meter} max={100} value={e.progress.percentage} aria-label={t("creatorEnrollments.progressLabel", { name })} />
                        <span>
                          {e.progress.percentage} % <span className="muted">· {t("creatorEnrollments.lessons", { done: e.progress.completedLessons, total: e.progress.totalLessons })}</span>
                        </span>
                      </div>
                    </td>
                    <td data-label={t("creatorEnrollments.enrolledAt")}>{fmt(e.enrolledAt)}</td>
                    <td data-label={t("creatorEnrollments.lastActivity")}>{fmt(e.lastActivityAt)}</td>
                  </tr>
                );
              })}
            </DataTable>
            <Pagination label={t("creatorEnrollments.pagination")} page={page} pages={data.meta.totalPages} total={t("creatorEnrollments.total", { total: data.meta.total })} onPage={setPage} />
          </>
        )}
      </QueryList>
    </section>
  );
}
