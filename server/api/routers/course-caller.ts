import type { LearningCaller } from "../../services/courses/access";
import type { TenantCtx } from "../trpc";

/** The course services' caller, from a tenant procedure's context. */
export const learningCaller = (ctx: TenantCtx & { user: { userId: string } }): LearningCaller => ({
  scope: ctx.scope,
  userId: ctx.user.userId,
  role: ctx.role,
});
