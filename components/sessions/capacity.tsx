import type { Translate } from "@/lib/i18n/translate";
import styles from "./sessions.module.css";

/** "12 / 20" (registered / places), or "12" when there is no cap; the full sentence for screen readers. */
export function Capacity({ registered, max, t }: { registered: number; max: number | null; t: Translate }) {
  const full = max !== null && registered >= max;
  const label = max === null ? t("sessionsList.registeredNoCap", { count: registered }) : t("sessionsList.registeredOf", { count: registered, max });
  return (
    <span className={full ? `${styles.sessionCapacity} ${styles.sessionCapacityFull}` : styles.sessionCapacity} title={label}>
      <span aria-hidden="true">{max === null ? registered : `${registered} / ${max}`}</span>
      <span className="visually-hidden">{label}</span>
      {full ? <span className={`badge ${styles.sessionFullBadge}`}>{t("sessionsList.full")}</span> : null}
    </span>
  );
}
