import { ZCreateSessionInput, ZUpdateSessionInput, type TCreateSessionInput, type TUpdateSessionInput } from "@/server/contracts/sessions";
import { zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import type { Translate } from "@/lib/i18n/translate";
import { fromParisInputs } from "./paris-time";

type Read<T> = { values: T } | { errors: FieldErrors };

/** Shared fields of the create and edit forms; the date and time are Paris wall-clock time. */
function readCommon(form: HTMLFormElement, t: Translate) {
  const data = new FormData(form);
  const str = (k: string) => String(data.get(k) ?? "").trim();
  const errors: FieldErrors = {};
  const scheduledAt = fromParisInputs(str("date"), str("time"));
  if (!scheduledAt) errors.scheduledAt = [t("sessionsForm.dateInvalid")];
  const int = (k: string) => (str(k) === "" ? undefined : Number(str(k)));
  const capacity = int("maxParticipants");
  return {
    errors,
    raw: {
      title: str("title"),
      description: String(data.get("description") ?? ""),
      scheduledAt: scheduledAt ?? "",
      durationMinutes: int("durationMinutes") ?? Number.NaN,
      maxParticipants: capacity,
      recordingEnabled: data.get("recordingEnabled") === "on",
    },
    trainerIds: data.getAll("trainerIds").map(String),
    // Only when the member list is on screen: an update without it keeps the trainers as they are.
    hasTrainerList: form.querySelector('input[name="trainerIds"]') !== null,
    str,
    data,
  };
}

function parsed<T>(result: { success: true; data: T } | { success: false; error: Parameters<typeof zodFieldErrors>[0] }, errors: FieldErrors, t: Translate): Read<T> {
  if (!result.success) Object.assign(errors, { ...zodFieldErrors(result.error, t), ...errors });
  if (Object.keys(errors).length || !result.success) return { errors };
  return { values: result.data };
}

export function readCreate(form: HTMLFormElement, t: Translate): Read<TCreateSessionInput> {
  const { errors, raw, trainerIds, hasTrainerList, str, data } = readCommon(form, t);
  if (!str("courseId")) errors.courseId = [t("errors.required")];
  const input = { ...raw, courseId: str("courseId"), sendConvocation: data.get("sendConvocation") === "on", trainerIds: hasTrainerList ? trainerIds : [] };
  return parsed(ZCreateSessionInput.safeParse(input), errors, t);
}

export function readUpdate(form: HTMLFormElement, id: string, t: Translate): Read<TUpdateSessionInput> {
  const { errors, raw, trainerIds, hasTrainerList } = readCommon(form, t);
  const input = { ...raw, id, maxParticipants: raw.maxParticipants ?? null, ...(hasTrainerList ? { trainerIds } : {}) };
  return parsed(ZUpdateSessionInput.safeParse(input), errors, t);
}
