import type { Context } from "./context";
import type { RequestActor } from "../auth/caller";

/** Who did it, for the audit log, where no tenant procedure built ctx.caller (sign-in, platform administration). */
export function actorOf(ctx: Context & { user?: { userId: string } | null }): RequestActor {
  return { userId: ctx.user?.userId ?? null, ip: ctx.ip, userAgent: ctx.userAgent, requestId: ctx.requestId, scope: null };
}

export function header(ctx: Context, name: string): string | undefined {
  const v = ctx.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

