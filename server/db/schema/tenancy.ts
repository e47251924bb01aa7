import { sql } from "drizzle-orm";
import { boolean, foreignKey, index, integer, jsonb, pgEnum, pgTable, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, ts, updatedAt } from "./_columns";
import { users } from "./identity";

export const authModeEnum = pgEnum("auth_mode", ["PASSWORD", "HEADLESS"]);
export const roleEnum = pgEnum("role", ["ADMIN", "CREATOR", "TRAINER", "LEARNER", "FINANCIER", "FUNDER"]);
export const membershipStatusEnum = pgEnum("membership_status", ["ACTIVE", "INVITED", "SUSPENDED"]);
/** A SUSPENDED tenant answers 403 to every tenant-scoped operation (platform administrators suspend it). */
export const tenantStatusEnum = pgEnum("tenant_status", ["ACTIVE", "SUSPENDED"]);

export type Branding = { displayName?: string | null; primaryColor?: string | null; logoUrl?: string | null };
export type OidcSettings = { issuer: string; audience: string; jwksUri?: string | null; jwks?: { keys: unknown[] } | null };

export const tenants = pgTable(
  "tenants",
  {
    id: id(),
    slug: text().notNull(),
    name: text().notNull(),
    ofMode: boolean().notNull().default(true),
    authMode: authModeEnum().notNull().default("PASSWORD"),
    branding: jsonb().$type<Branding>().notNull().default({}),
    oidc: jsonb().$type<OidcSettings | null>(),
    integrations: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    domain: text(),
    aiCredits: integer().notNull().default(0),
    status: tenantStatusEnum().notNull().default("ACTIVE"),
    /** IANA zone of every time the tenant's screens and documents print (sessions, sheets, convocations). */
    timeZone: text().notNull().default("Europe/Paris"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("tenants_slug_uq").on(t.slug),
    uniqueIndex("tenants_domain_uq").on(t.domain).where(sql`${t.domain} is not null`),
    // The platform list's order (created_at DESC, id DESC: NULLS FIRST, as the query's plain DESC means).
    index("tenants_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The same order within a status (the status filter), and its count from the index alone.
    index("tenants_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** A user's role and status inside one tenant (N:N). */
export const memberships = pgTable(
  "memberships",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    role: roleEnum().notNull(),
    status: membershipStatusEnum().notNull().default("ACTIVE"),
    invitedBy: text(),
    /**
     * A FUNDER member's organisation (one of the tenant's `funders`): their perimeter is the
     * enrollments it finances (services/platform/who-may.ts funderEnrollments). Null for the other
     * roles; a FUNDER without it reads nothing.
     */
    funderId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("memberships_tenant_user_uq").on(t.tenantId, t.userId),
    index("memberships_tenant_role_idx").on(t.tenantId, t.role, t.status),
    index("memberships_user_idx").on(t.userId),
    index("memberships_tenant_role_created_idx").on(t.tenantId, t.role, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("memberships_tenant_created_idx").on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    foreignKey({ name: "memberships_funder_fk", columns: [t.tenantId, t.funderId], foreignColumns: [funders.tenantId, funders.id] }),
  ],
);

/** Service-to-service keys (X-API-Key), stored as SHA-256; one active key per tenant. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    keyHash: text().notNull(),
    lastFour: text().notNull(),
    createdBy: text(),
    createdAt: createdAt(),
    revokedAt: ts(),
  },
  (t) => [uniqueIndex("api_keys_hash_uq").on(t.keyHash), index("api_keys_tenant_idx").on(t.tenantId)],
);

/** Organisations that finance training (OPCO, CPF, France Travail...), per tenant. */
export const funders = pgTable(
  "funders",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    code: text().notNull(),
    name: text().notNull(),
    kind: text().notNull(),
    /**
     * The billing client that receives this funder's invoices (a FUNDER member reads the issued
     * invoices addressed to it). Checked by PATCH /funders/{id} (services/tenants/funder-links.ts);
     * no foreign key, as billing.ts already depends on this file through learning.ts (import cycle).
     */
    billingClientId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("funders_tenant_code_uq").on(t.tenantId, t.code),
    unique("funders_tenant_id_uq").on(t.tenantId, t.id),
  ],
);
