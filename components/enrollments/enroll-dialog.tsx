"use client";

import { Dialog } from "@/components/ui/dialog";
import { useT } from "@/lib/i18n/client";
import { EnrollForm, type EnrollDone } from "./enroll-form";

/** The single-enrollment form in a modal dialog; re-mounted at each opening, so it starts empty. */
export function EnrollDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (done: EnrollDone) => void }) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={t("learnEnroll.dialogTitle")} wide>
      {open ? <EnrollForm onDone={onDone} onCancel={onClose} /> : null}
    </Dialog>
  );
}
