import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, ts } from "./_columns";

export type MailAttachment = { filename: string; contentType: string; content: string };

/**
 * Append-only record of security-relevant actions. tenant_id is null for platform-level
 * actions (tenant creation by a platform admin, failed logins without a tenant).
 */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: id(),
    tenantId: text(),
    actorUserId: text(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
    userAgent: text(),
    requestId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // GET /audit-logs walks these in its ORDER BY (created_at DESC, id DESC, i.e. NULLS FIRST):
    // unfiltered, filtered by actor, filtered by action.
    index("audit_logs_tenant_created_idx").on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_logs_tenant_actor_created_idx").on(t.tenantId, t.actorUserId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_logs_tenant_action_created_idx").on(t.tenantId, t.action, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Events outbox: written in the transaction of the change, delivered by the webhook worker. */
export const events = pgTable(
  "events",
  {
    id: id(),
    tenantId: text().notNull(),
    event: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    dispatchedAt: ts(),
  },
  (t) => [index("events_pending_idx").on(t.dispatchedAt, t.createdAt), index("events_tenant_idx").on(t.tenantId, t.createdAt)],
);

/**
 * Every e-mail the platform sends, whatever the transport: written when the mail is queued
 * (status QUEUED, with its `mail.send` job), then SENT with the link of the transport chain that
 * sent it, or FAILED after the last retry. The development outbox lists it.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    tenantId: text(),
    /** The member the mail is sent for (a CREATOR's own mail configuration comes first in the chain). */
    senderUserId: text(),
    /** Set by senders that may run twice (a retried fan-out job): one mail per key. */
    dedupeKey: text(),
    status: text({ enum: ["QUEUED", "SENT", "FAILED"] }).notNull().default("SENT"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: ts(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** File names, types and base64 content of attachments (e.g. .ics convocations). */
    attachments: jsonb().$type<MailAttachment[]>(),
    template: text().notNull(),
    /** The link of the chain that sent it (null while queued). */
    transport: text(),
    providerMessageId: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("mail_outbox_dedupe_key_idx").on(t.dedupeKey), index("mail_outbox_to_idx").on(t.to, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()), index("mail_outbox_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * Fixed-window counters shared by every app instance: rate limit, login failures, PIN attempts.
 * An UNLOGGED table (drizzle/0045_counters-unlogged.sql; Drizzle's schema cannot say so): a
 * request's count does not wait for a WAL flush, and a database crash restarts the windows at zero.
 */
export const counters = pgTable("counters", {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: ts().notNull(),
});

/**
 * Row counts kept up to date by statement-level triggers (drizzle/*_list_totals_triggers.sql), so a
 * list's total does not count the whole tenant on every page. Keys: `memberships:<role>:<status>`,
 * `courses:<status>`, `enrollments:<status>`, `live_sessions:<status>`, `activity_logs`,
 * `ai_credit_ledger`. A key's count is the sum of its shards (tables written concurrently in one
 * tenant spread over several rows). Read through services/platform/pagination.ts
 * (`maintainedTotal`), never written by services.
 */
export const listTotals = pgTable(
  "list_totals",
  {
    tenantId: text().notNull(),
    key: text().notNull(),
    shard: integer().notNull().default(0),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ name: "list_totals_pk", columns: [t.tenantId, t.key, t.shard] })],
);
