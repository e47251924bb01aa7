"use client";

import type { ChangeEvent } from "react";
import styles from "./lesson-editor.module.css";

/**
 * A file picker that looks like a button: the real input stays in the tab order (visually
 * hidden inside the label), so Enter or Space opens the picker and the focus ring shows.
 */
export function FileButton({ label, accept, disabled, onFile }: { label: string; accept?: string; disabled?: boolean; onFile: (file: File) => void }) {
  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) onFile(file);
  }
  return (
    <label className={`btn btn-secondary ${styles.fileButton}${disabled ? ` ${styles.isDisabled}` : ""}`}>
      <input type="file" className="visually-hidden" accept={accept} disabled={disabled} onChange={onChange} />
      <span>{label}</span>
    </label>
  );
}
