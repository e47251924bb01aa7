import { sql } from "drizzle-orm";
import { bigint, date, foreignKey, index, integer, pgEnum, pgTable, primaryKey, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, ts, updatedAt } from "./_columns";
import { users } from "./identity";
import { courses } from "./learning";
import { liveSessions } from "./live";
import { tenants } from "./tenancy";

/**
 * Quality (Qualiopi criterion 7): the complaints register (indicator 31) and the continuous-
 * improvement plans (indicator 32). Every table is tenant-owned; references between them are
 * composite (tenant_id, id).
 */
export const complaintCategoryEnum = pgEnum("complaint_category", ["COURSE_QUALITY", "ADMIN", "BILLING", "OTHER"]);
export const complaintSeverityEnum = pgEnum("complaint_severity", ["LOW", "MEDIUM", "HIGH", "CRITICAL"]);
export const complaintStatusEnum = pgEnum("complaint_status", ["NEW", "IN_REVIEW", "RESOLVED", "ESCALATED", "CLOSED"]);
/** How the complaint reached the organisation: WEB is the contact form (or a signed-in complainant); the others are recorded by staff. */
export const complaintChannelEnum = pgEnum("complaint_channel", ["WEB", "PHONE", "EMAIL", "LETTER", "IN_PERSON"]);
export const improvementTriggerEnum = pgEnum("improvement_plan_trigger", ["COMPLAINT", "AUDIT", "FEEDBACK", "PROACTIVE"]);
export const improvementStatusEnum = pgEnum("improvement_plan_status", ["DRAFT", "IN_PROGRESS", "COMPLETED", "ARCHIVED"]);
export const improvementActionStatusEnum = pgEnum("improvement_action_status", ["TODO", "IN_PROGRESS", "DONE"]);

export const improvementPlans = pgTable(
  "improvement_plans",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    title: text().notNull(),
    description: text().notNull().default(""),
    trigger: improvementTriggerEnum().notNull(),
    status: improvementStatusEnum().notNull().default("DRAFT"),
    owner: text().references(() => users.id),
    targetDate: date({ mode: "string" }),
    /** Qualiopi indicators (1..32) the plan addresses. */
    indicators: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** Maintained by the service with each action change (list counters without a join). */
    actionsCount: integer().notNull().default(0),
    actionsCompleted: integer().notNull().default(0),
    closureReport: text(),
    closedAt: ts(),
    /** Soft delete (DRAFT only). */
    deletedAt: ts(),
    /** null when opened by the platform (a HIGH or CRITICAL complaint). */
    createdBy: text().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("improvement_plans_tenant_id_uq").on(t.tenantId, t.id),
    // GET /improvement-plans: newest first, deleted plans left out (with or without a status/trigger filter).
    index("improvement_plans_tenant_created_idx").on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`deleted_at is null`),
    index("improvement_plans_tenant_status_idx").on(t.tenantId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`deleted_at is null`),
    index("improvement_plans_tenant_trigger_idx").on(t.tenantId, t.trigger, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`deleted_at is null`),
  ],
);

export const improvementActions = pgTable(
  "improvement_actions",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    planId: text().notNull(),
    description: text().notNull(),
    owner: text().references(() => users.id),
    dueDate: date({ mode: "string" }),
    status: improvementActionStatusEnum().notNull().default("TODO"),
    completedAt: ts(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("improvement_actions_plan_idx").on(t.tenantId, t.planId, t.createdAt, t.id),
    foreignKey({ name: "improvement_actions_plan_fk", columns: [t.tenantId, t.planId], foreignColumns: [improvementPlans.tenantId, improvementPlans.id] }).onDelete("cascade"),
  ],
);

export const complaints = pgTable(
  "complaints",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    /** RECL-{year}-{0042}: per tenant and year, gapless (complaint_counters); null for complaints filed before references existed. */
    reference: text(),
    referenceYear: integer(),
    referenceSeq: integer(),
    channel: complaintChannelEnum().notNull().default("WEB"),
    /** When the organisation received it (a letter's date, a call's); null on older rows: createdAt. */
    receivedAt: ts(),
    /** The staff member who recorded a complaint received by phone, e-mail, letter or in person. */
    recordedBy: text().references(() => users.id),
    subject: text().notNull(),
    description: text().notNull(),
    category: complaintCategoryEnum().notNull(),
    severity: complaintSeverityEnum().notNull(),
    status: complaintStatusEnum().notNull().default("NEW"),
    courseId: text(),
    sessionId: text(),
    attachments: text().array().notNull().default(sql`'{}'::text[]`),
    /** The signed-in complainant; null for the public contact form. */
    complainantUserId: text().references(() => users.id),
    complainantName: text(),
    /** Where the resolution is mailed (the account's e-mail, or the contact form's); null: no e-mail goes to the complainant. */
    complainantEmail: text(),
    complainantPhone: text(),
    complainantLocale: text().notNull().default("fr"),
    assignedTo: text().references(() => users.id),
    improvementPlanId: text(),
    resolution: text(),
    correctiveActions: text().array().notNull().default(sql`'{}'::text[]`),
    resolvedAt: ts(),
    escalatedAt: ts(),
    escalationReason: text(),
    mediatorEmail: text(),
    closedAt: ts(),
    /** MANUAL or AUTO (COMPLAINT_AUTO_CLOSE_DAYS without reply). */
    closedReason: text(),
    /** CRITICAL: createdAt + 24 h; the admins are alerted once, COMPLAINT_SLA_ALERT_MINUTES before. */
    slaDueAt: ts(),
    slaAlertedAt: ts(),
    /** When the status last changed (the auto-close delay runs from it). */
    statusChangedAt: ts().notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("complaints_tenant_id_uq").on(t.tenantId, t.id),
    uniqueIndex("complaints_tenant_reference_uq").on(t.tenantId, t.referenceYear, t.referenceSeq).where(sql`reference_seq is not null`),
    // GET /complaints: newest first, optionally by status, severity or assignee.
    index("complaints_tenant_created_idx").on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("complaints_tenant_status_idx").on(t.tenantId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("complaints_tenant_severity_idx").on(t.tenantId, t.severity, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("complaints_tenant_assignee_idx").on(t.tenantId, t.assignedTo, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("complaints_tenant_plan_idx").on(t.tenantId, t.improvementPlanId),
    // The scheduled scans (every tenant): SLA alerts still due, and RESOLVED/ESCALATED complaints to auto-close.
    index("complaints_sla_due_idx").on(t.slaDueAt).where(sql`sla_alerted_at is null and sla_due_at is not null`),
    index("complaints_status_changed_idx").on(t.status, t.statusChangedAt),
    foreignKey({ name: "complaints_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
    foreignKey({ name: "complaints_session_fk", columns: [t.tenantId, t.sessionId], foreignColumns: [liveSessions.tenantId, liveSessions.id] }),
    foreignKey({ name: "complaints_plan_fk", columns: [t.tenantId, t.improvementPlanId], foreignColumns: [improvementPlans.tenantId, improvementPlans.id] }),
  ],
);

/** Per tenant and year, the last complaint reference handed out; locked by the creating transaction's UPDATE. */
export const complaintCounters = pgTable(
  "complaint_counters",
  {
    tenantId: tenantId().references(() => tenants.id),
    year: integer().notNull(),
    lastNumber: integer().notNull().default(0),
  },
  (t) => [primaryKey({ name: "complaint_counters_pk", columns: [t.tenantId, t.year] })],
);

export const complaintComments = pgTable(
  "complaint_comments",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    complaintId: text().notNull(),
    authorId: text()
      .notNull()
      .references(() => users.id),
    text: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("complaint_comments_complaint_idx").on(t.tenantId, t.complaintId, t.createdAt, t.id),
    foreignKey({ name: "complaint_comments_complaint_fk", columns: [t.tenantId, t.complaintId], foreignColumns: [complaints.tenantId, complaints.id] }).onDelete("cascade"),
  ],
);

export const complaintStatusHistory = pgTable(
  "complaint_status_history",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    complaintId: text().notNull(),
    /** null for the creation row. */
    fromStatus: complaintStatusEnum(),
    toStatus: complaintStatusEnum().notNull(),
    /** null when the platform made the change (automatic closure, public creation). */
    changedBy: text().references(() => users.id),
    note: text(),
    at: ts().notNull(),
    /** Insertion order: several changes may share an instant (one request, or a frozen clock). */
    seq: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index("complaint_status_history_complaint_idx").on(t.tenantId, t.complaintId, t.seq),
    foreignKey({ name: "complaint_status_history_complaint_fk", columns: [t.tenantId, t.complaintId], foreignColumns: [complaints.tenantId, complaints.id] }).onDelete("cascade"),
  ],
);
