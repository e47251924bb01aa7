import { count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { notifications } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import type { Caller } from "../../auth/caller";
import type { TListNotificationsInput, TNotification } from "../../contracts/notifications";
import { notFound } from "../../errors";
import { newId } from "../../lib/ids";
import { countOf, paginate, perPagePage } from "../platform/pagination";

type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = { kind: TNotification["kind"]; vars: Record<string, string>; link: string | null; subjectId: string | null };

/** One in-app notification per recipient, in the caller's transaction (so it exists exactly when the change does). */
export async function notifyUsers(tx: DbOrTx, scope: TenantScope, userIds: string[], n: NewNotification, now: Date): Promise<void> {
  if (userIds.length === 0) return;
  await tx.insert(notifications).values(scope.valuesMany(notifications, userIds.map((userId) => ({ id: newId("ntf"), userId, ...n, createdAt: now }))));
}

const view = (r: NotificationRow): TNotification => ({
  id: r.id,
  kind: r.kind as TNotification["kind"],
  vars: r.vars,
  link: r.link,
  subjectId: r.subjectId,
  readAt: r.readAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

const mine = (caller: Caller, ...conds: (SQL | undefined)[]) => caller.scope.where(notifications, eq(notifications.userId, caller.userId), ...conds);

/** GET /notifications: the caller's own, newest first (walks notifications_tenant_user_created_idx). */
export async function listNotifications(db: DbOrTx, caller: Caller, q: TListNotificationsInput) {
  const where = mine(caller, q.unread ? isNull(notifications.readAt) : undefined);
  return paginate(perPagePage(q), {
    rows: (limit, offset) => db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit).offset(offset),
    total: () => countOf(db.select({ n: count() }).from(notifications).where(where)),
    map: (rows) => rows.map(view),
  });
}

/** The bell's badge: unread notifications, counted up to 100 (the badge shows 99+), so the poll stays cheap. */
export async function unreadCount(db: DbOrTx, caller: Caller): Promise<number> {
  const capped = db.select({ one: sql`1` }).from(notifications).where(mine(caller, isNull(notifications.readAt))).limit(100).as("capped");
  return countOf(db.select({ n: count() }).from(capped));
}

/** POST /notifications/{id}/read: idempotent (a read notification keeps its first readAt); another member's or tenant's id is 404. */
export async function markRead(db: DbOrTx, caller: Caller, id: string, now: Date): Promise<{ id: string; readAt: string }> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(mine(caller, eq(notifications.id, id)))
    .returning({ id: notifications.id, readAt: notifications.readAt });
  if (!row) throw notFound("Notification");
  return { id: row.id, readAt: row.readAt!.toISOString() };
}

/** POST /notifications/read-all: marks every unread notification of the caller. */
export async function markAllRead(db: DbOrTx, caller: Caller, now: Date): Promise<number> {
  const rows = await db.update(notifications).set({ readAt: now }).where(mine(caller, isNull(notifications.readAt))).returning({ id: notifications.id });
  return rows.length;
}
