import { sql } from "drizzle-orm";
import { bigint, boolean, foreignKey, index, integer, pgEnum, pgTable, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, ts, updatedAt } from "./_columns";
import { users } from "./identity";
import { enrollments } from "./learning";
import { tenants } from "./tenancy";

/**
 * Document templates (conventions §12: SYSTEM ones seeded per tenant, CUSTOM ones written by
 * the tenant), their input fields, and the documents generated from them (PDF files stored on
 * disk, recorded with their SHA-256). Every table is tenant-owned.
 */
export const templateCategoryEnum = pgEnum("template_category", ["CONVENTION", "CONVOCATION", "ATTESTATION", "PROGRAMME", "EMARGEMENT", "INVOICE", "OTHER"]);
export const templateKindEnum = pgEnum("template_kind", ["SYSTEM", "CUSTOM"]);
export const templateFieldTypeEnum = pgEnum("template_field_type", ["TEXT", "NUMBER", "DATE", "BOOLEAN"]);
export const documentKindEnum = pgEnum("document_kind", ["CERTIFICATE", "CONVENTION", "CONVOCATION", "ATTESTATION", "PROGRAMME", "EMARGEMENT", "OTHER"]);
export const documentSubjectEnum = pgEnum("document_subject", ["ENROLLMENT", "SESSION_PARTICIPANT", "COURSE"]);

export const templates = pgTable(
  "templates",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    name: text().notNull(),
    category: templateCategoryEnum().notNull(),
    kind: templateKindEnum().notNull().default("CUSTOM"),
    /** Markdown-ish text (headings, paragraphs, lists, bold) with {{variable}} placeholders. */
    body: text().notNull(),
    isActive: boolean().notNull().default(true),
    /** The stable key of a SYSTEM template ("attestation", "convention"...); null for CUSTOM ones. */
    systemKey: text(),
    /** Set when this template was duplicated from another. */
    sourceTemplateId: text(),
    createdBy: text().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("templates_tenant_id_uq").on(t.tenantId, t.id),
    uniqueIndex("templates_tenant_system_uq").on(t.tenantId, t.systemKey).where(sql`${t.systemKey} is not null`),
    // The list's order (created_at DESC, id DESC: NULLS FIRST as the query's plain DESC means), and per category.
    index("templates_tenant_created_idx").on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("templates_tenant_category_idx").on(t.tenantId, t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list's totals under the kind / isActive / category filters, from the index alone.
    index("templates_tenant_filters_idx").on(t.tenantId, t.kind, t.isActive, t.category),
  ],
);

export const templateFields = pgTable(
  "template_fields",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    templateId: text().notNull(),
    key: text().notNull(),
    label: text().notNull(),
    type: templateFieldTypeEnum().notNull().default("TEXT"),
    required: boolean().notNull().default(false),
    position: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("template_fields_key_uq").on(t.tenantId, t.templateId, t.key),
    index("template_fields_position_idx").on(t.tenantId, t.templateId, t.position),
    foreignKey({ name: "template_fields_template_fk", columns: [t.tenantId, t.templateId], foreignColumns: [templates.tenantId, templates.id] }).onDelete("cascade"),
  ],
);

export const documents = pgTable(
  "documents",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    kind: documentKindEnum().notNull(),
    /** The template it was rendered from (null when the template is not recorded). Deleting a template with documents is refused (409). */
    templateId: text(),
    subjectType: documentSubjectEnum().notNull(),
    /** The enrollment, "{sessionId}:{userId}" for a session participant, or the course id. */
    subjectId: text().notNull(),
    /** The learner the document concerns (null for a course-wide document). */
    userId: text().references(() => users.id),
    enrollmentId: text(),
    title: text().notNull(),
    fileName: text().notNull(),
    sha256: text().notNull(),
    sizeBytes: bigint({ mode: "number" }).notNull(),
    /** Storage key `{tenantId}/{documentId}` under MEDIA_DIR/documents (services/documents/storage.ts). */
    storagePath: text().notNull(),
    /** Who generated it; null for the system (a job). */
    generatedBy: text().references(() => users.id),
    generatedAt: ts().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("documents_tenant_id_uq").on(t.tenantId, t.id),
    // Regeneration is idempotent: one document of a kind per subject.
    uniqueIndex("documents_subject_uq").on(t.tenantId, t.kind, t.subjectType, t.subjectId),
    // Trailing kind: the totals of a kind filter are counted from the index alone.
    index("documents_tenant_generated_idx").on(t.tenantId, t.generatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.kind),
    index("documents_tenant_user_idx").on(t.tenantId, t.userId, t.generatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.kind),
    index("documents_tenant_enrollment_idx").on(t.tenantId, t.enrollmentId, t.generatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.kind),
    // Documents of a template (DELETE's 409, the foreign key's checks); partial, so it never stands in for the lists' indexes.
    index("documents_tenant_template_idx").on(t.tenantId, t.templateId).where(sql`${t.templateId} is not null`),
    foreignKey({ name: "documents_template_fk", columns: [t.tenantId, t.templateId], foreignColumns: [templates.tenantId, templates.id] }),
    foreignKey({ name: "documents_enrollment_fk", columns: [t.tenantId, t.enrollmentId], foreignColumns: [enrollments.tenantId, enrollments.id] }).onDelete("cascade"),
  ],
);
