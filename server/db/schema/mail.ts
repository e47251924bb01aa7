import { boolean, integer, pgEnum, pgTable, text, unique } from "drizzle-orm/pg-core";
import { id, tenantId, ts } from "./_columns";
import { authorship, users } from "./identity";
import { tenants } from "./tenancy";

/**
 * Mail configurations (spec: Mail configuration; conventions §12): the tenant-level one
 * (owner_user_id null, set by an ADMIN) and at most one per CREATOR (owner_user_id = the creator).
 * Secrets (SMTP password, Resend API key, OAuth access/refresh tokens and their expiry) are one
 * AES-256-GCM box in `credentials` (services/mail/credentials.ts), bound to the tenant and the row id.
 */
export const mailProviderEnum = pgEnum("mail_provider", ["SMTP", "RESEND", "GOOGLE", "MICROSOFT"]);

export const mailConfigurations = pgTable(
  "mail_configurations",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    /** null: the tenant-level configuration; else the CREATOR whose own configuration it is. */
    ownerUserId: text().references(() => users.id, { onDelete: "cascade" }),
    provider: mailProviderEnum().notNull(),
    fromName: text().notNull().default(""),
    /** Sender address; for GOOGLE/MICROSOFT filled from the connected account when absent. */
    fromEmail: text(),
    smtpHost: text(),
    smtpPort: integer(),
    smtpSecure: boolean(),
    smtpUser: text(),
    /** "v1:" AES-256-GCM box of the JSON secrets; null when none were given. */
    credentials: text(),
    verified: boolean().notNull().default(false),
    verifiedAt: ts(),
    lastError: text(),
    ...authorship(),
  },
  (t) => [
    unique("mail_configurations_tenant_id_uq").on(t.tenantId, t.id),
    /** One tenant-level configuration (owner null) and one per creator. */
    unique("mail_configurations_owner_uq").on(t.tenantId, t.ownerUserId).nullsNotDistinct(),
  ],
);

export type MailConfigurationRow = typeof mailConfigurations.$inferSelect;
