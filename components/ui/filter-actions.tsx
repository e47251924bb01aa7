"use client";

import styles from "./filter-actions.module.css";

type Props = {
  applyLabel: string;
  resetLabel: string;
  /** Show the reset button (a filter is set). */
  canReset: boolean;
  onReset: () => void;
};

/** The one Apply / Reset row at the end of a filter form (the form's submit applies the draft). */
export function FilterActions({ applyLabel, resetLabel, canReset, onReset }: Props) {
  return (
    <div className={styles.filterActions}>
      <button type="submit" className="btn btn-primary">
        {applyLabel}
      </button>
      {canReset ? (
        <button type="button" className="btn btn-ghost" onClick={onReset}>
          {resetLabel}
        </button>
      ) : null}
    </div>
  );
}
