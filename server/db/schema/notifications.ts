import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, ts } from "./_columns";
import { users } from "./identity";
import { tenants } from "./tenancy";

/**
 * In-app notifications: what a member sees under the bell of the app's header, as it happens
 * (the header polls GET /notifications/unread-count). `kind` + `vars` are worded by the UI in the
 * reader's language; `link` is the app path it opens. Written in the transaction of the change
 * that causes it.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    kind: text().notNull(),
    vars: jsonb().$type<Record<string, string>>().notNull().default({}),
    link: text(),
    /** The record it is about (cpl_…), for deduplication and audit. */
    subjectId: text(),
    readAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    // GET /notifications: a member's newest first; the unread count walks the same index.
    index("notifications_tenant_user_created_idx").on(t.tenantId, t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The bell's unread count and GET /notifications?unread=true: only the unread rows, so neither reads the read ones.
    index("notifications_tenant_user_unread_idx")
      .on(t.tenantId, t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.readAt} is null`),
  ],
);
