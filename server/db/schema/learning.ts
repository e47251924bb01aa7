import { boolean, date, foreignKey, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, ts, updatedAt } from "./_columns";
import { users } from "./identity";
import { funders, tenants } from "./tenancy";

/**
 * The catalogue and learning domain: courses with their Qualiopi fields, modules, lessons,
 * questionnaires, trainers and their competencies, media, enrollments, progress, quiz attempts,
 * activity logs and the AI credit ledger. Every table is tenant-owned.
 */
export const courseStatusEnum = pgEnum("course_status", ["DRAFT", "PUBLISHED", "ARCHIVED"]);
export const enrollmentStatusEnum = pgEnum("enrollment_status", ["ACTIVE", "COMPLETED", "CANCELLED", "SUSPENDED", "REVOKED"]);
/**
 * Enrollment states that make a learner a participant of its course (conventions §7): completing
 * keeps access. Defined beside the enum so the procedure chain (db/tenant-scope.ts) and the
 * who-may rules (services/platform/who-may.ts) read the same list.
 */
export const PARTICIPANT_STATUSES = ["ACTIVE", "COMPLETED"] as const;
export const courseLevelEnum = pgEnum("course_level", ["BEGINNER", "INTERMEDIATE", "ADVANCED", "EXPERT"]);
export const courseFormatEnum = pgEnum("course_format", ["ELEARNING", "LIVE", "BLENDED", "PRESENTIAL"]);
export const lessonKindEnum = pgEnum("lesson_kind", ["TEXT", "VIDEO", "FILE", "LIVE_SESSION", "QUIZ"]);
export const questionnaireKindEnum = pgEnum("questionnaire_kind", ["QUIZ", "POSITIONING", "SATISFACTION"]);
export const questionKindEnum = pgEnum("question_kind", ["SINGLE_CHOICE", "MULTIPLE_CHOICE", "TRUE_FALSE", "FREE_TEXT"]);
export const trainerRoleEnum = pgEnum("trainer_role", ["PRIMARY", "SECONDARY"]);
export const mediaKindEnum = pgEnum("media_kind", ["IMAGE", "VIDEO", "DOCUMENT"]);
export const progressStatusEnum = pgEnum("progress_status", ["NOT_STARTED", "IN_PROGRESS", "COMPLETED"]);
export const traineeCategoryEnum = pgEnum("trainee_category", ["SAL", "DE", "AUT"]);
export const financingSourceEnum = pgEnum("financing_source", ["OPCO", "CPF", "POLE_EMPLOI", "EMPLOYER", "SELF"]);
export const paymentMethodEnum = pgEnum("payment_method", ["FREE", "PSP_A_ISV", "PSP_B"]);
/**
 * BPF frame F-3 (cerfa 10443*17), the general objective of a course: RNCP (a registered diploma,
 * title or CQP with its level, rncpLevel 2..8), RNCP_CQP (a CQP registered in the RNCP without a
 * level), RS (Répertoire spécifique), CQP (registered in neither), OTHER (other vocational
 * training), BILAN (skills assessment), VAE (VAE support).
 */
export const trainingObjectiveEnum = pgEnum("training_objective", ["RNCP", "RNCP_CQP", "RS", "CQP", "OTHER", "BILAN", "VAE"]);
/** BPF frames F-2 and G: SUBCONTRACTED_OUT, delivered by a subcontractor this organisation paid; RECEIVED, entrusted to this organisation by another (it is the subcontractor). */
export const subcontractingEnum = pgEnum("subcontracting", ["SUBCONTRACTED_OUT", "RECEIVED"]);
/** BPF frame E: a trainer of the organisation (employee, teaching director) or an external one (subcontracting contract). */
export const trainerEngagementEnum = pgEnum("trainer_engagement", ["INTERNAL", "EXTERNAL"]);

export type FaqItem = { question: string; answer: string };
export type SeoMetadata = { metaTitle?: string; metaDescription?: string; keywords?: string[]; faq?: FaqItem[] };

export const media = pgTable(
  "media",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    kind: mediaKindEnum().notNull(),
    fileName: text().notNull(),
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    storageKey: text().notNull(),
    uploadedBy: text().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("media_tenant_idx").on(t.tenantId, t.createdAt),
    unique("media_tenant_id_uq").on(t.tenantId, t.id),
  ],
);

export const courses = pgTable(
  "courses",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    creatorId: text()
      .notNull()
      .references(() => users.id),
    title: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(""),
    price: integer().notNull().default(0),
    currency: text().notNull().default("EUR"),
    status: courseStatusEnum().notNull().default("DRAFT"),
    duration: integer(),
    level: courseLevelEnum(),
    language: text().notNull().default("fr"),
    tags: jsonb().$type<string[]>().notNull().default([]),
    format: courseFormatEnum().notNull().default("ELEARNING"),
    bannerMediaId: text(),
    featuredMediaId: text(),
    seoMetadata: jsonb().$type<SeoMetadata>().notNull().default({}),
    // Qualiopi (criteria 1 and 2, indicator 26 for accessibility)
    pedagogicalObjectives: text(),
    prerequisites: text(),
    targetAudience: text(),
    teachingMethods: text(),
    evaluationMethods: text(),
    accessibilityInfo: text(),
    disabilityReferentContact: text(),
    /** Indicator 1: access lead time (délai d'accès), free text such as "2 semaines après l'inscription". */
    accessLeadTime: text(),
    /** Indicators 2-3: a success rate (0-100) the organisation publishes (certification, exam), when set. */
    successRate: integer(),
    activityNumber: text(),
    certificationNumber: text(),
    certificationValidUntil: date({ mode: "string" }),
    /** BPF F-3: the objective (else read from certificationNumber's RNCP/RS prefix) and, for RNCP, the level 2..8. */
    trainingObjective: trainingObjectiveEnum(),
    rncpLevel: integer(),
    /** BPF F-4: the NSF speciality code (3 digits, services/bpf/nsf.ts). */
    nsfCode: text(),
    /** Set when this course was made from another (duplicate or AI variant). */
    sourceCourseId: text(),
    viewCount: integer().notNull().default(0),
    publishedAt: ts(),
    archivedAt: ts(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("courses_tenant_slug_uq").on(t.tenantId, t.slug),
    index("courses_tenant_status_idx").on(t.tenantId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("courses_tenant_created_idx").on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("courses_tenant_creator_idx").on(t.tenantId, t.creatorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    unique("courses_tenant_id_uq").on(t.tenantId, t.id),
    foreignKey({ name: "courses_banner_media_fk", columns: [t.tenantId, t.bannerMediaId], foreignColumns: [media.tenantId, media.id] }),
    foreignKey({ name: "courses_featured_media_fk", columns: [t.tenantId, t.featuredMediaId], foreignColumns: [media.tenantId, media.id] }),
  ],
);

export const modules = pgTable(
  "modules",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    courseId: text().notNull(),
    title: text().notNull(),
    description: text().notNull().default(""),
    position: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("modules_tenant_course_idx").on(t.tenantId, t.courseId, t.position),
    unique("modules_tenant_id_uq").on(t.tenantId, t.id),
    foreignKey({ name: "modules_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }).onDelete("cascade"),
  ],
);

export const questionnaires = pgTable(
  "questionnaires",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    courseId: text().notNull(),
    kind: questionnaireKindEnum().notNull().default("QUIZ"),
    title: text().notNull(),
    /** Percentage (0-100) needed to pass a QUIZ. */
    passMark: integer().notNull().default(50),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("questionnaires_tenant_course_idx").on(t.tenantId, t.courseId),
    unique("questionnaires_tenant_id_uq").on(t.tenantId, t.id),
    foreignKey({ name: "questionnaires_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }).onDelete("cascade"),
  ],
);

export type Choice = { id: string; label: string; correct: boolean };

export const questions = pgTable(
  "questions",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    questionnaireId: text().notNull(),
    kind: questionKindEnum().notNull(),
    prompt: text().notNull(),
    choices: jsonb().$type<Choice[]>().notNull().default([]),
    /** Expected answer of a FREE_TEXT question (case- and accent-insensitive match), if any. */
    expectedText: text(),
    explanation: text(),
    points: integer().notNull().default(1),
    position: integer().notNull(),
  },
  (t) => [
    index("questions_tenant_questionnaire_idx").on(t.tenantId, t.questionnaireId, t.position),
    foreignKey({
      name: "questions_questionnaire_fk",
      columns: [t.tenantId, t.questionnaireId],
      foreignColumns: [questionnaires.tenantId, questionnaires.id],
    }).onDelete("cascade"),
  ],
);

export const lessons = pgTable(
  "lessons",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    courseId: text().notNull(),
    moduleId: text().notNull(),
    title: text().notNull(),
    kind: lessonKindEnum().notNull().default("TEXT"),
    /** Markdown for TEXT; notes for the other kinds. */
    content: text().notNull().default(""),
    mediaId: text(),
    mediaUrl: text(),
    packageId: text(),
    /** QUIZ lessons point at their questionnaire. */
    /** Deleting the questionnaire nulls this column only (the custom migration `*_lessons_questionnaire_set_null.sql`). */
    questionnaireId: text(),
    liveSessionId: text(),
    durationMinutes: integer(),
    position: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("lessons_tenant_module_idx").on(t.tenantId, t.moduleId, t.position),
    index("lessons_tenant_course_idx").on(t.tenantId, t.courseId),
    unique("lessons_tenant_id_uq").on(t.tenantId, t.id),
    foreignKey({ name: "lessons_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }).onDelete("cascade"),
    foreignKey({ name: "lessons_module_fk", columns: [t.tenantId, t.moduleId], foreignColumns: [modules.tenantId, modules.id] }).onDelete("cascade"),
    foreignKey({ name: "lessons_media_fk", columns: [t.tenantId, t.mediaId], foreignColumns: [media.tenantId, media.id] }),
    foreignKey({
      name: "lessons_questionnaire_fk",
      columns: [t.tenantId, t.questionnaireId],
      foreignColumns: [questionnaires.tenantId, questionnaires.id],
    }).onDelete("set null"),
  ],
);

export const courseTrainers = pgTable(
  "course_trainers",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    courseId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id),
    role: trainerRoleEnum().notNull().default("PRIMARY"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("course_trainers_uq").on(t.tenantId, t.courseId, t.userId),
    index("course_trainers_user_idx").on(t.tenantId, t.userId),
    foreignKey({ name: "course_trainers_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }).onDelete("cascade"),
  ],
);

/** Qualiopi criterion 5: what qualifies a trainer, with its evidence and validity. */
export const trainerCompetencies = pgTable(
  "trainer_competencies",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    domain: text().notNull(),
    evidence: text().notNull(),
    validUntil: date({ mode: "string" }),
    createdAt: createdAt(),
  },
  (t) => [index("trainer_competencies_user_idx").on(t.tenantId, t.userId)],
);

/** BPF frame E: whether a trainer is one of the organisation's own people or an external one. One row per tenant and trainer. */
export const trainerProfiles = pgTable(
  "trainer_profiles",
  {
    tenantId: tenantId().references(() => tenants.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    engagement: trainerEngagementEnum().notNull(),
    updatedBy: text().references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: "trainer_profiles_pk", columns: [t.tenantId, t.userId] })],
);

export const enrollments = pgTable(
  "enrollments",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    courseId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id),
    status: enrollmentStatusEnum().notNull().default("ACTIVE"),
    paymentMethod: paymentMethodEnum().notNull().default("FREE"),
    traineeCategory: traineeCategoryEnum(),
    financingSource: financingSourceEnum(),
    /** BPF F-2 / G (null: delivered by this organisation on its own account). */
    subcontracting: subcontractingEnum(),
    /** The funder (one of the tenant's `funders`) that finances this enrollment; its FUNDER members read it and its documents. */
    funderId: text(),
    enrolledBy: text().references(() => users.id),
    enrolledAt: createdAt(),
    completedAt: ts(),
    cancelledAt: ts(),
    /** Set by POST /enrollments/{id}/suspend, cleared by reactivate. */
    suspendedAt: ts(),
    /** Set by POST /enrollments/{id}/revoke (final). */
    revokedAt: ts(),
    /** The reason given for the current SUSPENDED or REVOKED state (null otherwise, or none given). */
    statusReason: text(),
    lastActivityAt: ts(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("enrollments_tenant_course_user_uq").on(t.tenantId, t.courseId, t.userId),
    index("enrollments_tenant_user_idx").on(t.tenantId, t.userId, t.enrolledAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("enrollments_tenant_enrolled_idx").on(t.tenantId, t.enrolledAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("enrollments_tenant_course_idx").on(t.tenantId, t.courseId, t.status),
    unique("enrollments_tenant_id_uq").on(t.tenantId, t.id),
    foreignKey({ name: "enrollments_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
    foreignKey({ name: "enrollments_funder_fk", columns: [t.tenantId, t.funderId], foreignColumns: [funders.tenantId, funders.id] }),
    // A FUNDER's list (tenant, funder, newest first).
    index("enrollments_tenant_funder_idx").on(t.tenantId, t.funderId, t.enrolledAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const lessonProgress = pgTable(
  "lesson_progress",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    enrollmentId: text().notNull(),
    lessonId: text().notNull(),
    status: progressStatusEnum().notNull(),
    timeSpentSeconds: integer().notNull().default(0),
    startedAt: ts(),
    completedAt: ts(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("lesson_progress_uq").on(t.tenantId, t.enrollmentId, t.lessonId),
    foreignKey({
      name: "lesson_progress_enrollment_fk",
      columns: [t.tenantId, t.enrollmentId],
      foreignColumns: [enrollments.tenantId, enrollments.id],
    }),
    foreignKey({ name: "lesson_progress_lesson_fk", columns: [t.tenantId, t.lessonId], foreignColumns: [lessons.tenantId, lessons.id] }).onDelete("cascade"),
  ],
);

export type QuizAnswer = { questionId: string; choiceIds?: string[]; text?: string };
export type QuizAnswerResult = QuizAnswer & { correct: boolean; points: number };

export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    enrollmentId: text().notNull(),
    lessonId: text().notNull(),
    questionnaireId: text().notNull(),
    answers: jsonb().$type<QuizAnswerResult[]>().notNull(),
    score: integer().notNull(),
    maxScore: integer().notNull(),
    /** Percentage 0-100, rounded. */
    percentage: integer().notNull(),
    passed: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("quiz_attempts_enrollment_idx").on(t.tenantId, t.enrollmentId, t.lessonId, t.createdAt),
    foreignKey({ name: "quiz_attempts_enrollment_fk", columns: [t.tenantId, t.enrollmentId], foreignColumns: [enrollments.tenantId, enrollments.id] }),
    foreignKey({ name: "quiz_attempts_lesson_fk", columns: [t.tenantId, t.lessonId], foreignColumns: [lessons.tenantId, lessons.id] }).onDelete("cascade"),
    foreignKey({
      name: "quiz_attempts_questionnaire_fk",
      columns: [t.tenantId, t.questionnaireId],
      foreignColumns: [questionnaires.tenantId, questionnaires.id],
    }).onDelete("cascade"),
  ],
);

/** Learning activity, fed by course, enrollment, progress and quiz actions (act_ ids). */
export const activityLogs = pgTable(
  "activity_logs",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    userId: text().references(() => users.id),
    action: text().notNull(),
    courseId: text(),
    enrollmentId: text(),
    lessonId: text(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_logs_tenant_created_idx").on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("activity_logs_course_idx").on(t.tenantId, t.courseId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("activity_logs_enrollment_idx").on(t.tenantId, t.enrollmentId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Every AI credit movement; `tenants.ai_credits` is the balance, changed in the same transaction. */
export const aiCreditLedger = pgTable(
  "ai_credit_ledger",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    delta: integer().notNull(),
    balanceAfter: integer().notNull(),
    operation: text().notNull(),
    courseId: text(),
    userId: text().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("ai_credit_ledger_tenant_idx").on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);
