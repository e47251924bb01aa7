"use client";

import Link from "next/link";
import type { TSessionSummary } from "@/server/contracts/sessions";
import { useI18n } from "@/lib/i18n/client";
import { Capacity } from "./capacity";
import { formatDuration, formatSessionDate } from "./paris-time";
import { SessionStatusBadge } from "./status-badge";
import styles from "./sessions.module.css";
import { DataTable } from "@/components/ui/data-table";

/** One page of sessions; each title opens the session. On phones rows become cards (table-stack). */
export function SessionTable({ sessions, courseTitles }: { sessions: TSessionSummary[]; courseTitles: Map<string, string> }) {
  const { t, locale } = useI18n();
  return (
    <DataTable caption={t("sessionsList.caption")} className={styles.sessionsTable} columns={[t("sessionsList.colSession"), t("sessionsList.colDate"), t("sessionsList.colDuration"), t("sessionsList.colRegistered"), t("sessionsList.colStatus")]}>
      {sessions.map((s) => (
        <tr key={s.id}>
          <td className="cell-name" data-label={t("sessionsList.colSession")}>
            <Link href={`/sessions/${s.id}`} className="course-link">
              {s.title}
            </Link>
            <span className="muted cell-sub">{courseTitles.get(s.courseId) ?? t("sessionsList.unknownCourse")}</span>
          </td>
          <td data-label={t("sessionsList.colDate")}>
            <time dateTime={s.scheduledAt}>{formatSessionDate(s.scheduledAt, locale, "medium", s.timeZone)}</time>
          </td>
          <td data-label={t("sessionsList.colDuration")}>{formatDuration(s.durationMinutes)}</td>
          <td data-label={t("sessionsList.colRegistered")}>
            <Capacity registered={s.registeredCount} max={s.maxParticipants} t={t} />
          </td>
          <td data-label={t("sessionsList.colStatus")}>
            <SessionStatusBadge status={s.status} t={t} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
