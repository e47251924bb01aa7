import { z } from "zod";
import { ZSettableStatus, ZSlotStatus, ZStatusTotals } from "./attendance";
import { envelope, ZId, ZTimestamp } from "./common";

/**
 * The attendance sheet (feuille d'émargement) of a live session: JSON data and the PDF.
 * Isomorphic (zod only); the service is server/services/attendance/sheet/.
 */
const ZSheetMethod = z.enum(["QR", "QR_CODE", "PIN", "CANVAS", "AUTO", "OVERRIDE"]);
export type TSheetMethod = z.infer<typeof ZSheetMethod>;

export const ZSheetInput = z.strictObject({
  sessionId: ZId("ses"),
  slotId: z.string().min(1).max(64).optional().describe("Only this slot of the session (attendance_slots id); 404 when it is not one of the session's slots"),
});

const ZPerson = z.object({ userId: z.string(), firstName: z.string(), lastName: z.string() });

const ZSheetRecord = z.object({
  id: z.string(),
  slotId: z.string().nullable().describe("null: a session-level record, which counts for every slot"),
  method: ZSheetMethod,
  signedAt: ZTimestamp,
  hasSignature: z.boolean().describe("A drawn (CANVAS) signature image is stored"),
  signatureUrl: z.string().nullable().describe("Authenticated PNG download of the drawn signature"),
  attendanceMinutes: z.number().int().nullable(),
  attendanceRate: z.number().nullable().describe("0..1 (AUTO)"),
  sealedHash: z.string(),
});
export type TSheetRecord = z.infer<typeof ZSheetRecord>;

const ZSheetOverride = z.object({
  id: z.string(),
  slotId: z.string().nullable(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  signedAt: ZTimestamp,
  attendanceMinutes: z.number().int().nullable(),
  reason: z.string().nullable(),
  overrideBy: ZPerson.nullable().describe("The ADMIN who made the correction"),
  status: ZSettableStatus.describe("The status it sets (for a minutes-only correction: PRESENT when it gives minutes, else ABSENT; under a slot, that slot's share)"),
  minutesOnly: z.boolean().describe("true: the correction gives the minutes attended (attendanceMinutes) and no status; session-wide they fill the slots in order"),
  lateMinutes: z.number().int().nullable(),
  leftEarlyMinutes: z.number().int().nullable(),
  correctsId: z.string().nullable().describe("The record it corrected"),
  sealedHash: z.string(),
});
export type TSheetOverride = z.infer<typeof ZSheetOverride>;

const ZSheetTrainerEntry = ZPerson.extend({
  signed: z.boolean(),
  record: ZSheetRecord.nullable().describe("The trainer's signature for this slot (or a session-level one)"),
});

const ZSheetLearnerEntry = ZPerson.extend({
  email: z.string(),
  enrollmentId: z.string().nullable(),
  enrolled: z.boolean().describe("Holds an ACTIVE or COMPLETED enrollment of the course now (false: signed earlier, enrollment since cancelled)"),
  ...ZSlotStatus.pick({ status: true, minutes: true, lateMinutes: true, leftEarlyMinutes: true, justification: true, signedAt: true }).shape,
  signature: ZSheetRecord.nullable().describe("The learner's own record for the slot (signature, else AUTO) whatever a correction decided"),
  record: ZSheetRecord.nullable().describe("The record that decided the status; null when ABSENT or NOT_YET without any record"),
  overrides: z.array(ZSheetOverride).describe("Corrections that apply to this slot, oldest first; the latest decides"),
});
export type TSheetLearnerEntry = z.infer<typeof ZSheetLearnerEntry>;

const ZSheetSlot = z.object({
  id: z.string().nullable().describe("null: the session has no slots, this one covers the whole session"),
  position: z.number().int(),
  label: z.string(),
  startsAt: ZTimestamp,
  endsAt: ZTimestamp,
  trainers: z.array(ZSheetTrainerEntry),
  learners: z.array(ZSheetLearnerEntry),
  summary: z.object({
    expected: z.number().int(),
    present: z.number().int().describe("PRESENT, LATE or LEFT_EARLY"),
    absent: z.number().int().describe("ABSENT or EXCUSED_ABSENCE (never NOT_YET)"),
    byStatus: ZStatusTotals,
  }),
});
export type TSheetSlot = z.infer<typeof ZSheetSlot>;

const ZSheet = z.object({
  generatedAt: ZTimestamp,
  timeZone: z.string().describe("IANA zone used for the printed times"),
  tenant: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    displayName: z.string(),
    activityNumber: z.string().nullable().describe("Numéro de déclaration d'activité: the NDA of the tenant's legal identity (else the older integrations.activityNumber); null: not recorded"),
    siret: z.string().nullable().describe("tenant integrations.siret; null: not recorded"),
  }),
  course: z.object({
    id: z.string(),
    title: z.string(),
    reference: z.string().describe("The course's slug"),
    modules: z.array(z.object({ id: z.string(), title: z.string(), position: z.number().int() })).describe("In course order"),
  }),
  session: z.object({
    id: z.string(),
    title: z.string(),
    status: z.enum(["SCHEDULED", "LIVE", "ENDED", "CANCELLED"]),
    deliveryMode: z.enum(["PRESENTIAL", "REMOTE", "HYBRID"]),
    modality: z.string().describe("The delivery mode in words (printed)"),
    place: z.object({ name: z.string(), address: z.string(), room: z.string().nullable() }).nullable().describe("Where it takes place (PRESENTIAL, HYBRID); null when not set"),
    scheduledAt: ZTimestamp,
    durationMinutes: z.number().int(),
    schedule: z
      .array(z.object({ date: z.string(), ranges: z.array(z.object({ start: z.string(), end: z.string() })) }))
      .describe("Planned days (local dates) and time ranges (local HH:MM) in timeZone: the session's schedule, or its single derived range"),
    planned: z.string().describe('The schedule as printed: "mardi 8 décembre 2026, 09:00–12:30 et 13:30–17:00 ; 7 h"'),
    startedAt: ZTimestamp.nullable(),
    endedAt: ZTimestamp.nullable(),
  }),
  trainers: z.array(ZPerson.extend({ records: z.array(ZSheetRecord) })).describe("The session's trainers (and the course's creator when they countersigned)"),
  slots: z.array(ZSheetSlot),
  summary: z
    .object({ expected: z.number().int(), byStatus: ZStatusTotals.describe("Learners per overall status"), attendanceMinutes: z.number().int() })
    .describe("The session's totals, as GET /qualiopi/emargement/{sessionId} gives them"),
  overrides: z.array(ZSheetOverride).describe("Every OVERRIDE record of the session, oldest first"),
  chain: z.object({
    hash: z.string().nullable().describe("sealedHash of the session's latest record in the tenant's chain; null when the session has no record"),
    records: z.number().int().describe("Attendance records of the session"),
    verificationUrl: z.string(),
  }),
});
export type TSheet = z.infer<typeof ZSheet>;

export const ZSheetOutput = envelope(ZSheet);

export const ZAttestationInput = z.strictObject({ sessionId: ZId("ses"), userId: ZId("usr") });
