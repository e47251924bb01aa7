"use client";

import { Dialog } from "@/components/ui/dialog";
import { useT } from "@/lib/i18n/client";
import { InviteUserForm, type CreatedUser } from "./invite-user-form";

/** The invitation form in a modal dialog (focus kept inside, Escape closes). Re-mounted at each opening, so it starts empty. */
export function InviteUserDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (user: CreatedUser) => void }) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={t("users.inviteTitle")} wide>
      {open ? <InviteUserForm onCreated={onCreated} onCancel={onClose} /> : null}
    </Dialog>
  );
}
