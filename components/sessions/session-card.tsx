"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import type { TSessionSummary } from "@/server/contracts/sessions";
import { useI18n } from "@/lib/i18n/client";
import { Capacity } from "./capacity";
import { formatDuration, formatSessionDate } from "./paris-time";
import { SessionStatusBadge } from "./status-badge";
import styles from "./sessions.module.css";

/** One session as a card: title (link), course, date, duration, registered, status and actions. */
export function SessionCard({ session: s, courseTitle, headingLevel = 3, extra, actions }: { session: TSessionSummary; courseTitle?: string; headingLevel?: 2 | 3; extra?: ReactNode; actions?: ReactNode }) {
  const { t, locale } = useI18n();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={`card ${styles.sessionCard} ${styles[`sessionCard${s.status}`]}`} aria-labelledby={`card-${s.id}`}>
      <div className={styles.sessionCardHead}>
        <Heading id={`card-${s.id}`} className={styles.sessionCardTitle}>
          <Link href={`/sessions/${s.id}`}>{s.title}</Link>
        </Heading>
        <SessionStatusBadge status={s.status} t={t} />
      </div>
      {courseTitle ? <p className={`muted ${styles.sessionCardCourse}`}>{courseTitle}</p> : null}
      <p className={styles.sessionCardWhen}>
        <time dateTime={s.scheduledAt}>{formatSessionDate(s.scheduledAt, locale, "full", s.timeZone)}</time> · <span className={styles.nowrap}>{formatDuration(s.durationMinutes)}</span> ·{" "}
        <span className={styles.nowrap}>
          {t("sessionsList.colRegistered")} <Capacity registered={s.registeredCount} max={s.maxParticipants} t={t} />
        </span>
      </p>
      {extra}
      {actions ? <div className={`form-actions ${styles.sessionCardActions}`}>{actions}</div> : null}
    </article>
  );
}
