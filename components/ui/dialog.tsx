"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { useT } from "@/lib/i18n/client";
import styles from "./dialog.module.css";

type Props = {
  open: boolean;
  /** Escape, or the caller's own cancel button. */
  onClose: () => void;
  title: ReactNode;
  /** Forms and drawing pads get the wide layout. */
  wide?: boolean;
  /** Id of the element that describes the dialog (a confirmation's message). */
  describedBy?: string;
  /** A layout of its own (the lesson editor): a class on the <dialog>, one on the title row. */
  className?: string;
  headClassName?: string;
  /** Beside the title (a close button). */
  headerAction?: ReactNode;
  children: ReactNode;
};

/**
 * The one modal shell, on the native <dialog>: shown with showModal() while `open` (focus moves
 * into it and stays there), Escape calls onClose, and focus returns to the opener on close.
 */
export function Dialog({ open, onClose, title, wide, describedBy, className, headClassName, headerAction, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={[styles.dialog, wide ? styles.wide : null, className].filter(Boolean).join(" ")}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {headerAction ? (
        <div className={headClassName}>
          <h2 id={titleId}>{title}</h2>
          {headerAction}
        </div>
      ) : (
        <h2 id={titleId}>{title}</h2>
      )}
      {children}
    </dialog>
  );
}

/** A dialog form's buttons: cancel, then submit (its label while busy defaults to "Enregistrement…"). */
export function DialogFormActions({ onCancel, submitLabel, busy, busyLabel }: { onCancel: () => void; submitLabel: string; busy: boolean; busyLabel?: string }) {
  const t = useT();
  return (
    <div className="dialog-actions">
      <button type="button" className="btn btn-secondary" onClick={onCancel}>
        {t("common.cancel")}
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? (busyLabel ?? t("common.saving")) : submitLabel}
      </button>
    </div>
  );
}
