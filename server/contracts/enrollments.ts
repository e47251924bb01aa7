import { z } from "zod";
import { MAX } from "./bounds";
import { ZCsvSeparator, ZExportFormat } from "./exports";
import { signingWindowFields } from "./signing-window";
import { envelope, listEnvelope, ZId, ZLimitPageInput, ZLimitPageMeta, ZTimestamp } from "./common";

/** Isomorphic: imports only zod. Enrollments, lesson progress and quiz attempts. */

export const ZEnrollmentStatus = z.enum(["ACTIVE", "COMPLETED", "CANCELLED", "SUSPENDED", "REVOKED"]).describe("Enrollment state");
const ZPaymentMethod = z.enum(["FREE", "PSP_A_ISV", "PSP_B"]).describe("FREE here; the paid methods go through the payments flow");
export const ZTraineeCategory = z.enum(["SAL", "DE", "AUT"]).describe("BPF trainee category: SAL employee, DE job seeker, AUT other individual");
export const ZFinancingSource = z.enum(["OPCO", "CPF", "POLE_EMPLOI", "EMPLOYER", "SELF"]).describe("Who finances the training");
const ZProgressStatus = z.enum(["NOT_STARTED", "IN_PROGRESS", "COMPLETED"]);
const ZLessonKind = z.enum(["TEXT", "VIDEO", "FILE", "LIVE_SESSION", "QUIZ"]);
const ZQuestionKind = z.enum(["SINGLE_CHOICE", "MULTIPLE_CHOICE", "TRUE_FALSE", "FREE_TEXT"]);

const ZEnrollment = z.object({
  id: z.string().describe("enr_ identifier"),
  courseId: z.string(),
  userId: z.string(),
  status: ZEnrollmentStatus,
  paymentMethod: ZPaymentMethod,
  traineeCategory: ZTraineeCategory.nullable(),
  financingSource: ZFinancingSource.nullable(),
  funderId: z.string().nullable().describe("The funder (fnd_..., one of the tenant's funders) that finances this enrollment; the FUNDER members of that funder read it and its documents. null: none named"),
  enrolledAt: ZTimestamp,
  completedAt: ZTimestamp.nullable(),
  cancelledAt: ZTimestamp.nullable(),
  suspendedAt: ZTimestamp.nullable().describe("When the enrollment was suspended (SUSPENDED only; cleared by reactivation)"),
  revokedAt: ZTimestamp.nullable().describe("When the enrollment was revoked (REVOKED only)"),
  statusReason: z.string().nullable().describe("The reason given for the SUSPENDED or REVOKED state"),
  lastActivityAt: ZTimestamp.nullable(),
  updatedAt: ZTimestamp,
});
export type TEnrollment = z.infer<typeof ZEnrollment>;

export const ZProgressTotals = z.object({
  percentage: z.number().int().describe("Completed lessons over the course's lessons, 0-100 (rounded down)"),
  completedLessons: z.number().int(),
  totalLessons: z.number().int(),
});
export type TProgressTotals = z.infer<typeof ZProgressTotals>;

const ZLearnerRef = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });
const ZCourseRef = z.object({ id: z.string(), title: z.string(), slug: z.string(), bannerMediaId: z.string().nullable() });

// ---- create / update / cancel

export const ZEnrollSelfInput = z.strictObject({ courseId: ZId("crs").describe("A PUBLISHED free course (price 0) of the tenant") });

export const ZCreateEnrollmentInput = z.strictObject({
  courseId: ZId("crs"),
  userId: ZId("usr"),
  paymentMethod: ZPaymentMethod,
  traineeCategory: ZTraineeCategory.optional(),
  financingSource: ZFinancingSource.optional(),
  funderId: ZId("fnd").optional().describe("The funder that finances the enrollment (one of the tenant's funders, 422 otherwise); its FUNDER members then read the enrollment and its documents"),
});
export type TCreateEnrollmentInput = z.infer<typeof ZCreateEnrollmentInput>;

export const ZUpdateEnrollmentInput = z.strictObject({
  id: z.string().max(MAX.id),
  traineeCategory: ZTraineeCategory.nullable().optional().describe("null clears it"),
  financingSource: ZFinancingSource.nullable().optional().describe("null clears it"),
  funderId: ZId("fnd").nullable().optional().describe("The funder that finances the enrollment (one of the tenant's funders, 422 otherwise); null clears it"),
});
export type TUpdateEnrollmentInput = z.infer<typeof ZUpdateEnrollmentInput>;

export const ZEnrollmentIdInput = z.object({ id: z.string().max(MAX.id).describe("Enrollment id (enr_...)") });
export const ZEnrollmentOutput = envelope(ZEnrollment);

// ---- state moves (ADMIN): suspend, reactivate, revoke

const ZReason = z.string().trim().max(500, "At most 500 characters");
export const ZSuspendEnrollmentInput = z.strictObject({
  id: z.string().max(MAX.id).describe("Enrollment id (enr_...)"),
  reason: ZReason.optional().describe("Why the enrollment is suspended (optional, at most 500 characters); sent in enrollment.suspended"),
});
export const ZReactivateEnrollmentInput = z.strictObject({ id: z.string().max(MAX.id).describe("Enrollment id (enr_...)") });
export const ZRevokeEnrollmentInput = z.strictObject({
  id: z.string().max(MAX.id).describe("Enrollment id (enr_...)"),
  reason: ZReason.min(1, "Required").describe("Why the enrollment is revoked (required, at most 500 characters); sent in enrollment.revoked"),
});

// ---- lists

export const ZMyEnrollment = ZEnrollment.extend({ course: ZCourseRef, progress: ZProgressTotals });
export const ZMyEnrollmentsInput = ZLimitPageInput.extend({ status: ZEnrollmentStatus.optional() });
export const ZMyEnrollmentsOutput = listEnvelope(ZMyEnrollment, ZLimitPageMeta);

export const ZEnrollmentListItem = ZEnrollment.extend({ learner: ZLearnerRef, course: ZCourseRef, progress: ZProgressTotals });
export const ZListEnrollmentsInput = ZLimitPageInput.extend({
  courseId: z.string().max(MAX.id).optional(),
  userId: z.string().max(MAX.id).optional(),
  status: ZEnrollmentStatus.optional(),
});
export type TListEnrollmentsInput = z.infer<typeof ZListEnrollmentsInput>;
export const ZListEnrollmentsOutput = listEnvelope(ZEnrollmentListItem, ZLimitPageMeta);

export const ZUpcomingSessionsInput = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10).describe("At most this many slots (max 100)") });
const ZUpcomingSession = z.object({
  sessionId: z.string(),
  enrollmentId: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  title: z.string(),
  scheduledAt: ZTimestamp,
  durationMinutes: z.number().int(),
  status: z.enum(["SCHEDULED", "LIVE"]),
  deliveryMode: z.enum(["PRESENTIAL", "REMOTE", "HYBRID"]).describe("PRESENTIAL sessions have no video room"),
  place: z.object({ name: z.string(), address: z.string(), room: z.string().nullable().optional() }).nullable().describe("Where it takes place (PRESENTIAL, HYBRID); null for REMOTE"),
  schedule: z
    .array(z.object({ date: z.string(), ranges: z.array(z.object({ start: z.string(), end: z.string() })) }))
    .describe("Days and HH:MM ranges in the tenant's time zone (a session without one: its single derived day)"),
  ...signingWindowFields,
});
export type TUpcomingSession = z.infer<typeof ZUpcomingSession>;
export const ZUpcomingSessionsOutput = envelope(z.array(ZUpcomingSession));

// ---- detail and progress

const ZLessonProgressRecord = z.object({
  status: ZProgressStatus,
  timeSpentSeconds: z.number().int(),
  startedAt: ZTimestamp.nullable(),
  completedAt: ZTimestamp.nullable(),
  updatedAt: ZTimestamp,
});

export const ZEnrollmentDetail = ZEnrollment.extend({
  learner: ZLearnerRef,
  course: ZCourseRef.extend({ status: z.enum(["DRAFT", "PUBLISHED", "ARCHIVED"]) }),
  progress: ZProgressTotals,
  modules: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      position: z.number().int(),
      lessons: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          kind: ZLessonKind,
          position: z.number().int(),
          durationMinutes: z.number().int().nullable(),
          status: ZProgressStatus.describe("NOT_STARTED when the lesson has no progress record"),
          progress: ZLessonProgressRecord.nullable().describe("null when the lesson has no progress record"),
          pathRole: z
            .enum(["CORE", "SKIPPED", "EXTRA"])
            .describe("The lesson in the learner's individual adaptive path: CORE (no path, or not concerned), SKIPPED (not required, not counted), EXTRA (added by the path)"),
          hasContent: z.boolean().describe("The lesson has content to follow (text, media, session or questionnaire); false: it cannot be marked COMPLETED (422 LESSON_EMPTY)"),
        }),
      ),
    }),
  ),
  adaptivePath: z
    .object({
      id: z.string().describe("lap_..."),
      name: z.string(),
      positioningScore: z.number().int(),
      summary: z.string(),
      generatedAt: ZTimestamp,
      skippedLessons: z.number().int(),
      extraLessons: z.number().int(),
    })
    .nullable()
    .describe("The learner's individual adaptive path (null: none generated; every lesson counts). Extra lessons it did not trigger are left out of `modules`."),
  adaptivePathAvailable: z.boolean().describe("The course has a score-rule adaptive path: after the positioning test, POST /enrollments/{id}/adaptive-path personalises the path"),
});
export const ZEnrollmentDetailOutput = envelope(ZEnrollmentDetail);

const ZModuleProgress = z.object({
  moduleId: z.string(),
  title: z.string(),
  completed: z.number().int(),
  total: z.number().int(),
  percentage: z.number().int(),
});
const ZProgressSummary = ZProgressTotals.extend({ enrollmentId: z.string(), status: ZEnrollmentStatus, modules: z.array(ZModuleProgress) });
export type TProgressSummary = z.infer<typeof ZProgressSummary>;
export const ZProgressSummaryOutput = envelope(ZProgressSummary);

/** UpdateProgressDto (conventions §12) with the path parameters. */
export const ZUpdateProgressInput = z.strictObject({
  id: z.string().max(MAX.id).describe("Enrollment id"),
  lessonId: z.string().max(MAX.id),
  status: ZProgressStatus,
  timeSpentSeconds: z.number().int().min(0).max(86_400).optional().describe("Seconds spent since the previous call; added to the lesson's total"),
});
export type TUpdateProgressInput = z.infer<typeof ZUpdateProgressInput>;

const ZProgressUpdate = ZLessonProgressRecord.extend({
  id: z.string().describe("prg_ identifier"),
  enrollmentId: z.string(),
  lessonId: z.string(),
  moduleCompleted: z.boolean().describe("This call completed the lesson's module"),
  enrollment: z.object({ status: ZEnrollmentStatus, completedAt: ZTimestamp.nullable() }).extend(ZProgressTotals.shape),
});
export const ZProgressUpdateOutput = envelope(ZProgressUpdate);

// ---- quizzes

const ZQuizAnswerInput = z.strictObject({
  questionId: z.string().max(MAX.id),
  choiceIds: z.array(z.string().max(MAX.id)).max(50).optional(),
  text: z.string().max(5000).optional(),
});
export const ZSubmitQuizInput = z.strictObject({
  id: z.string().max(MAX.id).describe("Enrollment id"),
  lessonId: z.string().max(MAX.id),
  answers: z.array(ZQuizAnswerInput).max(500),
});
export type TSubmitQuizInput = z.infer<typeof ZSubmitQuizInput>;

const ZQuizResult = z.object({
  attemptId: z.string().describe("qat_ identifier"),
  lessonId: z.string(),
  questionnaireId: z.string(),
  score: z.number().int(),
  maxScore: z.number().int(),
  percentage: z.number().int().describe("score over maxScore, 0-100, rounded to the nearest (2/3 is 67); 100 only for full marks, 0 only for none"),
  passMark: z.number().int(),
  passed: z.boolean(),
  createdAt: ZTimestamp,
  lessonStatus: ZProgressStatus,
  enrollmentStatus: ZEnrollmentStatus,
});
export const ZQuizResultOutput = envelope(ZQuizResult);

const ZQuizScores = z.object({
  scores: z.array(
    z.object({
      lessonId: z.string(),
      questionnaireId: z.string(),
      title: z.string(),
      bestPercentage: z.number().int().nullable(),
      lastPercentage: z.number().int().nullable(),
      attempts: z.number().int(),
      passed: z.boolean(),
    }),
  ),
  average: z.number().nullable().describe("Mean of the best percentages of the attempted quizzes (null when none)"),
  passRate: z.number().nullable().describe("Percentage of the attempted quizzes that are passed (null when none)"),
});
export const ZQuizScoresOutput = envelope(ZQuizScores);

export const ZQuizFeedbackInput = z.object({ id: z.string().max(MAX.id), lessonId: z.string().max(MAX.id) });
export const ZQuizFeedback = z.object({
  lessonId: z.string(),
  questionnaireId: z.string(),
  title: z.string(),
  attemptId: z.string(),
  submittedAt: ZTimestamp,
  score: z.number().int(),
  maxScore: z.number().int(),
  percentage: z.number().int().describe("score over maxScore, 0-100, rounded to the nearest (2/3 is 67); 100 only for full marks, 0 only for none"),
  passMark: z.number().int(),
  passed: z.boolean(),
  questions: z.array(
    z.object({
      questionId: z.string(),
      kind: ZQuestionKind,
      prompt: z.string(),
      points: z.number().int(),
      choices: z.array(z.object({ id: z.string(), label: z.string(), correct: z.boolean() })),
      answer: z.object({ choiceIds: z.array(z.string()), text: z.string().nullable() }).nullable().describe("null when the question was left unanswered"),
      correct: z.boolean().nullable().describe("null for a free-text question that is not scored"),
      pointsAwarded: z.number().int(),
      correctChoiceIds: z.array(z.string()),
      expectedText: z.string().nullable(),
      explanation: z.string().nullable(),
    }),
  ),
});
export const ZQuizFeedbackOutput = envelope(ZQuizFeedback);

// ---- export

export const ZExportInput = z.object({ courseId: z.string().max(MAX.id).describe("Course id (crs_...)"), format: ZExportFormat, separator: ZCsvSeparator });
