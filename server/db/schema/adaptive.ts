import { sql } from "drizzle-orm";
import { foreignKey, index, integer, jsonb, pgEnum, pgTable, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, ts, updatedAt } from "./_columns";
import { users } from "./identity";
import { courses, enrollments } from "./learning";
import { tenants } from "./tenancy";

/**
 * Adaptive learning paths (Qualiopi criterion 3: adapting the training to the learner's entry
 * level). One table holds both variants of the spec's AdaptivePath (apt_), told apart by
 * `variant`; individual paths (LearnerAdaptivePath, lap_) are generated per enrollment from the
 * positioning score and keep a copy of what they need: deleting a definition leaves them intact
 * (no foreign key from them to the definition).
 */
export const adaptivePathVariantEnum = pgEnum("adaptive_path_variant", ["SCORE_RULES", "MODULE_CHAIN"]);

export type AdaptiveRule = { skipIfScoreAbove: number; lessonId: string };
export type AdaptiveExtraLesson = { triggerScore: number; lessonId: string };
export type AdaptiveChainModule = { courseId: string; order: number; mandatory: boolean; unlockCondition?: "COMPLETION" | "SCORE_GTE_70" | "SCORE_GTE_80" };

export const adaptivePaths = pgTable(
  "adaptive_paths",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    variant: adaptivePathVariantEnum().notNull(),
    name: text().notNull(),
    description: text(),
    /** SCORE_RULES: the course the rules apply to; null for MODULE_CHAIN. */
    baseCourseId: text(),
    rules: jsonb().$type<AdaptiveRule[]>().notNull().default([]),
    extraLessons: jsonb().$type<AdaptiveExtraLesson[]>().notNull().default([]),
    /** MODULE_CHAIN fields. */
    targetAudience: text(),
    modules: jsonb().$type<AdaptiveChainModule[]>().notNull().default([]),
    prerequisiteAssessmentId: text(),
    /** Every course the definition concerns (the base course, or the chain's courses): the `courseId` filter. */
    courseIds: text().array().notNull().default(sql`'{}'::text[]`),
    createdBy: text().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("adaptive_paths_tenant_id_uq").on(t.tenantId, t.id),
    // GET /adaptive-paths: newest first.
    index("adaptive_paths_tenant_created_idx").on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // GET /adaptive-paths?courseId=: the definitions concerning a course.
    index("adaptive_paths_course_ids_idx").using("gin", t.courseIds),
    foreignKey({ name: "adaptive_paths_base_course_fk", columns: [t.tenantId, t.baseCourseId], foreignColumns: [courses.tenantId, courses.id] }).onDelete("cascade"),
  ],
);

/**
 * An individual path (LearnerAdaptivePath): one per enrollment, replaced when generated again.
 * `skippedLessonIds` are shown as skipped (not required), `extraLessonIds` added to the path,
 * `hiddenLessonIds` (extra lessons the score did not trigger) left out of the player; the course's
 * progress counts every lesson except the skipped and hidden ones.
 */
export const learnerAdaptivePaths = pgTable(
  "learner_adaptive_paths",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    enrollmentId: text().notNull(),
    courseId: text().notNull(),
    /** The definition it came from: plain text, kept when the definition is deleted. */
    adaptivePathId: text().notNull(),
    /** Copy of the definition at generation time (name, rules, extra lessons). */
    definition: jsonb().$type<{ name: string; description: string | null; rules: AdaptiveRule[]; extraLessons: AdaptiveExtraLesson[] }>().notNull(),
    positioningScore: integer().notNull(),
    positioningAttemptId: text(),
    positioningAttemptAt: ts(),
    skippedLessonIds: text().array().notNull().default(sql`'{}'::text[]`),
    extraLessonIds: text().array().notNull().default(sql`'{}'::text[]`),
    hiddenLessonIds: text().array().notNull().default(sql`'{}'::text[]`),
    /** The provider's message to the learner about their path. */
    summary: text().notNull().default(""),
    creditsConsumed: integer().notNull(),
    generatedBy: text().references(() => users.id),
    generatedAt: ts().notNull(),
  },
  (t) => [
    uniqueIndex("learner_adaptive_paths_enrollment_uq").on(t.tenantId, t.enrollmentId),
    index("learner_adaptive_paths_definition_idx").on(t.tenantId, t.adaptivePathId, t.generatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    foreignKey({ name: "learner_adaptive_paths_enrollment_fk", columns: [t.tenantId, t.enrollmentId], foreignColumns: [enrollments.tenantId, enrollments.id] }),
  ],
);
