import type { AttendanceCaller } from "../../services/attendance/signer";
import type { Context } from "../context";
import type { TenantCtx } from "../trpc";
import { learningCaller } from "./course-caller";

/** The attendance services' caller: the learning caller plus tenant, IP and user agent (they are sealed). */
export const attendanceCaller = (ctx: Context & TenantCtx & { user: { userId: string } }): AttendanceCaller => ({
  ...learningCaller(ctx),
  tenant: { id: ctx.tenant.id, slug: ctx.tenant.slug },
  ip: ctx.ip,
  userAgent: ctx.userAgent,
  requestId: ctx.requestId,
});
