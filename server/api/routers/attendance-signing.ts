import { ZOpenForSigningOutput, ZQrSessionInput, ZQrSessionOutput, ZRemindersInput, ZRemindersOutput, ZSendReminderInput, ZSendReminderOutput } from "../../contracts/attendance-signing";
import { SIGNING_WINDOW_NOTE } from "../../contracts/signing-window";
import { one } from "../../contracts/envelope";
import { z } from "zod";
import { openForSigning } from "../../services/attendance/open-now";
import { qrTokenSession } from "../../services/attendance/qr";
import { listReminders, sendManualReminder } from "../../services/attendance/reminders";
import { ofModeProcedure, router } from "../trpc";

const tags = ["Attendance (Qualiopi)"];
const STAFF = "ADMIN, the course's creator and the session's trainers";

/** The learner's "sign now" view and the attendance reminders (issue #10 items 5 and 8). */
export const attendanceSigningRouter = router({
  openNow: ofModeProcedure()
    .meta({
      openapi: {
        method: "GET",
        path: "/emargement/me/open",
        tags: ["Attendance"],
        summary: "Sessions the caller can sign now",
        description:
          "The sessions the caller is expected at (a registered learner) whose signing is open now: LIVE, or SCHEDULED/ENDED from 30 minutes before the first start to 2 hours after " +
          "the planned end (the schedule's last range; a session over several days stays open between them); never CANCELLED. For each: slot, the slot to sign now (the one in progress, else the last one started; null when the session has no slots, " +
          "then the session is signed as a whole, or when none has started: nextSlotStartsAt), and signature, the caller's own signature of it (null: not signed yet). " +
          "Sessions in progress first, then by start. Empty for anyone who is not an expected learner. " +
          SIGNING_WINDOW_NOTE,
        errorResponses: { 401: "Unauthorized", 403: "Not a member or OF mode off" },
      },
    })
    .input(z.strictObject({}))
    .output(ZOpenForSigningOutput)
    .query(async ({ ctx }) => one(await openForSigning(ctx.db, ctx.caller, ctx.clock.now()))),

  qrSession: ofModeProcedure()
    .meta({
      openapi: {
        method: "GET",
        path: "/emargement/qr/{qrToken}",
        tags: ["Attendance"],
        summary: "The session a QR token names",
        description:
          "qrToken: the JWT or its 22-character short id (signUrl's /q/{id}). Lets the signing page show the session before the learner confirms; reading it does not use the token. " +
          "Any member of the tenant; 410 when expired, 422 when unknown (another tenant's, or not a QR token).",
        errorResponses: { 401: "Unauthorized", 403: "Not a member or OF mode off", 410: "QR token expired", 422: "Invalid QR token" },
      },
    })
    .input(ZQrSessionInput)
    .output(ZQrSessionOutput)
    .query(async ({ ctx, input }) => one(await qrTokenSession(ctx.db, ctx.scope, input.qrToken, ctx.clock.now()))),

  sendReminder: ofModeProcedure("attendance.read")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/qualiopi/emargement/{sessionId}/reminders",
        tags,
        summary: "Send the signing reminder now",
        description:
          `For ${STAFF}. Mails the expected learners who have not signed the slot (slotId, default the slot in progress, else the last one started; the session itself ` +
          "when it has no slots) a reminder with the signing link, now, and logs one MANUAL reminder per learner (sentBy the caller); sent is their number (0 when everyone signed). " +
          "Automatic reminders (kinds SLOT_OPEN and SLOT_CLOSING) are sent by the job worker ATTENDANCE_REMINDER_OPEN_MINUTES (default 0) after a slot starts and " +
          "ATTENDANCE_REMINDER_CLOSING_MINUTES (default 15) before it ends, once per slot, learner and kind; never for a CANCELLED session or a learner who signed. " +
          "409 when the session does not take signatures now (cancelled, or outside 30 minutes before its start to 2 hours after its end unless LIVE); " +
          "400 SLOT_NOT_STARTED before the slot (or the first slot) starts; 404 for a slot of another session.",
        errorResponses: {
          400: "Invalid body, unknown field or slot not started",
          401: "Unauthorized",
          403: "Not one of the session's staff",
          404: "Session or slot not found",
          409: "Attendance not open",
        },
      },
    })
    .input(ZSendReminderInput)
    .output(ZSendReminderOutput)
    .mutation(async ({ ctx, input }) => one(await sendManualReminder(ctx.db, ctx.caller, input, ctx.clock.now()))),

  reminders: ofModeProcedure("attendance.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/qualiopi/emargement/{sessionId}/reminders",
        tags,
        summary: "Reminder log of a session",
        description:
          `For ${STAFF}. Every reminder sent for the session, newest first (at most the 500 newest: a session's log is bounded by its learners and slots, so it is not paged): ` +
          "the learner, the slot (null: the session as a whole), kind SLOT_OPEN, SLOT_CLOSING or MANUAL, who sent a MANUAL one, and the mail's id in the outbox.",
        errorResponses: { 401: "Unauthorized", 403: "Not one of the session's staff", 404: "Session not found" },
      },
    })
    .input(ZRemindersInput)
    .output(ZRemindersOutput)
    .query(async ({ ctx, input }) => one(await listReminders(ctx.db, ctx.caller, input.sessionId))),
});
