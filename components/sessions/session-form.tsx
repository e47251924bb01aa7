"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { PLACE_MODES, ZDeliveryMode, type TDeliveryMode, type TSessionDetail } from "@/server/contracts/sessions";
import { useTenantTimeZone } from "@/components/tenant-context";
import { TextareaField } from "@/components/ui/textarea-field";
import { useMe } from "@/components/shell/me-context";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { errorInfo, errorMessage } from "@/lib/api-error";
import type { FieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n/client";
import { useTRPC } from "@/lib/trpc";
import { ScheduleEditor } from "./schedule-editor";
import { readCreate, readUpdate } from "./session-form-values";
import { TrainerCheckboxes } from "./trainer-checkboxes";
import type { SessionCourse } from "./use-session-courses";
import styles from "./sessions.module.css";
import { SubmitButton } from "@/components/ui/submit-button";

type Props = { courses: SessionCourse[]; defaultCourseId?: string } & ({ mode: "create"; session?: undefined } | { mode: "edit"; session: TSessionDetail; courseTitle: string });

/**
 * "trainerIds.0" -> "trainerIds": errors are shown next to the field they belong to. Schedule
 * and place errors keep their path ("schedule.0.ranges.1.end", "place.address"): each input has one.
 */
function byField(fields: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(fields)) (out[/^(schedule|place)\./.test(k) ? k : k.split(".")[0]!] ??= []).push(...v);
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
  const timeZone = useTenantTimeZone();
  const [mode, setMode] = useState<TDeliveryMode>(session?.deliveryMode ?? "PRESENTIAL");
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

      <fieldset className={styles.modeChoice}>
        <legend>{t("sessionsPlan.mode")}</legend>
        {ZDeliveryMode.options.map((m) => (
          <label key={m} className="checkbox">
            <input type="radio" name="deliveryMode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            <span>{t(`sessionsPlan.mode${m}`)}</span>
          </label>
        ))}
      </fieldset>

      {PLACE_MODES.includes(mode) ? (
        <fieldset className={styles.placeFields}>
          <legend>{t("sessionsPlan.place")}</legend>
          {errors.place ? <p className="field-error">{errors.place.join(" ")}</p> : null}
          <div className="form-row">
            <TextField name="placeName" label={t("sessionsPlan.placeName")} defaultValue={session?.place?.name ?? ""} required maxLength={200} errors={errors["place.name"]} />
            <TextField name="placeRoom" label={t("sessionsPlan.placeRoom")} optionalLabel={t("common.optional")} defaultValue={session?.place?.room ?? ""} maxLength={200} errors={errors["place.room"]} />
          </div>
          <TextField
            name="placeAddress"
            label={t("sessionsPlan.placeAddress")}
            hint={t("sessionsPlan.placeAddressHint")}
            defaultValue={session?.place?.address ?? ""}
            required
            maxLength={500}
            autoComplete="street-address"
            errors={errors["place.address"]}
          />
        </fieldset>
      ) : null}

      <ScheduleEditor initial={session?.schedule ?? []} errors={errors} timeZone={timeZone} />

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
          <input type="checkbox" name="registerAll" defaultChecked />
          <span>
            {t("sessionsPlan.registerAll")}
            <span className={`field-hint ${styles.sessionCheckHint}`}>{t("sessionsPlan.registerAllHint")}</span>
          </span>
        </label>
      ) : null}
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
