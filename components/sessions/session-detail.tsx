"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { personName } from "@/components/learn/format";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { AttendanceSummaryCard } from "./attendance-summary-card";
import { AttestationLink } from "./attendance-status";
import { Capacity } from "./capacity";
import { formatDuration, formatSchedule, formatSessionDate } from "./paris-time";
import { ParticipantsPanel } from "./participants-panel";
import { useTenantTimeZone } from "@/components/tenant-context";
import { formatPlace } from "@/server/contracts/sessions";
import { PinDisplay } from "./pin-display";
import { RecordingsList } from "./recordings-list";
import { SessionActions } from "./session-actions";
import { SessionStatusBadge } from "./status-badge";
import { useSessionCourses } from "./use-session-courses";
import { Loading } from "@/components/ui/skeleton";
import styles from "./sessions.module.css";

/** /sessions/{id}: facts, trainers, PIN and state buttons for moderators, recordings, attendance summary. */
export function SessionDetail({ id }: { id: string }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const me = useMe();
  const zone = useTenantTimeZone();
  const params = useSearchParams();
  const [notice, setNotice] = useState<string | null>(params.get("created") ? t("sessionsDetail.createdNotice") : params.get("saved") ? t("sessionsDetail.savedNotice") : null);
  const query = useQuery(trpc.sessions.get.queryOptions({ id }));
  const { titles } = useSessionCourses();
  const back = me.role === "LEARNER" ? { href: "/my-sessions", label: t("nav.mySessions") } : { href: "/sessions", label: t("sessionsForm.back") };
  const breadcrumb = (
    <p className="breadcrumb">
      <Link href={back.href}>← {back.label}</Link>
    </p>
  );

  if (query.isPending) {
    return (
      <>
        {breadcrumb}
        <Loading shape="page" />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {breadcrumb}
        <h1>{t("sessionsDetail.title")}</h1>
        <Alert kind="error">{errorInfo(query.error).status === 404 ? t("sessionsDetail.notFound") : errorMessage(query.error, t)}</Alert>
      </>
    );
  }

  const s = query.data.data;
  const moderator = s.attendancePin !== undefined;
  const courseTitle = titles.get(s.courseId);
  return (
    <>
      {breadcrumb}
      <div className="page-header">
        <div>
          <h1>{s.title}</h1>
          <p>
            <SessionStatusBadge status={s.status} t={t} /> {courseTitle ? <span>{courseTitle}</span> : null}
          </p>
        </div>
      </div>
      <div className="stack" aria-live="polite">
        {notice ? <Alert kind="success">{notice}</Alert> : null}
      </div>
      {moderator ? <SessionActions session={s} onNotice={setNotice} /> : null}
      {!moderator && me.role === "LEARNER" && (s.status === "SCHEDULED" || s.status === "LIVE") ? (
        <div className={styles.sessionActions}>
          <Link className="btn btn-primary" href="/sign-attendance">
            {t("nav.signAttendance")}
          </Link>
        </div>
      ) : null}
      {!moderator && me.role === "LEARNER" && s.status !== "CANCELLED" && Date.parse(s.scheduledAt) <= Date.now() ? (
        <div className={styles.sessionActions}>
          <AttestationLink sessionId={s.id} userId={me.id} label={t("attStatus.myAttestation")} className="btn btn-secondary" />
        </div>
      ) : null}

      <div className={styles.sessionLayout}>
        <section className="card" aria-labelledby="session-facts">
          <h2 id="session-facts" className="card-title">
            {t("sessionsDetail.facts")}
          </h2>
          <dl className="facts-list">
            <div>
              <dt>{t("sessionsDetail.when")}</dt>
              <dd>
                <time dateTime={s.scheduledAt}>{formatSessionDate(s.scheduledAt, locale, "full", s.timeZone)}</time>
              </dd>
            </div>
            <div>
              <dt>{t("sessionsPlan.schedule")}</dt>
              <dd>
                <ul className={styles.scheduleList}>
                  {formatSchedule(s.schedule, locale).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
                <span className="muted">{s.timeZone}</span>
              </dd>
            </div>
            <div>
              <dt>{t("sessionsPlan.mode")}</dt>
              <dd>{t(`sessionsPlan.mode${s.deliveryMode}`)}</dd>
            </div>
            {s.place ? (
              <div>
                <dt>{t("sessionsPlan.place")}</dt>
                <dd>{formatPlace(s.place)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t("sessionsList.colDuration")}</dt>
              <dd>{formatDuration(s.durationMinutes)}</dd>
            </div>
            <div>
              <dt>{t("sessionsList.colRegistered")}</dt>
              <dd>
                <Capacity registered={s.registeredCount} max={s.maxParticipants} t={t} />
              </dd>
            </div>
            <div>
              <dt>{t("sessionsDetail.recording")}</dt>
              <dd>{s.recordingEnabled ? t("sessionsDetail.yes") : t("sessionsDetail.no")}</dd>
            </div>
            {s.startedAt ? (
              <div>
                <dt>{t("sessionsDetail.startedAt")}</dt>
                <dd>{formatSessionDate(s.startedAt, locale, "medium", zone)}</dd>
              </div>
            ) : null}
            {s.endedAt ? (
              <div>
                <dt>{t("sessionsDetail.endedAt")}</dt>
                <dd>{formatSessionDate(s.endedAt, locale, "medium", zone)}</dd>
              </div>
            ) : null}
            {s.cancelledAt ? (
              <div>
                <dt>{t("sessionsDetail.cancelledAt")}</dt>
                <dd>{formatSessionDate(s.cancelledAt, locale, "medium", zone)}</dd>
              </div>
            ) : null}
          </dl>
          {s.description ? <p className={styles.sessionDescription}>{s.description}</p> : null}
        </section>

        <div className="stack">
          {moderator && s.attendancePin && s.status !== "CANCELLED" ? (
            <section className="card" aria-label={t("sessionsDetail.pin")}>
              <PinDisplay pin={s.attendancePin} t={t} />
            </section>
          ) : null}
          <section className="card" aria-labelledby="session-trainers">
            <h2 id="session-trainers" className="card-title">
              {t("sessionsForm.trainers")}
            </h2>
            {s.trainers.length ? (
              <ul className="plain-list">
                {s.trainers.map((tr) => (
                  <li key={tr.id}>{personName(tr)}</li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t("sessionsDetail.noTrainer")}</p>
            )}
          </section>
        </div>
      </div>

      {moderator ? <ParticipantsPanel sessionId={s.id} editable={s.status === "SCHEDULED" || s.status === "LIVE"} scheduled={s.status === "SCHEDULED"} /> : null}
      {moderator && s.status !== "CANCELLED" ? <AttendanceSummaryCard sessionId={s.id} /> : null}
      <RecordingsList recordings={s.recordings} enabled={s.recordingEnabled} />
    </>
  );
}
