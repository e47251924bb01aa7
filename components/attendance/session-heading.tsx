"use client";

import { useI18n } from "@/lib/i18n/client";
import styles from "./attendance.module.css";
import { formatRange, sessionStatusKey } from "./format";
import { useTenantTimeZone } from "@/components/tenant-context";
import { formatPlace } from "@/server/contracts/sessions";
import { formatSchedule } from "@/components/sessions/paris-time";

export type SessionPlaceLike = { name: string; address: string; room?: string | null };

/** Title, time slot, state and place (PRESENTIAL, HYBRID) of a session, as a learner and a trainer both see it. */
export function SessionFacts({
  session,
}: {
  session: { title: string; scheduledAt: string; endsAt: string; status: string; place?: SessionPlaceLike | null; schedule?: { date: string; ranges: { start: string; end: string }[] }[] };
}) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  // A session over several days or with a break reads as its schedule (tenant wall-clock times).
  const multi = session.schedule && (session.schedule.length > 1 || (session.schedule[0]?.ranges.length ?? 0) > 1);
  return (
    <p className={styles.facts}>
      <span className={`${styles.status} ${styles[`status${session.status}`] ?? ""}`}>{t(sessionStatusKey(session.status))}</span>
      {multi ? <span>{formatSchedule(session.schedule!, locale).join(" ; ")}</span> : <span>{formatRange(session.scheduledAt, session.endsAt, locale, timeZone)}</span>}
      {session.place ? (
        <span>
          <span aria-hidden="true">📍 </span>
          <span className="visually-hidden">{t("sessionsPlan.place")} : </span>
          {formatPlace(session.place)}
        </span>
      ) : null}
    </p>
  );
}
