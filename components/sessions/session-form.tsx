"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { TSessionDetail } from "@/server/contracts/sessions";
import { TextareaField } from "@/components/ui/textarea-field";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import type { FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { SESSION_TIME_ZONE, toParisInputs } from "./paris-time";
import { readCreate, readUpdate } from "./session-form-values";
import { TrainerCheckboxes } from "./trainer-checkboxes";
import type { SessionCourse } from "./use-session-courses";
import styles from "./sessions.module.css";
import { SubmitButton } from "@/components/ui/submit-button";

type Props = { courses: SessionCourse[]; defaultCourseId?: string } & ({ mode: "create"; session?: undefined } | { mode: "edit"; session: TSessionDetail; courseTitle: string });

/** "trainerIds.0" -> "trainerIds": errors are shown next to the field they belong to. */
function byField(fields: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(fields)) (out[k.split(".")[0]!] ??= []).push(...v);
  return out;
}

/** Schedule a session (POST /sessions) or edit a SCHEDULED one (PATCH /sessions/{id}). */
export function SessionForm(props: Props) {
  const t = useT();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const role = useMe().role;
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  // After a failed submit, focus goes to the first field in error.
  useEffect(() => {
    if (Object.keys(errors).length) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [errors]);
  const onError = (e: unknown) => setErrors(byField(errorInfo(e).fields));
  const create = useMutation(trpc.sessions.create.mutationOptions({ onError }));
  const update = useMutation(trpc.sessions.update.mutationOptions({ onError }));
  const mutation = props.mode === "create" ? create : update;
  const session = props.session;
  const when = session ? toParisInputs(session.scheduledAt) : { date: "", time: "09:00" };
  const canListTrainers = role === "ADMIN" || role === "CREATOR";

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const read = session ? readUpdate(form, session.id, t) : readCreate(form, t);
    if ("errors" in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    try {
      const { data } = session ? await update.mutateAsync(read.values as Parameters<typeof update.mutateAsync>[0]) : await create.mutateAsync(read.values as Parameters<typeof create.mutateAsync>[0]);
      await Promise.all([queryClient.invalidateQueries(trpc.sessions.pathFilter()), queryClient.invalidateQueries(trpc.qualiopiAttendance.pathFilter())]);
      router.push(`/sessions/${data.id}?${session ? "saved" : "created"}=1`);
    } catch {
      // Shown below (field errors next to their fields).
    }
  }

  const hasFieldErrors = Object.keys(errors).length > 0;
  const cancelHref = session ? `/sessions/${session.id}` : "/sessions";
  const title = session ? t("sessionsForm.editTitle") : t("sessionsForm.newTitle");
  return (
    <form ref={formRef} className={`form card ${styles.sessionForm}`} onSubmit={onSubmit} noValidate aria-label={title}>
      {hasFieldErrors ? <Alert kind="error">{t("errors.formHasErrors")}</Alert> : null}
      {mutation.isError && !hasFieldErrors ? <Alert kind="error">{errorMessage(mutation.error, t)}</Alert> : null}

      {props.mode === "create" ? (
        <SelectField
          name="courseId"
          label={t("sessionsForm.course")}
          defaultValue={props.defaultCourseId ?? ""}
          errors={errors.courseId}
          required
          options={[{ value: "", label: t("sessionsForm.chooseCourse") }, ...props.courses.map((c) => ({ value: c.id, label: c.status === "DRAFT" ? `${c.title} (${t("creatorEnums.DRAFT")})` : c.title }))]}
        />
      ) : (
        <div className="field">
          <span className="field-label">{t("sessionsForm.course")}</span>
          <p className={styles.sessionCourseFixed}>{props.courseTitle}</p>
        </div>
      )}
      <TextField name="title" label={t("sessionsForm.title")} defaultValue={session?.title ?? ""} required maxLength={200} errors={errors.title} />
      <TextareaField name="description" label={t("sessionsForm.description")} hint={t("sessionsForm.descriptionHint")} defaultValue={session?.description ?? ""} rows={4} maxLength={5000} errors={errors.description} />

      <fieldset className="session-when">
        <legend>{t("sessionsForm.when")}</legend>
        <p className="field-hint" id="session-tz-hint">
          {t("sessionsForm.timeZoneHint", { zone: SESSION_TIME_ZONE })}
        </p>
        <div className="form-row">
          <TextField name="date" type="date" label={t("sessionsForm.date")} defaultValue={when.date} required errors={errors.scheduledAt} />
          <TextField name="time" type="time" label={t("sessionsForm.time")} defaultValue={when.time} required step={300} />
          <TextField
            name="durationMinutes"
            type="number"
            inputMode="numeric"
            min={1}
            max={1440}
            step={5}
            label={t("sessionsForm.duration")}
            defaultValue={session?.durationMinutes ?? 120}
            required
            errors={errors.durationMinutes}
          />
        </div>
      </fieldset>

      <div className="form-row">
        <TextField
          name="maxParticipants"
          type="number"
          inputMode="numeric"
          min={1}
          max={10000}
          label={t("sessionsForm.capacity")}
          optionalLabel={t("common.optional")}
          hint={t("sessionsForm.capacityHint")}
          defaultValue={session?.maxParticipants ?? ""}
          errors={errors.maxParticipants}
        />
      </div>
      <label className="checkbox">
        <input type="checkbox" name="recordingEnabled" defaultChecked={session?.recordingEnabled ?? false} />
        <span>
          {t("sessionsForm.recording")}
          <span className={`field-hint ${styles.sessionCheckHint}`}>{t("sessionsForm.recordingHint")}</span>
        </span>
      </label>

      <TrainerCheckboxes canList={canListTrainers} defaultIds={session?.trainers.map((x) => x.id) ?? []} errors={errors.trainerIds} />

      {props.mode === "create" ? (
        <label className="checkbox">
          <input type="checkbox" name="sendConvocation" defaultChecked />
          <span>
            {t("sessionsForm.sendConvocation")}
            <span className={`field-hint ${styles.sessionCheckHint}`}>{t("sessionsForm.sendConvocationHint")}</span>
          </span>
        </label>
      ) : (
        <Alert kind="info">{t("sessionsForm.moveNotice")}</Alert>
      )}

      <div className="form-actions">
        <SubmitButton pending={mutation.isPending} label={session ? t("sessionsForm.save") : t("sessionsForm.create")} />
        <Link href={cancelHref} className="btn btn-secondary">
          {t("common.cancel")}
        </Link>
      </div>
    </form>
  );
}
