import { PLACE_MODES, ZCreateSessionInput, ZDeliveryMode, ZUpdateSessionInput, type TCreateSessionInput, type TUpdateSessionInput } from "@/server/contracts/sessions";
import { zodFieldErrors, type FieldErrors } from "@/lib/form-errors";
import type { Translate } from "@/lib/i18n/translate";
import { readSchedule } from "./schedule-editor";

type Read<T> = { values: T } | { errors: FieldErrors };

/**
 * Shared fields of the create and edit forms: the schedule (days and ranges in the tenant's
 * wall-clock time; the server derives scheduledAt and durationMinutes), the mode and its place.
 */
function readCommon(form: HTMLFormElement) {
  const data = new FormData(form);
  const str = (k: string) => String(data.get(k) ?? "").trim();
  const errors: FieldErrors = {};
  const int = (k: string) => (str(k) === "" ? undefined : Number(str(k)));
  const mode = ZDeliveryMode.catch("PRESENTIAL").parse(str("deliveryMode"));
  const room = str("placeRoom");
  const place = PLACE_MODES.includes(mode) ? { name: str("placeName"), address: str("placeAddress"), room: room || null } : null;
  const capacity = int("maxParticipants");
  return {
    errors,
    raw: {
      title: str("title"),
      description: String(data.get("description") ?? ""),
      schedule: readSchedule(data),
      deliveryMode: mode,
      place,
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
  const { errors, raw, trainerIds, hasTrainerList, str, data } = readCommon(form);
  if (!str("courseId")) errors.courseId = [t("errors.required")];
  const input = {
    ...raw,
    courseId: str("courseId"),
    sendConvocation: data.get("sendConvocation") === "on",
    trainerIds: hasTrainerList ? trainerIds : [],
    // Checked: registration AUTO, every learner of the course, later ones included; else a LIST, empty for now.
    ...(data.get("registerAll") === "on" ? { registration: "AUTO" } : { registration: "LIST", participantUserIds: [] }),
  };
  return parsed(ZCreateSessionInput.safeParse(input), errors, t);
}

export function readUpdate(form: HTMLFormElement, id: string, t: Translate): Read<TUpdateSessionInput> {
  const { errors, raw, trainerIds, hasTrainerList } = readCommon(form);
  const input = { ...raw, id, maxParticipants: raw.maxParticipants ?? null, ...(hasTrainerList ? { trainerIds } : {}) };
  return parsed(ZUpdateSessionInput.safeParse(input), errors, t);
}
