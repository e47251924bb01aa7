"use client";

import { personName } from "@/components/learn/format";
import { useI18n } from "@/lib/i18n/client";
import { methodKey } from "./attendance-labels";
import type { RosterLearner, RosterTrainer } from "./attendance-types";
import { formatDuration, formatSessionTime } from "./paris-time";
import styles from "./sessions.module.css";

/** Learners expected at the session: present or absent, how and when they signed, time connected. */
export function AttendanceLearners({ learners, canOverride, onOverride }: { learners: RosterLearner[]; canOverride: boolean; onOverride: (learner: RosterLearner) => void }) {
  const { t, locale } = useI18n();
  if (!learners.length) return <p className="muted">{t("sessionsAttendance.noLearner")}</p>;
  return (
    <div className="table-wrap">
      <table className={`table table-stack ${styles.attendanceTable}`}>
        <caption className="visually-hidden">{t("sessionsAttendance.learnersCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("sessionsAttendance.colLearner")}</th>
            <th scope="col">{t("sessionsAttendance.colPresence")}</th>
            <th scope="col">{t("sessionsAttendance.colMethod")}</th>
            <th scope="col">{t("sessionsAttendance.colTime")}</th>
            <th scope="col">{t("sessionsAttendance.colDuration")}</th>
            {canOverride ? <th scope="col">{t("sessionsAttendance.colActions")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {learners.map((l) => {
            const name = personName(l);
            const overridden = l.records.findLast((r) => r.method === "OVERRIDE");
            return (
              <tr key={l.userId}>
                <td className="cell-name" data-label={t("sessionsAttendance.colLearner")}>
                  <strong>{name}</strong>
                  <span className="muted cell-sub">{l.email}</span>
                </td>
                <td data-label={t("sessionsAttendance.colPresence")}>
                  <span className={`badge ${l.present ? styles.badgePresent : styles.badgeAbsent}`}>{l.present ? t("sessionsAttendance.present") : t("sessionsAttendance.absent")}</span>
                </td>
                <td data-label={t("sessionsAttendance.colMethod")}>
                  {l.method ? t(methodKey(l.method)) : "—"}
                  {overridden?.reason ? <span className="muted cell-sub">{t("sessionsAttendance.overrideReason", { reason: overridden.reason })}</span> : null}
                </td>
                <td data-label={t("sessionsAttendance.colTime")}>{l.signedAt ? <time dateTime={l.signedAt}>{formatSessionTime(l.signedAt, locale)}</time> : "—"}</td>
                <td data-label={t("sessionsAttendance.colDuration")}>{l.attendanceMinutes !== null ? formatDuration(l.attendanceMinutes) : "—"}</td>
                {canOverride ? (
                  <td className="cell-action" data-label={t("sessionsAttendance.colActions")}>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => onOverride(l)}>
                      {t("sessionsAttendance.override")}
                      <span className="visually-hidden"> — {name}</span>
                    </button>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The session's trainers and their countersignature. */
export function AttendanceTrainers({ trainers }: { trainers: RosterTrainer[] }) {
  const { t, locale } = useI18n();
  if (!trainers.length) return <p className="muted">{t("sessionsDetail.noTrainer")}</p>;
  return (
    <ul className={`plain-list ${styles.trainerSignatures}`}>
      {trainers.map((tr) => (
        <li key={tr.userId}>
          <strong>{personName(tr)}</strong>{" "}
          {tr.signedAt && tr.method ? (
            <span className={`badge ${styles.badgePresent}`}>{t("sessionsAttendance.countersigned", { method: t(methodKey(tr.method)), time: formatSessionTime(tr.signedAt, locale) })}</span>
          ) : (
            <span className={`badge ${styles.badgeAbsent}`}>{t("sessionsAttendance.notCountersigned")}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
