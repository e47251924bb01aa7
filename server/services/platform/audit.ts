import { auditLogs } from "../../db/schema";
import type { DbOrTx } from "../../db";
import { newId } from "../../lib/ids";

export type AuditActor = { userId?: string | null; ip?: string | null; userAgent?: string | null; requestId?: string | null };

export type AuditEntry = {
  tenantId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  metadata?: Record<string, unknown>;
};

/** The one audit writer: append-only rows, written in the caller's transaction. */
export async function writeAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<string> {
  const id = newId("aud");
  await db.insert(auditLogs).values({
    id,
    tenantId: entry.tenantId,
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
