import { z } from "zod";
import { envelope, ZId, ZTimestamp } from "./common";
import { ZAttendanceSessionRef, ZOwnSignature, ZQrToken } from "./attendance";
import { ZDeliveryMode, ZSessionSummary } from "./sessions";

/** The learner's signing screens and the attendance reminders (issue #10 items 5 and 8). */

const ZOpenForSigning = z.object({
  session: ZAttendanceSessionRef.extend({
    deliveryMode: ZDeliveryMode.describe("PRESENTIAL sessions have no video room"),
    place: ZSessionSummary.shape.place,
    schedule: ZSessionSummary.shape.schedule,
  }),
  slot: z
    .object({ id: z.string(), label: z.string(), startsAt: ZTimestamp, endsAt: ZTimestamp, inProgress: z.boolean().describe("false: the last slot started, already ended (a late signature)") })
    .nullable()
    .describe("The slot to sign now; null when the session has no slots (the session is signed as a whole) or none has started yet (see nextSlotStartsAt)"),
  nextSlotStartsAt: ZTimestamp.nullable().describe("When the session has slots and none has started: the first one's start"),
  signature: ZOwnSignature.nullable().describe("The caller's signature of that slot (of the session when it has no slots); null when not signed yet"),
});
export const ZOpenForSigningOutput = envelope(z.array(ZOpenForSigning));
export type TOpenForSigning = z.infer<typeof ZOpenForSigning>;

const ZReminderKind = z.enum(["SLOT_OPEN", "SLOT_CLOSING", "MANUAL"]);
export const ZSendReminderInput = z.strictObject({
  sessionId: ZId("ses"),
  slotId: ZId("slt").optional().describe("The slot reminded; default the slot in progress (else the last started; the session itself when it has no slots)"),
});
export const ZSendReminderOutput = envelope(
  z.object({
    sent: z.number().int().describe("Learners mailed: the expected learners who have not signed"),
    slotId: z.string().nullable(),
    kind: z.literal("MANUAL"),
  }),
);
export const ZRemindersInput = z.strictObject({ sessionId: ZId("ses") });
const ZReminder = z.object({
  id: z.string().describe("rmd_..."),
  sessionId: z.string(),
  slotId: z.string().nullable(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  kind: ZReminderKind,
  sentBy: z.string().nullable().describe("The staff member who sent a MANUAL reminder; null for the automatic ones"),
  mailId: z.string().nullable(),
  createdAt: ZTimestamp,
});
export const ZRemindersOutput = envelope(z.array(ZReminder));

export const ZQrSessionInput = z.strictObject({ qrToken: ZQrToken });
export const ZQrSessionOutput = envelope(z.object({ sessionId: z.string() }));
