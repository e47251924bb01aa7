import { z } from "zod";
import { envelope, listEnvelope, ZId, ZPerPageInput, ZPerPageMeta, ZQueryBool, ZTimestamp } from "./common";

/** In-app notifications of the signed-in member (the bell of the app's header). Isomorphic: zod only. */
const NOTIFICATION_KINDS = ["complaint.critical", "quote.requested"] as const;

const ZNotification = z.object({
  id: z.string().describe("ntf_..."),
  kind: z.enum(NOTIFICATION_KINDS).describe("complaint.critical: a CRITICAL complaint was received (24 h SLA); quote.requested: a visitor asked a quote on a public course page (vars course, company, learners)"),
  vars: z.record(z.string(), z.string()).describe("Values the UI words the notification with (e.g. subject, slaDueAt)"),
  link: z.string().nullable().describe("App path the notification opens"),
  subjectId: z.string().nullable().describe("The record it is about (cpl_..., nda_...)"),
  readAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZListNotificationsInput = ZPerPageInput.extend({
  unread: ZQueryBool.optional().describe("true: only the unread ones"),
});
export const ZListNotificationsOutput = listEnvelope(ZNotification, ZPerPageMeta);
export const ZUnreadCountOutput = envelope(z.object({ unread: z.number().int().describe("Unread notifications (counted up to 100)") }));
export const ZNotificationIdInput = z.strictObject({ id: ZId("ntf") });
export const ZReadOutput = envelope(z.object({ id: z.string(), readAt: ZTimestamp }));
export const ZReadAllOutput = envelope(z.object({ marked: z.number().int() }));
export type TListNotificationsInput = z.infer<typeof ZListNotificationsInput>;
