import { auditLogs } from "../../db/schema";
import type { DbOrTx } from "../../db";
import { newId } from "../../lib/ids";
import type { RequestActor } from "../../auth/caller";
import type { AuditAction } from "./audit-actions";

export type AuditEntry = {
  /** One of AUDIT_ACTIONS: each is worded in the catalogues. */
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  metadata?: Record<string, unknown>;
};

/**
 * The one audit writer: append-only rows, written in the caller's transaction. The actor is the
 * procedure's Caller, or a RequestActor where no tenant procedure ran (sign-in, platform
 * administration); the row's tenant is the actor's scope (none for platform-wide actions).
 */
export async function writeAudit(db: DbOrTx, actor: RequestActor, entry: AuditEntry): Promise<string> {
  const id = newId("aud");
  await db.insert(auditLogs).values({
    id,
    tenantId: actor.scope?.tenantId ?? null,
    actorUserId: actor.userId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    metadata: entry.metadata ?? {},
    ip: actor.ip ?? null,
    userAgent: actor.userAgent ?? null,
    requestId: actor.requestId ?? null,
  });
  return id;
}
