"use client";

import type { TAttendanceStatus, TCorrection } from "@/server/contracts/attendance";
import type { MessageKey } from "@/messages";
import { useI18n } from "@/lib/i18n/client";
import { useTenantTimeZone } from "@/components/tenant-context";
import type { Locale } from "@/lib/i18n/config";
import type { Translate as T } from "@/lib/i18n/translate";
import styles from "./attendance-status.module.css";


const ATTENDANCE_STATUSES: TAttendanceStatus[] = ["PRESENT", "LATE", "LEFT_EARLY", "EXCUSED_ABSENCE", "ABSENT", "NOT_YET"];

/** "Présent", "En retard (25 min)", "Départ anticipé (40 min)"… */
export function statusLabel(t: T, s: { status: TAttendanceStatus; lateMinutes?: number | null; leftEarlyMinutes?: number | null }): string {
  if (s.status === "LATE" && s.lateMinutes) return t("attStatus.lateBy", { minutes: s.lateMinutes });
  if (s.status === "LEFT_EARLY" && s.leftEarlyMinutes) return t("attStatus.leftEarlyBy", { minutes: s.leftEarlyMinutes });
  return t(`attStatus.${s.status}` as MessageKey);
}

/** "14:02" (with the date when `withDate`) in the tenant's time zone. */
export function formatInZone(iso: string, locale: Locale, timeZone: string, withDate = false): string {
  return new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { timeZone, ...(withDate ? { dateStyle: "short" } : {}), timeStyle: "short" }).format(new Date(iso));
}

/** The status as a coloured badge with its words (never colour alone). */
export function AttendanceStatusBadge(props: { status: TAttendanceStatus; lateMinutes?: number | null; leftEarlyMinutes?: number | null }) {
  const { t } = useI18n();
  return (
    <span className={`badge ${styles.badge} ${styles[props.status]}`} data-status={props.status}>
      {statusLabel(t, props)}
    </span>
  );
}

/** Corrections with their author, time, status and reason (the corrected record stays named). */
export function CorrectionList({ corrections }: { corrections: TCorrection[] }) {
  const { t, locale } = useI18n();
  const zone = useTenantTimeZone();
  if (!corrections.length) return null;
  return (
    <ul className={styles.corrections}>
      {corrections.map((c) => (
        <li key={c.id} className="muted">
          {t("attStatus.correction", {
            name: c.by ? `${c.by.firstName} ${c.by.lastName}` : t("attStatus.correctionUnknown"),
            time: formatInZone(c.at, locale, zone, true),
            status: statusLabel(t, c),
            reason: c.reason ?? "",
          })}
          {c.corrected ? ` (${t("attStatus.corrected", { method: t(`sessionsAttendance.method_${c.corrected.method}` as MessageKey), time: formatInZone(c.corrected.signedAt, locale, zone) })})` : null}
        </li>
      ))}
    </ul>
  );
}

/** Counts per status ("Présent 3 · En retard 1 …"). */
export function StatusCounts({ counts }: { counts: Record<TAttendanceStatus, number> }) {
  const { t } = useI18n();
  return (
    <ul className={styles.counts} aria-label={t("attStatus.countsLabel")}>
      {ATTENDANCE_STATUSES.map((s) => (
        <li key={s}>
          <span className={`badge ${styles.badge} ${styles[s]}`} data-testid={`count-${s}`}>
            {t(`attStatus.${s}` as MessageKey)} : {counts[s]}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Download link of a learner's attestation d'assiduité (the raw PDF route, same session cookie). */
export function AttestationLink({ sessionId, userId, label, ariaLabel, className }: { sessionId: string; userId: string; label: string; ariaLabel?: string; className?: string }) {
  return (
    <a className={`${className ?? "btn btn-secondary btn-sm"} ${styles.downloadLink}`} href={`/api/v1/qualiopi/emargement/${sessionId}/attestation/${userId}`} aria-label={ariaLabel} download>
      {label}
    </a>
  );
}
