"use client";

import { personName } from "@/components/learn/format";
import { useI18n } from "@/lib/i18n/client";
import { methodKey } from "./attendance-labels";
import type { RosterLearner, RosterTrainer } from "./attendance-types";
import { AttendanceStatusBadge, AttestationLink, CorrectionList, formatInZone, statusLabel } from "./attendance-status";
import { formatDuration, formatSessionTime } from "./paris-time";
import { useTenantTimeZone } from "@/components/tenant-context";
import styles from "./sessions.module.css";
import statusStyles from "./attendance-status.module.css";

/** Learners expected at the session: their status (computed by the API), how and when they signed, minutes, corrections, attestation. */
export function AttendanceLearners({ sessionId, learners, canOverride, onOverride }: { sessionId: string; learners: RosterLearner[]; canOverride: boolean; onOverride: (learner: RosterLearner) => void }) {
  const { t, locale } = useI18n();
  const zone = useTenantTimeZone();
  if (!learners.length) return <p className="muted">{t("sessionsAttendance.noLearner")}</p>;
  return (
    <div className="table-wrap" tabIndex={0} role="group" aria-label={t("sessionsAttendance.learnersCaption")}>
      <table className={`table table-stack ${styles.attendanceTable}`}>
        <caption className="visually-hidden">{t("sessionsAttendance.learnersCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("sessionsAttendance.colLearner")}</th>
            <th scope="col">{t("sessionsAttendance.colPresence")}</th>
            <th scope="col">{t("sessionsAttendance.colMethod")}</th>
            <th scope="col">{t("sessionsAttendance.colTime")}</th>
            <th scope="col">{t("sessionsAttendance.colDuration")}</th>
            <th scope="col">{t("sessionsAttendance.colActions")}</th>
          </tr>
        </thead>
        <tbody>
          {learners.map((l) => {
            const name = personName(l);
            const multi = l.slots.length > 1;
            return (
              <tr key={l.userId} data-testid="attendance-learner" data-user={l.userId}>
                <td className="cell-name" data-label={t("sessionsAttendance.colLearner")}>
                  <strong>{name}</strong>
                  <span className="muted cell-sub">{l.email}</span>
                </td>
                <td data-label={t("sessionsAttendance.colPresence")}>
                  <AttendanceStatusBadge status={l.status} lateMinutes={multi ? null : l.slots[0]?.lateMinutes} leftEarlyMinutes={multi ? null : l.slots[0]?.leftEarlyMinutes} />
                  {multi ? (
                    <ul className="plain-list cell-sub">
                      {l.slots.map((s) => (
                        <li key={s.slotId ?? s.position} className="muted">
                          {t("attStatus.slotLine", { label: s.label, status: statusLabel(t, s) })}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {l.justification ? <span className="muted cell-sub">{t("attStatus.justification", { reason: l.justification })}</span> : null}
                </td>
                <td data-label={t("sessionsAttendance.colMethod")}>
                  {l.method ? t(methodKey(l.method)) : "—"}
                  <CorrectionList corrections={l.corrections} />
                </td>
                <td data-label={t("sessionsAttendance.colTime")}>{l.signedAt ? <time dateTime={l.signedAt}>{formatInZone(l.signedAt, locale, zone)}</time> : "—"}</td>
                <td data-label={t("sessionsAttendance.colDuration")}>{l.attendanceMinutes !== null ? formatDuration(l.attendanceMinutes) : "—"}</td>
                <td className="cell-action" data-label={t("sessionsAttendance.colActions")}>
                  <div className={statusStyles.rowActions}>
                    {canOverride ? (
                      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onOverride(l)}>
                        {t("sessionsAttendance.override")}
                        <span className="visually-hidden"> — {name}</span>
                      </button>
                    ) : null}
                    <AttestationLink sessionId={sessionId} userId={l.userId} label={t("attStatus.attestation")} ariaLabel={t("attStatus.attestationOf", { name })} />
                  </div>
                </td>
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
  const zone = useTenantTimeZone();
  if (!trainers.length) return <p className="muted">{t("sessionsDetail.noTrainer")}</p>;
  return (
    <ul className={`plain-list ${styles.trainerSignatures}`}>
      {trainers.map((tr) => (
        <li key={tr.userId}>
          <strong>{personName(tr)}</strong>{" "}
          {tr.signedAt && tr.method ? (
            <span className={`badge ${styles.badgePresent}`}>{t("sessionsAttendance.countersigned", { method: t(methodKey(tr.method)), time: formatSessionTime(tr.signedAt, locale, zone) })}</span>
          ) : (
            <span className={`badge ${styles.badgeAbsent}`}>{t("sessionsAttendance.notCountersigned")}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
