import type { AuditActor } from "../services/platform/audit";
import type { Context } from "./context";

/** Who did it, for the audit log. */
export function actorOf(ctx: Context & { user?: { userId: string } | null }): AuditActor {
  return { userId: ctx.user?.userId ?? null, ip: ctx.ip, userAgent: ctx.userAgent, requestId: ctx.requestId };
}

export function header(ctx: Context, name: string): string | undefined {
  const v = ctx.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

