"use client";

import { useT } from "@/lib/i18n/client";
import styles from "./skeleton.module.css";

/** One grey placeholder block; decorative (the region around it says "Chargement…"). */
function Skeleton({ className, width }: { className?: string; width?: string }) {
  return <span aria-hidden="true" className={className ? `${styles.block} ${className}` : styles.block} style={width ? { width } : undefined} />;
}

export type LoadingShape = "table" | "cards" | "page" | "lines";

/**
 * What a view shows while its data loads, in the shape of what is coming: a table's rows, a
 * grid of cards, a page's title and panels, or a few lines. Assistive technology hears
 * "Chargement…" once (role="status"); the blocks themselves are hidden from it.
 */
export function Loading({ shape = "lines", rows: wanted }: { shape?: LoadingShape; rows?: number }) {
  const t = useT();
  const rows = wanted ?? (shape === "cards" ? 3 : 5);
  const count = Array.from({ length: rows }, (_, i) => i);
  return (
    <div className={styles.region} role="status" aria-busy="true">
      <span className="visually-hidden">{t("common.loading")}</span>
      {shape === "table" ? (
        <div className={styles.table}>
          <div className={styles.tableHead} />
          {count.map((i) => (
            <div key={i} className={styles.row}>
              <Skeleton width={i % 2 ? "70%" : "85%"} />
              <Skeleton width="60%" />
              <Skeleton width="40%" />
            </div>
          ))}
        </div>
      ) : shape === "cards" ? (
        <div className={styles.cards}>
          {count.map((i) => (
            <div key={i} className={styles.card}>
              <Skeleton className={styles.cardBand} />
              <Skeleton width="80%" />
              <Skeleton className={styles.line} />
              <Skeleton className={styles.short} />
            </div>
          ))}
        </div>
      ) : shape === "page" ? (
        <>
          <Skeleton className={styles.title} />
          <Skeleton className={styles.line} />
          <Skeleton className={styles.short} />
          {count.slice(0, Math.max(1, Math.min(rows, 3))).map((i) => (
            <Skeleton key={i} className={styles.panel} />
          ))}
        </>
      ) : (
        count.map((i) => <Skeleton key={i} className={i === rows - 1 ? styles.short : styles.line} />)
      )}
    </div>
  );
}
