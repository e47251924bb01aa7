"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { COMPLAINT_STATUSES, type TComplaintSummary } from "@/server/contracts/complaints";
import { formatDateTime } from "@/components/attendance/format";
import { useTenantTimeZone } from "@/components/tenant-context";
import { Alert } from "@/components/ui/alert";
import { Loading } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { ComplaintDetail } from "./complaint-detail";
import { ComplaintRecord } from "./complaint-record";
import styles from "./quality.module.css";

/**
 * The register as a board: one column per status (the 100 newest of each), each card with its
 * reference, CRITICAL ones with their 24 h SLA badge; "Enregistrer une réclamation" records one
 * received by phone, e-mail, letter or in person.
 */
export function ComplaintsBoard({ initialOpenId = null }: { initialOpenId?: string | null }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const trpc = useTRPC();
  const [openId, setOpenId] = useState<string | null>(initialOpenId);
  const [recording, setRecording] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery(trpc.complaints.list.queryOptions({ page: 1, perPage: 100 }));
  if (list.isPending) return <Loading shape="cards" />;
  if (list.isError) return <Alert kind="error">{errorMessage(list.error, t)}</Alert>;
  const byStatus = (s: TComplaintSummary["status"]) => list.data.data.filter((c) => c.status === s);
  return (
    <>
      <div className={styles.toolbar}>
        <button type="button" className="btn btn-primary" onClick={() => setRecording(true)}>
          {t("quality.record")}
        </button>
      </div>
      {notice ? (
        <Alert kind="success">
          <span role="status">{notice}</span>
        </Alert>
      ) : null}
      <div className={styles.board} aria-label={t("quality.boardLabel")}>
        {COMPLAINT_STATUSES.map((s) => (
          <section key={s} className={styles.column} data-testid={`complaints-${s}`}>
            <h2>
              {t(`quality.status_${s}`)} ({byStatus(s).length})
            </h2>
            {byStatus(s).length === 0 ? <p className="muted">{t("quality.empty")}</p> : null}
            <ul className={styles.cards}>
              {byStatus(s).map((c) => (
                <li key={c.id} className={`card ${styles.card}`}>
                  {c.reference ? <p className={styles.reference}>{c.reference}</p> : null}
                  <h3>{c.subject}</h3>
                  <div className={styles.badges}>
                    <span className={`badge ${c.severity === "CRITICAL" ? styles.critical : ""}`}>{t(`quality.severity_${c.severity}`)}</span>
                    <span className="badge">{t(`quality.category_${c.category}`)}</span>
                    {c.channel !== "WEB" ? <span className="badge">{t(`quality.channel_${c.channel}`)}</span> : null}
                    {c.slaDueAt && (c.status === "NEW" || c.status === "IN_REVIEW") ? (
                      <span className={`badge ${styles.slaBadge} ${c.slaBreached ? styles.critical : styles.sla}`}>
                        {c.slaBreached ? t("quality.slaBreached") : t("quality.slaDue", { date: formatDateTime(c.slaDueAt, locale, timeZone) })}
                      </span>
                    ) : null}
                  </div>
                  <p className="muted">{t("quality.receivedOn", { date: formatDateTime(c.receivedAt, locale, timeZone) })}</p>
                  <button type="button" className={`btn btn-secondary btn-sm ${styles.cardButton}`} onClick={() => setOpenId(c.id)}>
                    {t("quality.open")}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      {openId ? <ComplaintDetail id={openId} onClose={() => setOpenId(null)} /> : null}
      {recording ? (
        <ComplaintRecord
          onClose={() => setRecording(false)}
          onRecorded={(id, message) => {
            setRecording(false);
            setNotice(message);
            setOpenId(id);
          }}
        />
      ) : null}
    </>
  );
}
