import type { Translate } from "@/lib/i18n/translate";
import styles from "./learn.module.css";

/** Shown when every lesson is completed (progress 100 %). */
export function CompletionBanner({ t, title }: { t: Translate; title: string }) {
  return (
    <div className={styles.completionBanner} role="status">
      <span className={styles.completionIcon} aria-hidden="true">
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
          <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4ZM17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />
        </svg>
      </span>
      <div>
        <p className={styles.completionTitle}>{t("learnPlayer.courseDone", { title })}</p>
        <p className={styles.completionBody}>{t("learnPlayer.courseDoneBody")}</p>
      </div>
    </div>
  );
}
