import { sql } from "drizzle-orm";
import { foreignKey, index, integer, jsonb, pgEnum, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, updatedAt } from "./_columns";
import { billingClients } from "./billing";
import { users } from "./identity";
import { courseLevelEnum, courses, enrollments } from "./learning";
import { tenants } from "./tenancy";

/**
 * Training-needs analysis (Qualiopi indicators 4 and 8): the analyses (nda_) with the
 * recommendations and gap analysis the AI provider computed from the tenant's catalogue. The
 * company an analysis is made for is a billing client of kind COMPANY or OPCO (one list of
 * companies; migration 0044 moved the former companies there, keeping their cmp_ ids).
 * Tenant-owned; references are composite (tenant_id, id).
 */
export const needsFundingSourceEnum = pgEnum("needs_funding_source", ["OPCO", "CPF", "POLE_EMPLOI", "SELF", "OTHER"]);
/** Who started the analysis: STAFF (POST /needs-analysis) or a visitor's quote request on a public course page. */
export const needsAnalysisSourceEnum = pgEnum("needs_analysis_source", ["STAFF", "QUOTE_REQUEST"]);

export type NeedsRecommendation = {
  courseId: string;
  title: string;
  level: "BEGINNER" | "INTERMEDIATE" | "ADVANCED" | "EXPERT" | null;
  format: string;
  duration: number | null;
  matchedObjectives: string[];
  relevance: number;
  reason: string;
};

export type NeedsGapAnalysis = {
  currentLevel: "BEGINNER" | "INTERMEDIATE" | "ADVANCED" | "EXPERT";
  targetLevel: "BEGINNER" | "INTERMEDIATE" | "ADVANCED" | "EXPERT";
  levelGap: number;
  steps: ("BEGINNER" | "INTERMEDIATE" | "ADVANCED" | "EXPERT")[];
  coveredObjectives: string[];
  uncoveredObjectives: string[];
  estimatedHours: number | null;
  summary: string;
};

export const needsAnalyses = pgTable(
  "needs_analyses",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    /** The billing client (kind COMPANY or OPCO) the analysis is for: cli_, or cmp_ for a company migrated by 0044. */
    companyId: text().notNull(),
    enrollmentId: text(),
    objectives: text().array().notNull().default(sql`'{}'::text[]`),
    currentLevel: courseLevelEnum().notNull(),
    targetLevel: courseLevelEnum().notNull(),
    context: text().notNull(),
    fundingSource: needsFundingSourceEnum(),
    recommendations: jsonb().$type<NeedsRecommendation[]>().notNull().default([]),
    gapAnalysis: jsonb().$type<NeedsGapAnalysis>().notNull(),
    /** The AI provider that computed the result (local, openai). */
    provider: text().notNull(),
    source: needsAnalysisSourceEnum().notNull().default("STAFF"),
    /** QUOTE_REQUEST: the course the visitor asked a quote for, and for how many learners. */
    requestedCourseId: text(),
    learnerCount: integer(),
    createdBy: text().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("needs_analyses_tenant_id_uq").on(t.tenantId, t.id),
    // GET /needs-analysis: newest first, optionally for one company.
    index("needs_analyses_tenant_created_idx").on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("needs_analyses_tenant_company_idx").on(t.tenantId, t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The PAF timeline of an enrollment.
    index("needs_analyses_tenant_enrollment_idx").on(t.tenantId, t.enrollmentId).where(sql`enrollment_id is not null`),
    foreignKey({ name: "needs_analyses_company_fk", columns: [t.tenantId, t.companyId], foreignColumns: [billingClients.tenantId, billingClients.id] }),
    foreignKey({ name: "needs_analyses_enrollment_fk", columns: [t.tenantId, t.enrollmentId], foreignColumns: [enrollments.tenantId, enrollments.id] }),
    foreignKey({ name: "needs_analyses_requested_course_fk", columns: [t.tenantId, t.requestedCourseId], foreignColumns: [courses.tenantId, courses.id] }),
  ],
);
