"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { AttendanceLearners, AttendanceTrainers } from "./attendance-learners";
import type { RosterLearner } from "./attendance-types";
import { StatusCounts } from "./attendance-status";
import { ChainStatus } from "./chain-status";
import { OverrideDialog } from "./override-dialog";
import { formatDuration, formatSessionDate } from "./paris-time";
import { useTenantTimeZone } from "@/components/tenant-context";
import { SlotsPanel } from "./slots-panel";
import { SessionStatusBadge } from "./status-badge";
import { Loading } from "@/components/ui/skeleton";
import styles from "./sessions.module.css";

/** While a session is LIVE its attendance refreshes on its own. */
const LIVE_REFRESH_MS = 10_000;

/**
 * /sessions/{id}/attendance (moderators): who is present, how and when they signed, trainers'
 * countersignatures, the chain's integrity, the PDF sheet, signature slots and ADMIN corrections.
 */
export function AttendanceView({ id }: { id: string }) {
  const { t, locale } = useI18n();
  const zone = useTenantTimeZone();
  const trpc = useTRPC();
  const me = useMe();
  const queryClient = useQueryClient();
  const [overriding, setOverriding] = useState<RosterLearner | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({
    ...trpc.qualiopiAttendance.sessionAttendance.queryOptions({ sessionId: id }),
    // Attendance moves while a session runs: always fresh on arrival.
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.data.session.status === "LIVE" ? LIVE_REFRESH_MS : false),
  });
  const isAdmin = me.role === "ADMIN";
  const breadcrumb = (
    <p className="breadcrumb">
      <Link href={`/sessions/${id}`}>← {query.data?.data.session.title ?? t("sessionsDetail.title")}</Link>
    </p>
  );

  if (query.isPending) {
    return (
      <>
        {breadcrumb}
        <h1>{t("sessionsAttendance.title")}</h1>
        <Loading shape="page" />
      </>
    );
  }
  if (query.isError) {
    const status = errorInfo(query.error).status;
    return (
      <>
        {breadcrumb}
        <h1>{t("sessionsAttendance.title")}</h1>
        <Alert kind="error">{status === 404 ? t("sessionsDetail.notFound") : status === 403 ? t("sessionsAttendance.forbidden") : errorMessage(query.error, t)}</Alert>
      </>
    );
  }

  const { session, summary, learners, trainers, records } = query.data.data;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.qualiopiAttendance.sessionAttendance.queryFilter({ sessionId: id })),
      queryClient.invalidateQueries(trpc.qualiopiAttendance.verify.queryFilter({ sessionId: id })),
    ]);
  return (
    <>
      {breadcrumb}
      <div className="page-header">
        <div>
          <h1>{t("sessionsAttendance.titleOf", { title: session.title })}</h1>
          <p>
            <SessionStatusBadge status={session.status} t={t} /> {session.courseTitle} — {formatSessionDate(session.scheduledAt, locale, "full", zone)} ({formatDuration(session.durationMinutes)})
          </p>
        </div>
        <a className={`btn btn-primary ${styles.attendancePdf}`} href={`/api/v1/emargement/${id}/pdf`} download>
          {t("sessionsAttendance.downloadPdf")}
        </a>
      </div>

      <ChainStatus sessionId={id} records={records} />

      <section className={`stats ${styles.attendanceStats}`} aria-label={t("sessionsAttendance.summary")}>
        <div className="stat">
          <p className="stat-label">{t("sessionsAttendance.expected")}</p>
          <p className="stat-value">{summary.expected}</p>
        </div>
        <div className="stat">
          <p className="stat-label">{t("sessionsAttendance.presentCount")}</p>
          <p className="stat-value">{summary.present}</p>
        </div>
        <div className="stat">
          <p className="stat-label">{t("sessionsAttendance.absentCount")}</p>
          <p className="stat-value">{summary.absent}</p>
        </div>
      </section>
      <StatusCounts counts={summary.byStatus} />

      <div aria-live="polite">{notice ? <Alert kind="success">{notice}</Alert> : null}</div>

      <section className={styles.sessionSection} aria-labelledby="learners-title">
        <div className="panel-head">
          <h2 id="learners-title">{t("sessionsAttendance.learners")}</h2>
          {session.status === "LIVE" ? <p className="muted">{t("sessionsAttendance.liveRefresh")}</p> : null}
        </div>
        <AttendanceLearners sessionId={id} learners={learners} canOverride={isAdmin} onOverride={(l) => { setNotice(null); setOverriding(l); }} />
      </section>

      <section className={`card ${styles.sessionSection}`} aria-labelledby="trainers-title">
        <h2 id="trainers-title" className="card-title">
          {t("sessionsAttendance.trainers")}
        </h2>
        <AttendanceTrainers trainers={trainers} />
      </section>

      {/* attendance.manage: ADMIN, or the course's CREATOR; a TRAINER sees the slots only. */}
      <SlotsPanel sessionId={id} canGenerate={(isAdmin || me.role === "CREATOR") && session.status !== "CANCELLED"} />

      {isAdmin ? (
        <OverrideDialog
          sessionId={id}
          learner={overriding}
          onClose={() => setOverriding(null)}
          onDone={(name) => {
            setOverriding(null);
            setNotice(t("sessionsAttendance.overrideDone", { name }));
            void refresh();
          }}
        />
      ) : null}
    </>
  );
}
