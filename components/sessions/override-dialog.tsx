"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { ZOverrideInput } from "@/server/contracts/attendance";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { personName } from "@/components/learn/format";
import { Alert } from "@/components/ui/alert";
import { errorInfo, errorMessage } from "@/lib/api-error";
import { zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import type { RosterLearner } from "./attendance-types";
import styles from "./sessions.module.css";

const MIN_REASON = 20;

type Props = { sessionId: string; learner: RosterLearner | null; defaultMinutes: number; onClose: () => void; onDone: (name: string) => void };

/** ADMIN correction of a learner's attendance (attendance.override): a new OVERRIDE record, never an edit. */
export function OverrideDialog({ learner, onClose, ...rest }: Props) {
  const t = useT();
  const title = learner ? t("sessionsAttendance.overrideTitle", { name: personName(learner) }) : t("sessionsAttendance.override");
  return (
    <Dialog open={learner !== null} onClose={onClose} title={title} wide>
      {learner ? <OverrideForm key={learner.userId} learner={learner} onClose={onClose} {...rest} /> : null}
    </Dialog>
  );
}

function OverrideForm({ sessionId, learner, defaultMinutes, onClose, onDone }: Omit<Props, "learner"> & { learner: RosterLearner }) {
  const t = useT();
  const trpc = useTRPC();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const override = useMutation(trpc.attendance.override.mutationOptions({ onError: (e) => setErrors(errorInfo(e).fields) }));
  const length = reason.trim().length;
  const enough = length >= MIN_REASON;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const minutesText = String(new FormData(event.currentTarget).get("attendanceMinutes") ?? "").trim();
    const parsed = ZOverrideInput.safeParse({ sessionId, userId: learner.userId, reason: reason.trim(), attendanceMinutes: minutesText === "" ? Number.NaN : Number(minutesText) });
    // The contract leaves the length rule to the API (422 errors.reason); say it here first, in the user's language.
    const found: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error, t);
    if (!enough) found.reason = [t("errors.minLength", { min: MIN_REASON })];
    if (!parsed.success || Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await override.mutateAsync(parsed.data);
      onDone(personName(learner));
    } catch {
      // Shown below.
    }
  }

  const countId = `${reasonId}-count`;
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="muted">{t("sessionsAttendance.overrideIntro")}</p>
      {override.isError && !Object.keys(errors).length ? <Alert kind="error">{errorMessage(override.error, t)}</Alert> : null}
      <TextareaField
        fieldId={reasonId}
        name="reason"
        label={t("sessionsAttendance.reason")}
        inputClassName="override-reason"
        rows={4}
        maxLength={2000}
        required
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        errors={errors.reason}
        hint={t("sessionsAttendance.reasonHint", { min: MIN_REASON })}
        describedBy={[countId]}
        after={
          <>
            <p id={countId} className={enough ? `field-hint reason-count ${styles.reasonCountOk}` : "field-hint reason-count"}>
              {t("sessionsAttendance.reasonCount", { count: length, min: MIN_REASON })}
            </p>
            {/* Announced once, when the minimum is reached, not at each keystroke. */}
            <p className="visually-hidden" aria-live="polite">
              {enough ? t("sessionsAttendance.reasonEnough") : ""}
            </p>
          </>
        }
      />
      <TextField
        name="attendanceMinutes"
        type="number"
        inputMode="numeric"
        min={0}
        label={t("sessionsAttendance.minutes")}
        hint={t("sessionsAttendance.minutesHint")}
        defaultValue={learner.attendanceMinutes ?? defaultMinutes}
        required
        errors={errors.attendanceMinutes}
      />
      <DialogFormActions onCancel={onClose} submitLabel={t("sessionsAttendance.overrideSubmit")} busy={override.isPending} />
    </form>
  );
}
