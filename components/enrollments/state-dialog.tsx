"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import { personName } from "@/components/learn/format";
import type { EnrollmentListItem } from "@/components/learn/types";
import { Alert } from "@/components/ui/alert";
import { Dialog } from "@/components/ui/dialog";
import { TextareaField } from "@/components/ui/textarea-field";
import { useT } from "@/lib/i18n/client";

export type StateAction = "suspend" | "reactivate" | "revoke";
export type PendingMove = { enrollment: EnrollmentListItem; action: StateAction };

const MAX_REASON = 500;

/**
 * Confirms a suspension, reactivation or revocation. Suspending takes an optional reason,
 * revoking a required one (the learner sees it; the webhook event carries it); reactivating none.
 */
export function StateDialog({
  pending,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  pending: PendingMove | null;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: string | undefined) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const messageId = useId();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    setReason("");
    setMissing(false);
  }, [pending?.enrollment.id, pending?.action]);
  const action = pending?.action ?? "suspend";
  const name = pending ? personName(pending.enrollment.learner) : "";
  const course = pending?.enrollment.course.title ?? "";
  const withReason = action !== "reactivate";

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = reason.trim();
    if (action === "revoke" && !trimmed) {
      setMissing(true);
      return;
    }
    onConfirm(withReason && trimmed ? trimmed : undefined);
  }

  return (
    <Dialog open={pending !== null} onClose={onCancel} title={t(`learnEnroll.${action}Title`)} describedBy={messageId}>
      <form onSubmit={submit} noValidate>
        <p id={messageId}>{t(`learnEnroll.${action}Message`, { name, course })}</p>
        {withReason ? (
          <TextareaField
            name="reason"
            label={t("learnEnroll.reasonLabel")}
            hint={t(action === "revoke" ? "learnEnroll.reasonRequired" : "learnEnroll.reasonOptional")}
            errors={missing ? [t("learnEnroll.reasonMissing")] : undefined}
            required={action === "revoke"}
            maxLength={MAX_REASON}
            rows={3}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (missing) setMissing(false);
            }}
          />
        ) : null}
        {error ? <Alert kind="error">{error}</Alert> : null}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t("common.cancel")}
          </button>
          <button type="submit" className={action === "reactivate" ? "btn btn-primary" : "btn btn-danger"} disabled={busy}>
            {t(`learnEnroll.${action}Confirm`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
