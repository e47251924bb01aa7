import { z } from "zod";
import { MAX } from "./bounds";
import { listEnvelope, ZLimitPageInput, ZLimitPageMeta, ZTimestamp } from "./common";
import { ZEnrollmentStatus, ZProgressTotals } from "./enrollments";
import { ZCsvSeparator, ZExportFormat } from "./exports";

/** Isomorphic: imports only zod. The course creator's learners: one row per enrollment of their courses. */

const ZLearnersFilter = z.object({
  courseId: z.string().max(MAX.id).optional().describe("Only this course's learners (crs_...)"),
  status: ZEnrollmentStatus.optional().describe("Only enrollments in this state"),
  search: z.string().trim().max(100).optional().describe("Case-insensitive part of the learner's first name, last name, full name or e-mail"),
});
export type TLearnersFilter = z.infer<typeof ZLearnersFilter>;

export const ZListLearnersInput = ZLimitPageInput.extend(ZLearnersFilter.shape);
export type TListLearnersInput = z.infer<typeof ZListLearnersInput>;

const ZLearnerQuiz = z.object({
  lessonId: z.string().describe("The QUIZ lesson (its last attempt's feedback: GET /enrollments/{enrollmentId}/quiz-feedback/{lessonId})"),
  title: z.string(),
  attempts: z.number().int(),
  bestPercentage: z.number().int(),
  passed: z.boolean().describe("Any attempt passed"),
});

const ZLearnerResults = z.object({
  quizCount: z.number().int().describe("QUIZ lessons of the course"),
  attempted: z.number().int().describe("Quizzes with at least one attempt"),
  passedCount: z.number().int().describe("Quizzes passed (any attempt)"),
  average: z.number().nullable().describe("Mean of the best percentages over the attempted quizzes, one decimal (null: none attempted); as GET /enrollments/{id}/quiz-scores"),
  quizzes: z.array(ZLearnerQuiz).describe("The attempted quizzes, in course order"),
});

const ZLearnerRow = z.object({
  enrollmentId: z.string(),
  learner: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  course: z.object({ id: z.string(), title: z.string() }),
  status: ZEnrollmentStatus,
  enrolledAt: ZTimestamp,
  completedAt: ZTimestamp.nullable(),
  lastActivityAt: ZTimestamp.nullable().describe("The learner's last progress or quiz attempt in this course (null: not started)"),
  progress: ZProgressTotals.describe("The same totals as the learner's own list (GET /enrollments/me)"),
  results: ZLearnerResults,
});
export type TLearnerRow = z.infer<typeof ZLearnerRow>;

export const ZListLearnersOutput = listEnvelope(ZLearnerRow, ZLimitPageMeta);

export const ZLearnersExportInput = ZLearnersFilter.extend({ format: ZExportFormat, separator: ZCsvSeparator });
