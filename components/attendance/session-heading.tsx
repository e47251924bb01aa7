"use client";

import { useI18n } from "@/lib/i18n/client";
import styles from "./attendance.module.css";
import { formatSlot, sessionStatusKey } from "./format";

/** Title, time slot and state of a session, as a learner and a trainer both see it. */
export function SessionFacts({ session }: { session: { title: string; scheduledAt: string; durationMinutes: number; status: string } }) {
  const { t, locale } = useI18n();
  return (
    <p className={styles.facts}>
      <span className={`${styles.status} ${styles[`status${session.status}`] ?? ""}`}>{t(sessionStatusKey(session.status))}</span>
      <span>{formatSlot(session.scheduledAt, session.durationMinutes, locale)}</span>
    </p>
  );
}
