import { foreignKey, index, integer, jsonb, pgEnum, pgTable, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, ts, updatedAt } from "./_columns";
import { billingClients } from "./billing";
import { users } from "./identity";
import { enrollments } from "./learning";
import { tenants } from "./tenancy";

/**
 * Training agreements (conventions de formation, Code du travail L6353-1 / D6353-1) and the
 * contracts of individuals paying for themselves (contrat de formation professionnelle,
 * L6353-3 to L6353-7). One per enrollment; each generation after it was sent makes a new version,
 * so a sent or signed version is never rewritten. Every version's PDF is a `documents` row
 * (kind CONVENTION, subject "{conventionId}:v{n}", the signed one "{conventionId}:v{n}:signed").
 */
export const conventionKindEnum = pgEnum("convention_kind", ["CONVENTION", "CONTRACT"]);
export const conventionVersionStatusEnum = pgEnum("convention_version_status", ["DRAFT", "SENT", "SIGNED", "SUPERSEDED"]);
export const conventionPayerEnum = pgEnum("convention_payer", ["EMPLOYER", "OPCO", "LEARNER", "OTHER"]);

export const conventions = pgTable(
  "conventions",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    enrollmentId: text().notNull(),
    kind: conventionKindEnum().notNull(),
    payer: conventionPayerEnum().notNull(),
    /** The billing client who pays and signs (null: the learner, for a CONTRACT without a client row). */
    clientId: text(),
    createdBy: text().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("conventions_tenant_id_uq").on(t.tenantId, t.id),
    uniqueIndex("conventions_enrollment_uq").on(t.tenantId, t.enrollmentId),
    index("conventions_tenant_updated_idx").on(t.tenantId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    foreignKey({ name: "conventions_enrollment_fk", columns: [t.tenantId, t.enrollmentId], foreignColumns: [enrollments.tenantId, enrollments.id] }).onDelete("cascade"),
    foreignKey({ name: "conventions_client_fk", columns: [t.tenantId, t.clientId], foreignColumns: [billingClients.tenantId, billingClients.id] }),
  ],
);

export const conventionVersions = pgTable(
  "convention_versions",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    conventionId: text().notNull(),
    version: integer().notNull(),
    status: conventionVersionStatusEnum().notNull().default("DRAFT"),
    /** The render input of the unsigned PDF (the signed PDF is rendered again from it, plus the signature). */
    content: jsonb().$type<Record<string, unknown>>().notNull(),
    /** SHA-256 of the content without its date: an unchanged agreement makes no new version. */
    contentHash: text().notNull(),
    /** The unsigned PDF (documents row) and its SHA-256. */
    documentId: text().notNull(),
    sha256: text().notNull(),
    generatedBy: text().references(() => users.id),
    generatedAt: ts().notNull(),
    sentAt: ts(),
    sentBy: text().references(() => users.id),
    sentTo: text(),
    /** SHA-256 of the signing link's token (the token itself is only in the e-mail). */
    signTokenHash: text(),
    signTokenExpiresAt: ts(),
    signedAt: ts(),
    signerName: text(),
    signerIp: text(),
    signerUserAgentHash: text(),
    signatureMethod: text(),
    signatureSha256: text(),
    /** The signed PDF (documents row) and its SHA-256. */
    signedDocumentId: text(),
    signedSha256: text(),
    supersededAt: ts(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("convention_versions_tenant_id_uq").on(t.tenantId, t.id),
    uniqueIndex("convention_versions_number_uq").on(t.tenantId, t.conventionId, t.version),
    uniqueIndex("convention_versions_token_uq").on(t.signTokenHash),
    index("convention_versions_convention_idx").on(t.tenantId, t.conventionId),
    foreignKey({ name: "convention_versions_convention_fk", columns: [t.tenantId, t.conventionId], foreignColumns: [conventions.tenantId, conventions.id] }).onDelete("cascade"),
  ],
);
