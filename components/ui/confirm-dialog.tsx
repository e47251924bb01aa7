"use client";

import { useId } from "react";
import { useT } from "@/lib/i18n/client";
import { Dialog } from "./dialog";

/**
 * A modal confirmation on the shared Dialog: focus moves into it, Escape cancels, focus
 * returns to the button that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  /** The dismiss button's words when "Annuler" would be ambiguous (e.g. cancelling a session). */
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const messageId = useId();
  return (
    <Dialog open={open} onClose={onCancel} title={title} describedBy={messageId}>
      <p id={messageId}>{message}</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} autoFocus>
          {cancelLabel ?? t("common.cancel")}
        </button>
        <button type="button" className={danger ? "btn btn-danger" : "btn btn-primary"} onClick={onConfirm} disabled={busy}>
          {confirmLabel ?? t("common.confirm")}
        </button>
      </div>
    </Dialog>
  );
}
