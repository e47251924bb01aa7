"use client";

import { useTenantTimeZone } from "@/components/tenant-context";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { enrollmentStatusKey } from "@/components/learn/labels";
import { formatDate, personName } from "@/components/learn/format";
import { ProgressBar } from "@/components/learn/progress-bar";
import { Alert } from "@/components/ui/alert";
import { QueryList } from "@/components/ui/query-list";
import { Loading } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { InvoiceList } from "./funder-home";
import styles from "./funders.module.css";

/**
 * One funded enrollment for its FUNDER: the learner, the course and progress, then its sessions
 * with the signed attendance sheet and the learner's attestation, its documents (certificate,
 * convention...) and its invoices, all downloadable. Every read is the funder's perimeter (the
 * server answers 404 outside it).
 */
export function FunderFileView({ enrollmentId }: { enrollmentId: string }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const detail = useQuery(trpc.enrollments.byId.queryOptions({ id: enrollmentId }));
  const e = detail.data?.data;
  // The sessions that expect THIS enrollment (the server's registrations rule), so each attestation link is the learner's.
  const sessions = useQuery(trpc.sessions.list.queryOptions({ enrollmentId, limit: 100 }));
  const docs = useQuery(trpc.documents.list.queryOptions({ enrollmentId, limit: 50 }));
  const invoices = useQuery(trpc.invoices.list.queryOptions({ enrollmentId, perPage: 50 }));
  if (detail.isPending) return <Loading shape="table" rows={4} />;
  if (detail.isError || !e) return <Alert kind="error">{errorMessage(detail.error, t)}</Alert>;
  const kinds = new Set((docs.data?.data ?? []).map((d) => d.kind));
  return (
    <div className="stack-lg">
      <p>
        <Link className="back-link" href="/">
          ← {t("funderFile.back")}
        </Link>
      </p>
      <div className="page-header">
        <div>
          <h1>{personName(e.learner)}</h1>
          <p>
            {e.course.title} · <span className={`badge badge-enr-${e.status}`}>{t(enrollmentStatusKey(e.status))}</span>
          </p>
          <p className="muted">
            {t("funderHome.enrolledOn", { date: formatDate(e.enrolledAt, locale, timeZone) })}
            {e.completedAt ? ` · ${t("funderHome.completedOn", { date: formatDate(e.completedAt, locale, timeZone) })}` : ""}
          </p>
        </div>
      </div>
      <section className={styles.section} aria-label={t("funderFile.progress")}>
        <ProgressBar t={t} label={t("funderFile.progress")} percent={e.progress.percentage} detail={t("learnCommon.progressDetail", { done: e.progress.completedLessons, total: e.progress.totalLessons })} />
      </section>

      <section className={styles.section} aria-labelledby="file-sessions">
        <h2 id="file-sessions">{t("funderFile.sessions")}</h2>
        <QueryList query={sessions} empty={t("funderFile.noSessions")}>
          {(page) => (
            <ul className={styles.list}>
              {page.data.map((s) => {
                const date = formatDate(s.scheduledAt, locale, timeZone);
                return (
                  <FileCard key={s.id} title={s.title} badge={t(`sessionsEnums.${s.status}` as never)} meta={formatDate(s.scheduledAt, locale, timeZone, true)}>
                      <a className="btn btn-secondary btn-sm" href={`/api/v1/emargement/${s.id}/pdf`} download aria-label={t("funderFile.sheetNamed", { date })}>
                        {t("funderFile.sheet")}
                      </a>
                      <a
                        className="btn btn-secondary btn-sm"
                        href={`/api/v1/qualiopi/emargement/${s.id}/attestation/${e.userId}`}
                        download
                        aria-label={t("funderFile.attestationNamed", { date })}
                      >
                        {t("funderFile.attestation")}
                      </a>
                  </FileCard>
                );
              })}
            </ul>
          )}
        </QueryList>
      </section>

      <section className={styles.section} aria-labelledby="file-documents">
        <h2 id="file-documents">{t("funderFile.documents")}</h2>
        {docs.data && !kinds.has("CERTIFICATE") ? <p className="muted">{t("funderFile.noCertificate")}</p> : null}
        {docs.data && !kinds.has("CONVENTION") ? <p className="muted">{t("funderFile.noConvention")}</p> : null}
        <QueryList query={docs} empty={t("funderFile.noDocuments")}>
          {(page) => (
            <ul className={styles.list}>
              {page.data.map((d) => (
                <FileCard key={d.id} title={t(`docKinds.${d.kind}`)} meta={`${d.title} · ${formatDate(d.generatedAt, locale, timeZone)}`}>
                    <a className="btn btn-primary btn-sm" href={d.fileUrl} download={d.fileName} aria-label={t("docList.downloadNamed", { title: d.title })}>
                      {t("funderFile.download")}
                    </a>
                </FileCard>
              ))}
            </ul>
          )}
        </QueryList>
      </section>

      <section className={styles.section} aria-labelledby="file-invoices">
        <h2 id="file-invoices">{t("funderFile.invoices")}</h2>
        <QueryList query={invoices} empty={t("funderFile.noInvoices")}>
          {(page) => <InvoiceList items={page.data} locale={locale} />}
        </QueryList>
      </section>
    </div>
  );
}

/** One session or document of the file: its title, an optional status badge, a line of facts, and its download links. */
function FileCard({ title, badge, meta, children }: { title: string; badge?: string; meta: string; children: ReactNode }) {
  return (
    <li className={styles.card}>
      <div className={styles.head}>
        <h3>{title}</h3>
        {badge ? <span className="badge">{badge}</span> : null}
      </div>
      <p className={`muted ${styles.meta}`}>{meta}</p>
      <div className={styles.actions}>{children}</div>
    </li>
  );
}
