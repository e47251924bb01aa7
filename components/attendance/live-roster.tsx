"use client";

import { useMemo } from "react";
import { personName } from "@/components/learn/format";
import { useI18n } from "@/lib/i18n/client";
import styles from "./attendance.module.css";
import { formatTime, methodKey } from "./format";
import type { RosterLearner, SessionAttendance } from "./types";
import { useArrivals } from "./use-arrivals";
import { Loading } from "@/components/ui/skeleton";

const bySignedAt = (a: RosterLearner, b: RosterLearner) => Date.parse(a.signedAt ?? "") - Date.parse(b.signedAt ?? "");
const byName = (a: RosterLearner, b: RosterLearner) => personName(a).localeCompare(personName(b));

/** Present learners (method and time, newest highlighted) and, apart, who is still missing; arrivals are announced. */
export function LiveRoster({ attendance }: { attendance: SessionAttendance | undefined }) {
  const { t, locale } = useI18n();
  const present = useMemo(() => attendance?.learners.filter((l) => l.present).sort(bySignedAt), [attendance]);
  const missing = useMemo(() => attendance?.learners.filter((l) => !l.present).sort(byName) ?? [], [attendance]);
  const { fresh, announcement } = useArrivals(present, (arrived) =>
    arrived
      .map((l) => t("attLive.arrived", { name: personName(l), method: l.method ? t(methodKey(l.method)) : "", time: l.signedAt ? formatTime(l.signedAt, locale) : "" }))
      .join(" "),
  );
  const summary = attendance?.summary;

  return (
    <section className={`card ${styles.roster}`} aria-labelledby="roster-title">
      <div className={styles.rosterHead}>
        <h2 id="roster-title" className="card-title">
          {t("attLive.rosterTitle")}
        </h2>
        {summary ? (
          <p className={styles.rosterCount} data-testid="roster-count">
            <strong>{summary.present}</strong> / {summary.expected} <span className="muted">{t("attLive.presentShort")}</span>
          </p>
        ) : null}
      </div>
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
                    <span className={styles.method}>{l.method ? t(methodKey(l.method)) : "—"}</span>
                    {l.signedAt ? <time dateTime={l.signedAt}>{formatTime(l.signedAt, locale)}</time> : null}
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
                  <span className={styles.personMeta}>{t("attLive.notSigned")}</span>
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
