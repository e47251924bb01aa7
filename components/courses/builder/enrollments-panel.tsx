"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { Pagination } from "@/components/ui/pagination";
import { Loading } from "@/components/ui/skeleton";
import styles from "../courses.module.css";

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
        <a className="btn btn-secondary" href={`/api/v1/enrollments/course/${encodeURIComponent(courseId)}/export`} download>
          {t("creatorEnrollments.export")}
        </a>
      </div>
      {list.isPending ? <Loading shape="table" /> : null}
      {list.isError ? <Alert kind="error">{errorMessage(list.error, t)}</Alert> : null}
      {list.data && list.data.data.length === 0 ? <p className="empty-state">{t("creatorEnrollments.empty")}</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <div aria-busy={list.isFetching}>
          <div className="table-wrap">
            <table className="table table-stack">
              <caption className="visually-hidden">{t("creatorEnrollments.caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("creatorEnrollments.learner")}</th>
                  <th scope="col">{t("creatorEnrollments.status")}</th>
                  <th scope="col">{t("creatorEnrollments.progress")}</th>
                  <th scope="col">{t("creatorEnrollments.enrolledAt")}</th>
                  <th scope="col">{t("creatorEnrollments.lastActivity")}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((e) => {
                  const name = `${e.learner.firstName} ${e.learner.lastName}`.trim() || e.learner.email;
                  return (
                    <tr key={e.id}>
                      <td className="cell-name" data-label={t("creatorEnrollments.learner")}>
                        <strong>{name}</strong>
                        <span className="muted" style={{ overflowWrap: "anywhere" }}>
                          {e.learner.email}
                        </span>
                      </td>
                      <td data-label={t("creatorEnrollments.status")}>
                        <span className={`badge ${styles[`badge-enrollment-${e.status}`]}`}>{t(`creatorEnums.${e.status}`)}</span>
                      </td>
                      <td data-label={t("creatorEnrollments.progress")}>
                        <div className={styles.progressCell}>
                          <progress className={styles.meter} max={100} value={e.progress.percentage} aria-label={t("creatorEnrollments.progressLabel", { name })} />
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
              </tbody>
            </table>
          </div>
          <Pagination label={t("creatorEnrollments.pagination")} page={page} pages={list.data.meta.totalPages} total={t("creatorEnrollments.total", { total: list.data.meta.total })} onPage={setPage} />
        </div>
      ) : null}
    </section>
  );
}
