"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { TSessionSummary } from "@/server/contracts/sessions";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { addDays } from "./calendar-days";
import { formatSessionDate, parisDayBound, parisDayKey } from "./paris-time";
import { useTenantTimeZone } from "@/components/tenant-context";
import { isStaff } from "./roles";
import { SessionStatusBadge } from "./status-badge";
import { useMySessions } from "./use-my-sessions";
import { useSessionCourses } from "./use-session-courses";
import { Loading } from "@/components/ui/skeleton";
import styles from "./sessions.module.css";
import { DataTable } from "@/components/ui/data-table";

/** How many past days the follow-up covers. */
const RECENT_DAYS = 7;

/** Present / expected for one session (qualiopiAttendance.sessionAttendance). */
function Presence({ sessionId }: { sessionId: string }) {
  const t = useI18n().t;
  const trpc = useTRPC();
  const q = useQuery(trpc.qualiopiAttendance.sessionAttendance.queryOptions({ sessionId }));
  if (q.isPending) return <span className="muted">…</span>;
  if (q.isError) return <span className="muted">—</span>;
  const { present, expected } = q.data.data.summary;
  const complete = expected > 0 && present >= expected;
  return <span className={complete ? `badge ${styles.badgePresent}` : `badge ${styles.badgeAbsent}`}>{t("sessionsAttendance.presentOf", { present, expected })}</span>;
}

function FollowUpTable({ caption, sessions, titles }: { caption: string; sessions: TSessionSummary[]; titles: Map<string, string> }) {
  const { t, locale } = useI18n();
  const zone = useTenantTimeZone();
  return (
    <DataTable caption={caption} className={styles.followUpTable} columns={[t("sessionsList.colSession"), t("sessionsList.colDate"), t("sessionsList.colStatus"), t("sessionsAttendance.colPresence"), t("sessionsAttendance.colActions")]}>
      {sessions.map((s) => (
        <tr key={s.id}>
          <td className="cell-name" data-label={t("sessionsList.colSession")}>
            <Link href={`/sessions/${s.id}`} className="course-link">
              {s.title}
            </Link>
            <span className="muted cell-sub">{titles.get(s.courseId) ?? ""}</span>
          </td>
          <td data-label={t("sessionsList.colDate")}>
            <time dateTime={s.scheduledAt}>{formatSessionDate(s.scheduledAt, locale, "medium", zone)}</time>
          </td>
          <td data-label={t("sessionsList.colStatus")}>
            <SessionStatusBadge status={s.status} t={t} />
          </td>
          <td data-label={t("sessionsAttendance.colPresence")}>
            <Presence sessionId={s.id} />
          </td>
          <td className="cell-action cell-wide" data-label={t("sessionsAttendance.colActions")}>
            <span className="form-actions">
              <Link className="btn btn-secondary btn-sm" href={`/sessions/${s.id}/attendance`}>
                {t("sessionsDetail.attendanceLink")}
                <span className="visually-hidden"> — {s.title}</span>
              </Link>
              {s.status === "LIVE" || s.status === "SCHEDULED" ? (
                <Link className="btn btn-secondary btn-sm" href={`/sessions/${s.id}/live`}>
                  {t("sessionsDetail.openLive")}
                  <span className="visually-hidden"> — {s.title}</span>
                </Link>
              ) : null}
            </span>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** /attendance: today's and the last days' sessions the caller runs, with presence counts. */
export function AttendanceFollowUp() {
  const t = useI18n().t;
  const zone = useTenantTimeZone();
  const me = useMe();
  const today = parisDayKey(new Date(), zone);
  const { sessions, isPending, error } = useMySessions({ fromDate: parisDayBound(addDays(today, -RECENT_DAYS), false, zone)!, toDate: parisDayBound(today, true, zone) });
  const { titles } = useSessionCourses();
  if (!isStaff(me.role)) {
    return (
      <>
        <h1>{t("nav.attendance")}</h1>
        <Alert kind="error">{t("errors.forbidden")}</Alert>
      </>
    );
  }
  const open = sessions.filter((s) => s.status !== "CANCELLED");
  const todays = open.filter((s) => parisDayKey(s.scheduledAt, zone) === today || s.status === "LIVE");
  const recent = open.filter((s) => !todays.includes(s)).reverse();
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("nav.attendance")}</h1>
          <p>{t("sessionsHome.followUpIntro", { days: RECENT_DAYS })}</p>
        </div>
        <Link className="btn btn-secondary" href="/sessions">
          {t("sessionsHome.allSessions")}
        </Link>
      </div>
      {error ? <Alert kind="error">{errorMessage(error, t)}</Alert> : null}
      {isPending ? (
        <Loading shape="table" rows={3} />
      ) : !open.length ? (
        <EmptyState title={t("sessionsHome.followUpEmptyTitle")}>
          <p>{t("sessionsHome.followUpEmptyBody", { days: RECENT_DAYS })}</p>
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="follow-today" className={styles.sessionSection}>
            <h2 id="follow-today">{t("sessionsHome.today")}</h2>
            {todays.length ? <FollowUpTable caption={t("sessionsHome.today")} sessions={todays} titles={titles} /> : <p className="muted">{t("sessionsHome.noToday")}</p>}
          </section>
          <section aria-labelledby="follow-recent" className={styles.sessionSection}>
            <h2 id="follow-recent">{t("sessionsHome.recent", { days: RECENT_DAYS })}</h2>
            {recent.length ? <FollowUpTable caption={t("sessionsHome.recent", { days: RECENT_DAYS })} sessions={recent} titles={titles} /> : <p className="muted">{t("sessionsHome.noRecent")}</p>}
          </section>
        </>
      )}
    </>
  );
}
