"use client";

import { useEffect, useRef } from "react";
import { useT } from "@/lib/i18n/client";
import { EnrollForm, type EnrollDone } from "./enroll-form";

/** The single-enrollment form in a modal dialog; re-mounted at each opening, so it starts empty. */
export function EnrollDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (done: EnrollDone) => void }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="dialog dialog-wide" aria-labelledby="enroll-title" onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <h2 id="enroll-title">{t("learnEnroll.dialogTitle")}</h2>
      {open ? <EnrollForm onDone={onDone} onCancel={onClose} /> : null}
    </dialog>
  );
}
