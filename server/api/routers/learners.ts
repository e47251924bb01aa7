import { ZListLearnersInput, ZListLearnersOutput } from "../../contracts/learners";
import { listLearners } from "../../services/enrollments/learners";
import { can, router } from "../trpc";

const tags = ["Learners"];

/** The course creator's learners (the "Apprenants" page); the export is server/http/learners-export.ts. */
export const learnersRouter = router({
  list: can("learners.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/learners",
        tags,
        summary: "The learners of the caller's courses, with progress, last activity and quiz results",
        description:
          "CREATOR: one row per enrollment of the courses they created; ADMIN: of every course of the tenant. Newest enrollment first. Filters: courseId, status, " +
          "search (part of the first name, last name, full name or e-mail, case-insensitive). Each row: the learner, the course, the status, enrolledAt, completedAt, lastActivityAt, " +
          "progress (the totals of GET /enrollments/me: completed lessons over the lessons of the learner's path) and results (the course's QUIZ lessons, attempted and passed ones, " +
          "the average of the best percentages as GET /enrollments/{id}/quiz-scores, and per attempted quiz its lessonId, whose corrected last attempt is " +
          "GET /enrollments/{enrollmentId}/quiz-feedback/{lessonId}). Export: GET /learners/export.",
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "CREATOR or ADMIN required" },
      },
    })
    .input(ZListLearnersInput)
    .output(ZListLearnersOutput)
    .query(({ ctx, input }) => listLearners(ctx.db, ctx.caller, input)),
});
