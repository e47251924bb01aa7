import type { ReactNode } from "react";
import styles from "./empty-state.module.css";

/** An empty list: one sentence in the empty-state frame. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <div className={styles.emptyState}>
      <p className={styles.line}>{children}</p>
    </div>
  );
}

/** An honest empty screen: what is missing and what will be here. */
export function EmptyState({ title, children, badge, action, headingLevel = 2 }: { title: string; children: ReactNode; badge?: string; action?: ReactNode; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className={styles.emptyState} aria-label={title}>
      <div className={styles.emptyStateIcon} aria-hidden="true">
        <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M4 19.5V6a2 2 0 0 1 2-2h9l5 5v10.5a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 19.5Z" />
          <path d="M14 4v5h5M8 13h8M8 17h5" />
        </svg>
      </div>
      {badge ? <p><span className={`badge ${styles.badgeSoon}`}>{badge}</span></p> : null}
      <Heading>{title}</Heading>
      {children}
      {action}
    </section>
  );
}
