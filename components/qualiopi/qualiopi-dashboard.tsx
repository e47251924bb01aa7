"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate } from "@/components/learn/format";
import { useMe } from "@/components/shell/me-context";
import { useTenantTimeZone } from "@/components/tenant-context";
import { Alert } from "@/components/ui/alert";
import { Loading } from "@/components/ui/skeleton";
import { SelectField } from "@/components/ui/select-field";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { formatFileSize } from "@/lib/i18n/format";
import { useTRPC } from "@/lib/trpc";
import { publicationRuleText } from "./publication-rule-text";
import styles from "./qualiopi.module.css";

/**
 * ADMIN: the Qualiopi dashboard (issue #11 item 7). The 32 indicators, evidenced or not and by
 * which records, tenant-wide or for one course; for a course, its publication check, the audit
 * export preview and the one-click ZIP download.
 */
export function QualiopiDashboard() {
  const { t } = useI18n();
  const me = useMe();
  const trpc = useTRPC();
  const [courseId, setCourseId] = useState("");
  const admin = me.role === "ADMIN";
  const published = useQuery({ ...trpc.courses.list.queryOptions({ page: 1, limit: 100 }), enabled: admin });
  const drafts = useQuery({ ...trpc.courses.list.queryOptions({ page: 1, limit: 100, status: "DRAFT" }), enabled: admin });
  const dashboard = useQuery({ ...trpc.qualiopi.dashboard.queryOptions(courseId ? { courseId } : {}), enabled: admin });
  if (!admin) {
    return (
      <>
        <h1>{t("qualiopi.title")}</h1>
        <Alert kind="error">{t("qualiopi.forbidden")}</Alert>
      </>
    );
  }
  const courses = [...(published.data?.data ?? []), ...(drafts.data?.data ?? [])];
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("qualiopi.title")}</h1>
          <p>{t("qualiopi.intro")}</p>
        </div>
        <Link className="btn btn-secondary" href="/quality">
          {t("qualiopi.back")}
        </Link>
      </div>
      <div className={styles.toolbar}>
        <SelectField
          name="courseId"
          label={t("qualiopi.scopeLabel")}
          value={courseId}
          onChange={(e) => setCourseId(e.target.value)}
          options={[{ value: "", label: t("qualiopi.wholeTenant") }, ...courses.map((c) => ({ value: c.id, label: c.status === "PUBLISHED" ? c.title : `${c.title} (${t(`creatorEnums.${c.status}`)})` }))]}
        />
      </div>
      {courseId ? (
        <div className={styles.panels}>
          <PublicationCheck courseId={courseId} />
          <AuditExport courseId={courseId} />
        </div>
      ) : (
        <p className={styles.muted}>{t("qualiopi.pickCourse")}</p>
      )}
      {dashboard.isPending ? <Loading shape="cards" /> : null}
      {dashboard.isError ? <Alert kind="error">{errorMessage(dashboard.error, t)}</Alert> : null}
      {dashboard.data ? <Indicators data={dashboard.data.data} /> : null}
    </>
  );
}

type Dashboard = { indicatorsEvidenced: number; commonEvidenced: number; indicators: Indicator[] };
type Indicator = {
  indicator: number;
  criterion: number;
  title: string;
  scope: "COMMON" | "SPECIFIC";
  evidenced: boolean;
  platformEvidence: boolean;
  evidence: { source: string; label: string; count: number; link: string | null }[];
  gap: string | null;
};

function Indicators({ data }: { data: Dashboard }) {
  const { t } = useI18n();
  const criteria = [...new Set(data.indicators.map((i) => i.criterion))];
  return (
    <section aria-labelledby="qualiopi-indicators">
      <h2 id="qualiopi-indicators" className="visually-hidden">
        {t("qualiopi.title")}
      </h2>
      <div className={styles.summary} role="status">
        <span className={`badge ${styles.ok}`}>{t("qualiopi.summary", { n: data.indicatorsEvidenced })}</span>
        <span className="badge">{t("qualiopi.summaryCommon", { n: data.commonEvidenced })}</span>
      </div>
      {criteria.map((c) => (
        <div key={c} className={styles.criterion}>
          <h2>{t("qualiopi.criterion", { n: c })}</h2>
          <ul className={styles.indicators}>
            {data.indicators
              .filter((i) => i.criterion === c)
              .map((i) => (
                <li key={i.indicator} className={`card ${styles.indicator}`} data-indicator={i.indicator}>
                  <h3>
                    {t("qualiopi.indicator", { n: i.indicator })} — {i.title}
                  </h3>
                  <div className="badges">
                    <span className={`badge ${i.evidenced ? styles.ok : styles.gap}`}>{i.evidenced ? t("qualiopi.evidenced") : i.platformEvidence ? t("qualiopi.missing") : t("qualiopi.outside")}</span>{" "}
                    <span className="badge">{i.scope === "COMMON" ? t("qualiopi.common") : t("qualiopi.specific")}</span>
                  </div>
                  {i.evidence.length ? (
                    <ul className={styles.list}>
                      {i.evidence.map((e) => (
                        <li key={e.source}>{e.link ? <Link href={e.link}>{t("qualiopi.records", { label: e.label, count: e.count })}</Link> : t("qualiopi.records", { label: e.label, count: e.count })}</li>
                      ))}
                    </ul>
                  ) : null}
                  {i.gap ? <p className={styles.muted}>{i.gap}</p> : null}
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function PublicationCheck({ courseId }: { courseId: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const check = useQuery(trpc.qualiopi.checkPublication.queryOptions({ courseId }));
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="qualiopi-check">
      <h2 id="qualiopi-check">{t("qualiopi.checkTitle")}</h2>
      {check.isPending ? <Loading /> : null}
      {check.isError ? <Alert kind="error">{errorMessage(check.error, t)}</Alert> : null}
      {check.data ? (
        <>
          <div className="badges">
            <span className={`badge ${check.data.data.canPublish ? styles.ok : styles.gap}`}>{check.data.data.canPublish ? t("qualiopi.canPublish") : t("qualiopi.cannotPublish")}</span>{" "}
            <span className="badge">{t("qualiopi.score", { score: check.data.data.score })}</span>{" "}
            <span className="badge">{t("qualiopi.coverage", { covered: check.data.data.indicatorsCovered, total: check.data.data.indicatorsTotal })}</span>
          </div>
          <h3>{t("qualiopi.blockers")}</h3>
          {check.data.data.blockers.length ? (
            <ul className={styles.list}>
              {check.data.data.blockers.map((b, i) => (
                <li key={i}>
                  {t("qualiopi.indicator", { n: b.indicator })} — {publicationRuleText(b, t)}
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>{t("qualiopi.noBlocker")}</p>
          )}
          {check.data.data.warnings.length ? (
            <>
              <h3>{t("qualiopi.warnings")}</h3>
              <ul className={styles.list}>
                {check.data.data.warnings.map((w, i) => (
                  <li key={i}>
                    {t("qualiopi.indicator", { n: w.indicator })} — {publicationRuleText(w, t)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function AuditExport({ courseId }: { courseId: string }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const preview = useQuery(trpc.qualiopi.auditPreview.queryOptions({ courseId }));
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="qualiopi-export">
      <h2 id="qualiopi-export">{t("qualiopi.exportTitle")}</h2>
      <a className="btn btn-primary" href={`/api/v1/qualiopi/courses/${encodeURIComponent(courseId)}/audit-export`} download>
        {t("qualiopi.download")}
      </a>
      <p className={styles.muted}>{t("qualiopi.exportHint")}</p>
      {preview.isPending ? <Loading /> : null}
      {preview.isError ? <Alert kind="error">{errorMessage(preview.error, t)}</Alert> : null}
      {preview.data ? (
        <>
          <p role="status">{t("qualiopi.exportSummary", { count: preview.data.data.documentCount, indicators: preview.data.data.indicatorsCovered, size: formatFileSize(preview.data.data.estimatedSizeMb * 1024 * 1024, locale) })}</p>
          <ul className={`${styles.list} ${styles.files}`} aria-label={t("qualiopi.filesLabel")}>
            {preview.data.data.documents.slice(0, 200).map((d) => (
              <li key={d.name}>
                {[t(`qualiopi.docType_${d.type}`), d.subject, d.date ? formatDate(d.date, locale, timeZone) : null].filter(Boolean).join(" · ")} — {t("qualiopi.indicator", { n: d.indicator })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
