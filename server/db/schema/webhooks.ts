import { boolean, foreignKey, index, integer, pgEnum, pgTable, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, ts, updatedAt } from "./_columns";
import { authorship } from "./identity";
import { tenants } from "./tenancy";

/**
 * Outbound webhooks (spec: Webhook resource, Events; conventions §8). Every table is tenant-owned.
 * A delivery is one event for one endpoint (unique per webhook and event); its attempts are the
 * HTTP requests made for it, numbered from 1 across redeliveries.
 */
export const deliveryStatusEnum = pgEnum("webhook_delivery_status", ["PENDING", "SUCCEEDED", "FAILED"]);

export const webhooks = pgTable(
  "webhooks",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    url: text().notNull(),
    description: text().notNull().default(""),
    events: text().array().notNull(),
    active: boolean().notNull().default(true),
    /** The signing secret (whsec_...), AES-256-GCM box (server/lib/crypto-box.ts, purpose webhook-secret, aad tenant|id). */
    secretBox: text().notNull(),
    /** Deliveries that ended FAILED in a row; a SUCCEEDED one resets it. */
    consecutiveFailures: integer().notNull().default(0),
    disabledAt: ts(),
    disabledReason: text(),
    ...authorship(),
  },
  (t) => [
    unique("webhooks_tenant_id_uq").on(t.tenantId, t.id),
    // GET /webhooks: newest first.
    index("webhooks_tenant_created_idx").on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    webhookId: text().notNull(),
    /** The event's evt_ id (events outbox); the payload is rebuilt from it, the same bytes on every attempt. */
    eventId: text().notNull(),
    event: text().notNull(),
    status: deliveryStatusEnum().notNull().default("PENDING"),
    /** Attempts made so far, across redeliveries. */
    attempts: integer().notNull().default(0),
    /** Number of the first attempt of the current series (1, then attempts + 1 at each redelivery). */
    seriesFirstAttempt: integer().notNull().default(1),
    nextAttemptAt: ts(),
    lastStatusCode: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("webhook_deliveries_tenant_id_uq").on(t.tenantId, t.id),
    uniqueIndex("webhook_deliveries_webhook_event_uq").on(t.webhookId, t.eventId),
    // GET /webhooks/{id}/deliveries: newest first.
    index("webhook_deliveries_webhook_created_idx").on(t.tenantId, t.webhookId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    foreignKey({ name: "webhook_deliveries_webhook_fk", columns: [t.tenantId, t.webhookId], foreignColumns: [webhooks.tenantId, webhooks.id] }).onDelete("cascade"),
  ],
);

export const webhookDeliveryAttempts = pgTable(
  "webhook_delivery_attempts",
  {
    tenantId: tenantId().references(() => tenants.id),
    deliveryId: text().notNull(),
    attempt: integer().notNull(),
    startedAt: ts().notNull(),
    /** The receiver's HTTP status; null when no answer (refused address, timeout, connection error). */
    statusCode: integer(),
    durationMs: integer().notNull(),
    /** At most 1 KB of the response body (UTF-8). */
    responseExcerpt: text(),
    error: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_delivery_attempts_uq").on(t.tenantId, t.deliveryId, t.attempt),
    foreignKey({ name: "webhook_delivery_attempts_delivery_fk", columns: [t.tenantId, t.deliveryId], foreignColumns: [webhookDeliveries.tenantId, webhookDeliveries.id] }).onDelete("cascade"),
  ],
);
