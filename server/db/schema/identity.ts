import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, ts, updatedAt } from "./_columns";

export type NotificationPreferences = { email: boolean; push: boolean; weeklyDigest: boolean };
export const DEFAULT_NOTIFICATIONS: NotificationPreferences = { email: true, push: false, weeklyDigest: false };

/** A global account, one per e-mail (case-insensitive). Roles live in memberships. */
export const users = pgTable(
  "users",
  {
    id: id(),
    email: text().notNull(),
    passwordHash: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    locale: text().notNull().default("fr"),
    avatarUrl: text(),
    isPlatformAdmin: boolean().notNull().default(false),
    notifications: jsonb().$type<NotificationPreferences>().notNull().default(DEFAULT_NOTIFICATIONS),
    lastLoginAt: ts(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_uq").on(sql`lower(${t.email})`),
    index("users_search_idx").using(
      "gin",
      sql`to_tsvector('simple', ${t.email} || ' ' || ${t.firstName} || ' ' || ${t.lastName})`,
    ),
  ],
);

/** Opaque refresh tokens (hashed), single use, grouped in rotation families. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id),
    familyId: text().notNull(),
    tokenHash: text().notNull(),
    activeTenantId: text(),
    expiresAt: ts().notNull(),
    usedAt: ts(),
    revokedAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_hash_uq").on(t.tokenHash),
    index("refresh_tokens_family_idx").on(t.familyId),
    index("refresh_tokens_user_idx").on(t.userId),
  ],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull(),
    expiresAt: ts().notNull(),
    usedAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_resets_hash_uq").on(t.tokenHash)],
);

/** Link between an account and an identity provider's subject, per tenant (SSO, provisioning). */
export const externalIdentities = pgTable(
  "external_identities",
  {
    id: id(),
    tenantId: tenantId(),
    userId: text()
      .notNull()
      .references(() => users.id),
    provider: text().notNull(),
    externalId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("external_identities_uq").on(t.tenantId, t.provider, t.externalId)],
);

/**
 * Who made a row and when it changed, for the tenant's own records (sessions, webhooks, mail
 * configurations...): the author is a member of the tenant and must exist.
 */
export const authorship = () => ({
  createdBy: text()
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
