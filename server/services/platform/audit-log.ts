import { count, desc, eq, like, notLike, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db";
import { auditLogs, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { TAuditLogEntry, TListAuditLogsInput } from "../../contracts/audit";
import { limitPageMeta } from "../../contracts/common";

const actor = alias(users, "actor");
const subject = alias(users, "subject");

/** The person an entry concerns: its target when that is a user, else the metadata's `userId` (attendance corrections). */
const subjectId = sql<string | null>`coalesce(case when ${auditLogs.targetType} = 'user' then ${auditLogs.targetId} end, ${auditLogs.metadata} ->> 'userId')`;

const fullName = (first: string | null, last: string | null) => (first !== null && last !== null ? `${first} ${last}`.trim() || null : null);

/** Sign-in events (auth.*) are the "auth" category; everything else is an administration action. */
function categoryCond(category: TListAuditLogsInput["category"]): SQL | undefined {
  if (category === "auth") return like(auditLogs.action, "auth.%");
  if (category === "admin") return notLike(auditLogs.action, "auth.%");
  return undefined;
}

/**
 * GET /audit-logs (ADMIN): the tenant's audit entries, newest first. The page walks
 * audit_logs_tenant_created_idx (or its actor / action twin when that filter is given) in the
 * ORDER BY's exact order; the total is a second query on the same index.
 * Entries without a tenant (platform actions, failed logins for no tenant) are never listed.
 */
export async function listAuditLogs(db: Db, scope: TenantScope, q: TListAuditLogsInput) {
  const where = scope.where(
    auditLogs,
    q.actorId ? eq(auditLogs.actorUserId, q.actorId) : undefined,
    q.action ? eq(auditLogs.action, q.action) : undefined,
    categoryCond(q.category),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        log: auditLogs,
        actorFirst: actor.firstName,
        actorLast: actor.lastName,
        subjectId,
        subjectFirst: subject.firstName,
        subjectLast: subject.lastName,
      })
      .from(auditLogs)
      .leftJoin(actor, eq(actor.id, auditLogs.actorUserId))
      .leftJoin(subject, eq(subject.id, subjectId))
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(auditLogs).where(where),
  ]);
  const data: TAuditLogEntry[] = rows.map((r) => ({
    id: r.log.id,
    action: r.log.action,
    actorId: r.log.actorUserId,
    actorName: fullName(r.actorFirst, r.actorLast),
    targetType: r.log.targetType,
    targetId: r.log.targetId,
    subjectId: r.subjectId ?? null,
    subjectName: fullName(r.subjectFirst, r.subjectLast),
    metadata: r.log.metadata,
    ip: r.log.ip,
    createdAt: r.log.createdAt.toISOString(),
  }));
  return { data, meta: limitPageMeta(Number(counted?.n ?? 0), q.page, q.limit) };
}
