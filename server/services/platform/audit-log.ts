import { count, desc, eq, like, notLike, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db";
import { auditLogs, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { TAuditLogEntry, TListAuditLogsInput } from "../../contracts/audit";
import { countOf, limitPage, maintainedTotal, paginate, totalKeys } from "./pagination";

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
 * ORDER BY's exact order; the total is a maintained counter, or an index-only count with a filter.
 * Entries without a tenant (platform actions, failed logins for no tenant) are never listed.
 */
export async function listAuditLogs(db: Db, scope: TenantScope, q: TListAuditLogsInput) {
  const where = scope.where(
    auditLogs,
    q.actorId ? eq(auditLogs.actorUserId, q.actorId) : undefined,
    q.action ? eq(auditLogs.action, q.action) : undefined,
    categoryCond(q.category),
  );
  // Unfiltered, or by category alone: the maintained totals (audit_logs:auth / audit_logs:admin);
  // with an actor or action filter, an index-only count on that filter's index.
  return paginate(limitPage(q), {
    rows: (limit, offset) =>
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
        .limit(limit)
        .offset(offset),
    total: () =>
      q.actorId || q.action
        ? countOf(db.select({ n: count() }).from(auditLogs).where(where))
        : maintainedTotal(db, scope, totalKeys("audit_logs", q.category ? [q.category] : ["auth", "admin"])),
    map: (rows): TAuditLogEntry[] =>
      rows.map((r) => ({
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
      })),
  });
}
