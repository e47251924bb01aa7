"use client";

import Link from "next/link";
import { useTenantTimeZone } from "@/components/tenant-context";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { addDays } from "./calendar-days";
import { parisDayBound, parisDayKey } from "./paris-time";
import { SessionCard } from "./session-card";
import { useMySessions } from "./use-my-sessions";
import { useSessionCourses } from "./use-session-courses";
import { Loading } from "@/components/ui/skeleton";
import styles from "./sessions.module.css";

/** How far ahead the trainer's home looks. */
const AHEAD_DAYS = 90;

/** The TRAINER's home: their live and upcoming sessions, each with the way to its live screen. */
export function TrainerHome({ lead }: { lead: string }) {
  const t = useT();
  const zone = useTenantTimeZone();
  const today = parisDayKey(new Date(), zone);
  // From yesterday: a session started last evening may still be LIVE.
  const { sessions, isPending, error } = useMySessions({ fromDate: parisDayBound(addDays(today, -1), false, zone)!, toDate: parisDayBound(addDays(today, AHEAD_DAYS), true, zone) });
  const { titles } = useSessionCourses();
  const live = sessions.filter((s) => s.status === "LIVE");
  const upcoming = sessions.filter((s) => s.status === "SCHEDULED");

  const card = (s: (typeof sessions)[number]) => (
    <li key={s.id}>
      <SessionCard
        session={s}
        courseTitle={titles.get(s.courseId)}
        actions={
          <>
            <Link className="btn btn-primary" href={`/sessions/${s.id}/live`}>
              {t("sessionsDetail.openLive")}
              <span className="visually-hidden"> — {s.title}</span>
            </Link>
            <Link className="btn btn-secondary" href={`/sessions/${s.id}/attendance`}>
              {t("sessionsDetail.attendanceLink")}
              <span className="visually-hidden"> — {s.title}</span>
            </Link>
          </>
        }
      />
    </li>
  );

  return (
    <>
      <div className="page-header">
        <div>
          <h1>{t("nav.mySessions")}</h1>
          <p>{lead}</p>
        </div>
        <div className="form-actions">
          <Link className="btn btn-secondary" href="/sessions">
            {t("sessionsHome.allSessions")}
          </Link>
          <Link className="btn btn-primary" href="/sessions/new">
            {t("sessionsList.newSession")}
          </Link>
        </div>
      </div>
      {error ? <Alert kind="error">{errorMessage(error, t)}</Alert> : null}
      {isPending ? (
        <Loading shape="cards" rows={2} />
      ) : !live.length && !upcoming.length ? (
        <EmptyState title={t("sessionsHome.emptyTitle")}>
          <p>{t("sessionsHome.emptyBody")}</p>
        </EmptyState>
      ) : (
        <>
          {live.length ? (
            <section aria-labelledby="home-live" className={styles.sessionSection}>
              <h2 id="home-live">{t("sessionsHome.live")}</h2>
              <ul className={styles.sessionCards}>{live.map(card)}</ul>
            </section>
          ) : null}
          <section aria-labelledby="home-upcoming" className={styles.sessionSection}>
            <h2 id="home-upcoming">{t("sessionsHome.upcoming")}</h2>
            {upcoming.length ? <ul className={styles.sessionCards}>{upcoming.map(card)}</ul> : <p className="muted">{t("sessionsHome.noUpcoming")}</p>}
          </section>
        </>
      )}
    </>
  );
}
