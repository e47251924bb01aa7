"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/api-error";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import styles from "./signing.module.css";

/**
 * "Renvoyer le rappel" on the trainer's live screen: after a confirmation, the signing reminder
 * goes now to the registered learners who have not signed the current slot
 * (attendanceSigning.sendReminder); the number mailed is announced.
 */
export function ReminderButton({ sessionId }: { sessionId: string }) {
  const t = useT();
  const trpc = useTRPC();
  const send = useMutation(trpc.attendanceSigning.sendReminder.mutationOptions());
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={styles.reminder}>
      <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)} disabled={send.isPending}>
        {send.isPending ? t("attReminder.sending") : t("attReminder.button")}
      </button>
      <p role="status" className="field-hint" data-testid="reminder-result">
        {send.isSuccess ? t("attReminder.sent", { count: send.data.data.sent }) : null}
      </p>
      {send.isError ? (
        <p className="field-error" role="alert">
          {errorMessage(send.error, t)}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t("attReminder.title")}
        message={t("attReminder.message")}
        confirmLabel={t("attReminder.confirm")}
        busy={send.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          send.mutate({ sessionId });
        }}
      />
    </div>
  );
}
