import styles from "./learn.module.css";
/** A lesson's state as a small icon; the state is also written in text next to it (visually hidden or not). */
export function StatusIcon({ status }: { status: "NOT_STARTED" | "IN_PROGRESS" | "COMPLETED" }) {
  return (
    <span className={`${styles.statusIcon} ${styles[`status-icon-${status}`]}`} aria-hidden="true">
      {status === "COMPLETED" ? (
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      ) : null}
    </span>
  );
}
