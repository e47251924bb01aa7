"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { ZOverrideInput, type TSettableStatus } from "@/server/contracts/attendance";
import type { MessageKey } from "@/messages";
import { SelectField } from "@/components/ui/select-field";
import { statusLabel } from "./attendance-status";
import statusStyles from "./attendance-status.module.css";
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
const SETTABLE: TSettableStatus[] = ["PRESENT", "LATE", "LEFT_EARLY", "EXCUSED_ABSENCE", "ABSENT"];

type Props = { sessionId: string; learner: RosterLearner | null; onClose: () => void; onDone: (name: string) => void };

/** ADMIN correction of a learner's attendance (attendance.override): a new OVERRIDE record setting a status, never an edit. */
export function OverrideDialog({ learner, onClose, ...rest }: Props) {
  const t = useT();
  const title = learner ? t("sessionsAttendance.overrideTitle", { name: personName(learner) }) : t("sessionsAttendance.override");
  return (
    <Dialog open={learner !== null} onClose={onClose} title={title} wide>
      {learner ? <OverrideForm key={learner.userId} learner={learner} onClose={onClose} {...rest} /> : null}
    </Dialog>
  );
}

function OverrideForm({ sessionId, learner, onClose, onDone }: Omit<Props, "learner"> & { learner: RosterLearner }) {
  const t = useT();
  const trpc = useTRPC();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [status, setStatus] = useState<TSettableStatus>(learner.status === "NOT_YET" ? "PRESENT" : learner.status);
  const [errors, setErrors] = useState<FieldErrors>({});
  const override = useMutation(trpc.attendance.override.mutationOptions({ onError: (e) => setErrors(errorInfo(e).fields) }));
  const length = reason.trim().length;
  const enough = length >= MIN_REASON;
  const slots = learner.slots.filter((s) => s.slotId !== null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const minutes = (name: string) => (text(name) === "" ? Number.NaN : Number(text(name)));
    const body = {
      sessionId,
      userId: learner.userId,
      reason: reason.trim(),
      status,
      ...(text("slotId") ? { slotId: text("slotId") } : {}),
      ...(status === "LATE" ? { lateMinutes: minutes("lateMinutes") } : {}),
      ...(status === "LEFT_EARLY" ? { leftEarlyMinutes: minutes("leftEarlyMinutes") } : {}),
    };
    const parsed = ZOverrideInput.safeParse(body);
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
      <fieldset className={statusStyles.fieldset}>
        <legend className="label">{t("attStatus.overrideStatus")}</legend>
        <div className={statusStyles.statusChoices}>
          {SETTABLE.map((s) => (
            <label key={s} className={statusStyles.statusChoice}>
              <input type="radio" name="status" value={s} checked={status === s} onChange={() => setStatus(s)} />
              <span>{t(`attStatus.${s}` as MessageKey)}</span>
            </label>
          ))}
        </div>
        {errors.status ? <p className="field-error">{errors.status.join(" ")}</p> : null}
      </fieldset>
      {slots.length > 1 ? (
        <SelectField
          name="slotId"
          label={t("attStatus.overrideSlot")}
          defaultValue=""
          options={[{ value: "", label: t("attStatus.wholeSession") }, ...slots.map((s) => ({ value: s.slotId!, label: `${s.label} — ${statusLabel(t, s)}` }))]}
          errors={errors.slotId}
        />
      ) : null}
      {status === "LATE" ? (
        <TextField name="lateMinutes" type="number" inputMode="numeric" min={1} label={t("attStatus.lateMinutes")} required errors={errors.lateMinutes} />
      ) : null}
      {status === "LEFT_EARLY" ? (
        <TextField name="leftEarlyMinutes" type="number" inputMode="numeric" min={1} label={t("attStatus.leftEarlyMinutes")} required errors={errors.leftEarlyMinutes} />
      ) : null}
      <p className="field-hint">{t("attStatus.minutesHintStatus")}</p>
      {errors.attendanceMinutes ? <p className="field-error">{errors.attendanceMinutes.join(" ")}</p> : null}
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
      <DialogFormActions onCancel={onClose} submitLabel={t("sessionsAttendance.overrideSubmit")} busy={override.isPending} />
    </form>
  );
}
