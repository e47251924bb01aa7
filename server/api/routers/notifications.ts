import { ZNoInput } from "../../contracts/common";
import {
  ZListNotificationsInput,
  ZListNotificationsOutput,
  ZNotificationIdInput,
  ZReadAllOutput,
  ZReadOutput,
  ZUnreadCountOutput,
} from "../../contracts/notifications";
import { one } from "../../contracts/envelope";
import { listNotifications, markAllRead, markRead, unreadCount } from "../../services/notifications/notifications";
import { router, tenantProcedure } from "../trpc";

const tags = ["Notifications"];
const OWN =
  "Any signed-in member of the tenant; only the caller's own notifications. In-app notifications are written in the transaction of the change that causes them " +
  "(today: a CRITICAL complaint notifies every ACTIVE ADMIN, with its 24 h SLA), and the app's header polls the unread count.";

export const notificationsRouter = router({
  unreadCount: tenantProcedure
    .meta({ openapi: { method: "GET", path: "/notifications/unread-count", tags, summary: "Unread notifications count", description: `${OWN} Counted up to 100.`, errorResponses: { 401: "Unauthorized" } } })
    .input(ZNoInput)
    .output(ZUnreadCountOutput)
    .query(async ({ ctx }) => one({ unread: await unreadCount(ctx.db, ctx.caller) })),

  list: tenantProcedure
    .meta({ openapi: { method: "GET", path: "/notifications", tags, summary: "My notifications", description: `${OWN} Newest first; unread=true for the unread ones only. perPage defaults to 20 (max 100).`, errorResponses: { 400: "Invalid query", 401: "Unauthorized" } } })
    .input(ZListNotificationsInput)
    .output(ZListNotificationsOutput)
    .query(({ ctx, input }) => listNotifications(ctx.db, ctx.caller, input)),

  readAll: tenantProcedure
    .meta({ openapi: { method: "POST", path: "/notifications/read-all", tags, summary: "Mark all my notifications read", description: `${OWN} Returns how many were marked.`, errorResponses: { 401: "Unauthorized" } } })
    .input(ZNoInput)
    .output(ZReadAllOutput)
    .mutation(async ({ ctx }) => one({ marked: await markAllRead(ctx.db, ctx.caller, ctx.clock.now()) })),

  read: tenantProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/notifications/{id}/read",
        tags,
        summary: "Mark a notification read",
        description: `${OWN} Idempotent: a notification read before keeps its first readAt.`,
        errorResponses: { 401: "Unauthorized", 404: "Notification not found (another member's, or another tenant's)" },
      },
    })
    .input(ZNotificationIdInput)
    .output(ZReadOutput)
    .mutation(async ({ ctx, input }) => one(await markRead(ctx.db, ctx.caller, input.id, ctx.clock.now()))),
});
