"use client";

import { useEffect, useRef } from "react";
import { useT } from "@/lib/i18n/client";
import { InviteUserForm, type CreatedUser } from "./invite-user-form";

/** The invitation form in a modal dialog (focus kept inside, Escape closes). Re-mounted at each opening, so it starts empty. */
export function InviteUserDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (user: CreatedUser) => void }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="dialog dialog-wide" aria-labelledby="invite-title" onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <h2 id="invite-title">{t("users.inviteTitle")}</h2>
      {open ? <InviteUserForm onCreated={onCreated} onCancel={onClose} /> : null}
    </dialog>
  );
}
