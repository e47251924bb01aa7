"use client";

import { useQuery } from "@tanstack/react-query";
import type { TEmargement } from "@/server/contracts/attendance";
import { personName } from "@/components/learn/format";
import { errorMessage } from "@/lib/api-error";
import { useI18n } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { formatSessionDate } from "./paris-time";
import { useTenantTimeZone } from "@/components/tenant-context";
import styles from "./sessions.module.css";

/**
 * The hash chain's state for this session's records (qualiopiAttendance.verify): intact, or
 * altered at a named record, which is then shown with its signer and time when it is one of ours.
 */
export function ChainStatus({ sessionId, records }: { sessionId: string; records: TEmargement[] }) {
  const { t, locale } = useI18n();
  const zone = useTenantTimeZone();
  const trpc = useTRPC();
  const verify = useQuery(trpc.qualiopiAttendance.verify.queryOptions({ sessionId }));
  let body;
  if (verify.isPending) {
    body = <span className={`badge ${styles.chainBadge}`}>{t("sessionsAttendance.chainChecking")}</span>;
  } else if (verify.isError) {
    body = <span className={`badge ${styles.chainBadge} ${styles.chainBadgeUnknown}`}>{t("sessionsAttendance.chainUnavailable", { message: errorMessage(verify.error, t) })}</span>;
  } else if (verify.data.data.valid) {
    body = (
      <>
        <span className={`badge ${styles.chainBadge} ${styles.chainBadgeOk}`}>
          <span aria-hidden="true">✓ </span>
          {t("sessionsAttendance.chainOk")}
        </span>
        <span className={`muted ${styles.chainDetail}`}>{t("sessionsAttendance.chainChecked", { count: verify.data.data.checked })}</span>
      </>
    );
  } else {
    const brokenAt = verify.data.data.brokenAt ?? "?";
    const record = records.find((r) => r.id === brokenAt);
    const who = record ? ` (${record.user ? `${personName(record.user)}, ` : ""}${formatSessionDate(record.signedAt, locale, "medium", zone)})` : "";
    body = (
      <span className={`badge ${styles.chainBadge} ${styles.chainBadgeBroken}`}>
        <span aria-hidden="true">⚠ </span>
        {t("sessionsAttendance.chainBroken")}
        {who}
      </span>
    );
  }
  return (
    <div className={styles.chainStatus} role="status" aria-live="polite">
      <span className="visually-hidden">{t("sessionsAttendance.chainLabel")} </span>
      {body}
    </div>
  );
}
