import type { Translate } from "@/lib/i18n/translate";
import styles from "./learn.module.css";

/** A labelled progress bar (role="progressbar" with its value), the percentage written next to it. */
export function ProgressBar({ t, percent, detail, label }: { t: Translate; percent: number; detail?: string; label?: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={styles.progress}>
      <div className={styles.progressHead}>
        <span className={styles.progressLabel}>{label ?? t("learnCommon.progress")}</span>
        <span className={styles.progressValue}>{t("learnCommon.progressValue", { percent: value })}</span>
      </div>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={detail ? `${t("learnCommon.progressValue", { percent: value })}, ${detail}` : undefined}
        aria-label={label ?? t("learnCommon.progress")}
      >
        <div className={value === 100 ? `${styles.progressFill} ${styles.progressFillDone}` : styles.progressFill} style={{ "--pct": `${value}%` }} />
      </div>
      {detail ? <p className={styles.progressDetail}>{detail}</p> : null}
    </div>
  );
}
