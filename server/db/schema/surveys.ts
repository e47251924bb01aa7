import { sql } from "drizzle-orm";
import { foreignKey, index, jsonb, pgEnum, pgTable, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, ts } from "./_columns";
import { users } from "./identity";
import { courses, enrollments, questionnaires } from "./learning";
import { tenants } from "./tenancy";

/**
 * Satisfaction surveys (Qualiopi indicators 2 and 30): an END_OF_COURSE survey is due when an
 * enrollment completes, a FOLLOW_UP survey SURVEY_FOLLOW_UP_DAYS later. Each invitation is sent
 * once (sentAt), answered once through a signed link (respondedAt, one response per invitation).
 */
export const surveyKindEnum = pgEnum("survey_kind", ["END_OF_COURSE", "FOLLOW_UP"]);

export const surveyInvitations = pgTable(
  "survey_invitations",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    enrollmentId: text().notNull(),
    courseId: text().notNull(),
    questionnaireId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id),
    kind: surveyKindEnum().notNull(),
    /** When the e-mail is due (completion, or completion + SURVEY_FOLLOW_UP_DAYS). */
    dueAt: ts().notNull(),
    sentAt: ts(),
    /** sentAt + SURVEY_LINK_TTL_DAYS: the link's expiry (set when sent). */
    expiresAt: ts(),
    respondedAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("survey_invitations_enrollment_kind_uq").on(t.tenantId, t.enrollmentId, t.kind),
    index("survey_invitations_course_idx").on(t.tenantId, t.courseId, t.kind),
    // The sweep of due invitations not sent yet (every tenant).
    index("survey_invitations_due_idx").on(t.dueAt).where(sql`${t.sentAt} is null`),
    unique("survey_invitations_tenant_id_uq").on(t.tenantId, t.id),
    foreignKey({ name: "survey_invitations_enrollment_fk", columns: [t.tenantId, t.enrollmentId], foreignColumns: [enrollments.tenantId, enrollments.id] }),
    foreignKey({ name: "survey_invitations_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
    foreignKey({
      name: "survey_invitations_questionnaire_fk",
      columns: [t.tenantId, t.questionnaireId],
      foreignColumns: [questionnaires.tenantId, questionnaires.id],
    }).onDelete("cascade"),
  ],
);

export type SurveyAnswer = { questionId: string; choiceIds?: string[]; text?: string };

export const surveyResponses = pgTable(
  "survey_responses",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    invitationId: text().notNull(),
    courseId: text().notNull(),
    questionnaireId: text().notNull(),
    kind: surveyKindEnum().notNull(),
    answers: jsonb().$type<SurveyAnswer[]>().notNull(),
    submittedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("survey_responses_invitation_uq").on(t.tenantId, t.invitationId),
    index("survey_responses_course_idx").on(t.tenantId, t.courseId, t.kind),
    foreignKey({
      name: "survey_responses_invitation_fk",
      columns: [t.tenantId, t.invitationId],
      foreignColumns: [surveyInvitations.tenantId, surveyInvitations.id],
    }).onDelete("cascade"),
  ],
);
