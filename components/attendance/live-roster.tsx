"use client";

import { useMemo } from "react";
import { personName } from "@/components/learn/format";
import { useI18n } from "@/lib/i18n/client";
import { useTenantTimeZone } from "@/components/tenant-context";
import styles from "./attendance.module.css";
import { formatTime, methodKey } from "./format";
import type { RosterLearner, SessionAttendance } from "./types";
import { useArrivals } from "./use-arrivals";
import { useNow } from "./use-now";
import { AttendanceStatusBadge } from "@/components/sessions/attendance-status";
import { Loading } from "@/components/ui/skeleton";

type Row = RosterLearner & { current: RosterLearner["slots"][number] };
const bySignedAt = (a: Row, b: Row) => Date.parse(a.current.signedAt ?? a.signedAt ?? "") - Date.parse(b.current.signedAt ?? b.signedAt ?? "");
const byName = (a: Row, b: Row) => personName(a).localeCompare(personName(b));
const ATTENDED = new Set(["PRESENT", "LATE", "LEFT_EARLY"]);

/** The slot running now, else the last one started, else the first (times from the API). */
function currentSlotIndex(slots: { startsAt: string; endsAt: string }[], now: number): number {
  const running = slots.findIndex((s) => Date.parse(s.startsAt) <= now && now < Date.parse(s.endsAt));
  if (running >= 0) return running;
  const started = slots.map((s, i) => (Date.parse(s.startsAt) <= now ? i : -1)).filter((i) => i >= 0);
  return started.length ? started[started.length - 1]! : 0;
}

/**
 * Every registered participant with their status for the current slot (computed by the API):
 * present ones (method and time, newest highlighted) and, apart, the others with their status;
 * arrivals are announced.
 */
export function LiveRoster({ attendance }: { attendance: SessionAttendance | undefined }) {
  const { t, locale } = useI18n();
  const timeZone = useTenantTimeZone();
  const now = useNow(30_000);
  const index = attendance ? currentSlotIndex(attendance.slots, now) : 0;
  const slot = attendance?.slots[index];
  const rows = useMemo(() => attendance?.learners.map((l) => ({ ...l, current: l.slots[index]! })).filter((l) => l.current) ?? [], [attendance, index]);
  const present = useMemo(() => rows.filter((l) => ATTENDED.has(l.current.status)).sort(bySignedAt), [rows]);
  const missing = useMemo(() => rows.filter((l) => !ATTENDED.has(l.current.status)).sort(byName), [rows]);
  const { fresh, announcement } = useArrivals(present, (arrived) =>
    arrived
      .map((l) => t("attLive.arrived", { name: personName(l), method: l.method ? t(methodKey(l.method)) : "", time: l.signedAt ? formatTime(l.signedAt, locale, timeZone) : "" }))
      .join(" "),
  );
  const expected = rows.length;

  return (
    <section className={`card ${styles.roster}`} aria-labelledby="roster-title">
      <div className={styles.rosterHead}>
        <h2 id="roster-title" className="card-title">
          {t("attLive.rosterTitle")}
        </h2>
        {attendance ? (
          <p className={styles.rosterCount} data-testid="roster-count">
            <strong>{present.length}</strong> / {expected} <span className="muted">{t("attLive.presentShort")}</span>
          </p>
        ) : null}
      </div>
      {attendance && attendance.slots.length > 1 && slot ? <p className="muted">{t("attStatus.currentSlot", { label: slot.label })}</p> : null}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      {!attendance ? (
        <Loading />
      ) : (
        <>
          <h3 className={styles.listTitle}>{t("attLive.presentTitle", { count: present?.length ?? 0 })}</h3>
          {present?.length ? (
            <ul className={styles.people} aria-label={t("attLive.presentList")}>
              {present.map((l) => (
                <li key={l.userId} className={styles.person} data-fresh={fresh.has(l.userId) ? true : undefined} data-testid="present-learner">
                  <span className={styles.personName}>{personName(l)}</span>
                  <span className={styles.personMeta}>
                    {l.current.status !== "PRESENT" ? <AttendanceStatusBadge {...l.current} /> : null}
                    <span className={styles.method}>{l.current.method ? t(methodKey(l.current.method)) : l.method ? t(methodKey(l.method)) : "—"}</span>
                    {l.current.signedAt ? <time dateTime={l.current.signedAt}>{formatTime(l.current.signedAt, locale, timeZone)}</time> : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t("attLive.nobodyYet")}</p>
          )}
          <h3 className={styles.listTitle}>{t("attLive.missingTitle", { count: missing.length })}</h3>
          {missing.length ? (
            <ul className={styles.people} aria-label={t("attLive.missingList")}>
              {missing.map((l) => (
                <li key={l.userId} className={`${styles.person} ${styles.personMissing}`} data-testid="missing-learner">
                  <span className={styles.personName}>{personName(l)}</span>
                  <span className={styles.personMeta}>{l.current.status === "NOT_YET" ? t("attStatus.notSignedYet") : <AttendanceStatusBadge {...l.current} />}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.allHere}>{t("attLive.everyoneHere")}</p>
          )}
        </>
      )}
    </section>
  );
}
