import { SIGNING_WINDOW_NOTE } from "../../contracts/signing-window";
import {
  ZCreateEnrollmentInput,
  ZEnrollSelfInput,
  ZEnrollmentDetailOutput,
  ZEnrollmentIdInput,
  ZEnrollmentOutput,
  ZListEnrollmentsInput,
  ZListEnrollmentsOutput,
  ZMyEnrollmentsInput,
  ZMyEnrollmentsOutput,
  ZProgressSummaryOutput,
  ZProgressUpdateOutput,
  ZQuizFeedbackInput,
  ZQuizFeedbackOutput,
  ZQuizResultOutput,
  ZQuizScoresOutput,
  ZReactivateEnrollmentInput,
  ZRevokeEnrollmentInput,
  ZSuspendEnrollmentInput,
  ZSubmitQuizInput,
  ZUpcomingSessionsInput,
  ZUpcomingSessionsOutput,
  ZUpdateEnrollmentInput,
  ZUpdateProgressInput,
} from "../../contracts/enrollments";
import { one } from "../../contracts/envelope";
import { cancelEnrollment, createEnrollment, enrollSelf, listEnrollments, listMyEnrollments, updateEnrollment } from "../../services/enrollments/enrollments";
import { csvExportRoute } from "../../http/csv-export";
import { getEnrollmentDetail, getProgressSummary, recordProgress } from "../../services/enrollments/progress";
import { getQuizFeedback, getQuizScores, submitQuizAttempt } from "../../services/enrollments/quiz";
import { moveEnrollment } from "../../services/enrollments/states";
import { listUpcomingSessions } from "../../services/enrollments/upcoming";
import { can, router, tenantProcedure } from "../trpc";

const tags = ["Enrollments"];


/**
 * REST paths are matched in declaration order: the static /enrollments/me... and
 * /enrollments/course/... paths come before /enrollments/{id}.
 */
export const enrollmentsRouter = router({
  me: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/enrollments/me",
        tags,
        summary: "The caller's own enrollments, newest first, with progress",
        description:
          "Any role: the enrollments whose learner is the caller, in the tenant of X-Tenant-ID, newest first, every status (filter with `status`). " +
          "Each item carries its course (id, title, slug, bannerMediaId), lastActivityAt and progress (completed lessons over the course's lessons).",
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "Not a member" },
      },
    })
    .input(ZMyEnrollmentsInput)
    .output(ZMyEnrollmentsOutput)
    .query(({ ctx, input }) => listMyEnrollments(ctx.db, ctx.caller, input)),

  upcomingSessions: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/enrollments/me/upcoming-sessions",
        tags,
        summary: "Upcoming live-session slots of the caller's enrollments",
        description:
          "Live sessions the caller is registered to, in the courses of their ACTIVE or COMPLETED enrollments, that are LIVE now or SCHEDULED and not over yet (planned end in the future), soonest first, at most `limit` (default 10). " +
          SIGNING_WINDOW_NOTE,
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "Not a member" },
      },
    })
    .input(ZUpcomingSessionsInput)
    .output(ZUpcomingSessionsOutput)
    .query(async ({ ctx, input }) => one(await listUpcomingSessions(ctx.db, ctx.caller, input, ctx.clock.now()))),

  /** The progress export as CSV text for tRPC callers; REST: GET /enrollments/course/{courseId}/export (server/http/csv-export.ts declares it, CSV or XLSX). */
  export: csvExportRoute.trpc("text"),

  enrollSelf: tenantProcedure
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/enrollments/me",
        tags,
        summary: "Enrol myself in a free course (the course page's \"S'inscrire\")",
        description:
          "Any signed-in member of the tenant enrols THEMSELF in a PUBLISHED course whose price is 0: the self-service form of POST /enrollments (ADMIN or CREATOR, for anyone), with the same rules " +
          "(paymentMethod FREE, enrolledBy the caller; a CANCELLED enrollment is re-activated; ACTIVE, COMPLETED or SUSPENDED: 409 ALREADY_ENROLLED; REVOKED: 409 ENROLLMENT_REVOKED). " +
          "A paid course is 422 COURSE_NOT_FREE: its page offers the checkout (POST /payments/checkout). Emits enrollment.created.",
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "Not a member", 404: "COURSE_NOT_FOUND", 409: "Already enrolled, or enrollment revoked", 422: "COURSE_NOT_FREE, or COURSE_NOT_PUBLISHED" },
      },
    })
    .input(ZEnrollSelfInput)
    .output(ZEnrollmentOutput)
    .mutation(async ({ ctx, input }) => one(await enrollSelf(ctx.db, ctx.caller, input.courseId, ctx.clock.now()))),

  list: can("enrollments.readAll")
    .meta({
      openapi: {
        method: "GET",
        path: "/enrollments",
        tags,
        summary: "List the tenant's enrollments",
        description:
          "ADMIN: every enrollment of the tenant; CREATOR: those of the courses they created; FUNDER: those their funder finances (enrollment.funderId = their membership's funder; none without one). Filters courseId, userId, status; newest first; " +
          "each item with its learner, course and progress.",
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "ADMIN, CREATOR or FUNDER required" },
      },
    })
    .input(ZListEnrollmentsInput)
    .output(ZListEnrollmentsOutput)
    .query(({ ctx, input }) => listEnrollments(ctx.db, ctx.caller, input)),

  create: can("enrollments.create")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/enrollments",
        tags,
        summary: "Enroll a learner in a course (free enrollment)",
        description:
          "ADMIN, or the CREATOR of the course (403 for another creator's course). Only paymentMethod FREE is accepted here: PSP_A_ISV and PSP_B answer 422 " +
          "(a paid enrollment is created by the payments flow when the payment is captured). The course must be PUBLISHED (422). The learner must be a member of " +
          "the tenant or already enrolled in one of its courses (404 `User not found`; a suspended member is 422). An ACTIVE, COMPLETED or SUSPENDED enrollment of the same " +
          "learner in the course answers 409 ALREADY_ENROLLED, a REVOKED one 409 ENROLLMENT_REVOKED (revocation is final); a CANCELLED one is re-activated (same id, new enrolledAt, previous progress kept). " +
          "funderId names the funder that finances it (one of the tenant's funders, GET /funders; 422 otherwise): that funder's FUNDER members read it. Emits enrollment.created.",
        errorResponses: { 400: "Invalid body", 401: "Unauthorized", 403: "Role not allowed or course not owned", 404: "Course or user not found", 409: "Already enrolled, or enrollment revoked", 422: "Paid method, course not published or user suspended" },
      },
    })
    .input(ZCreateEnrollmentInput)
    .output(ZEnrollmentOutput)
    .mutation(async ({ ctx, input }) => one(await createEnrollment(ctx.db, ctx.caller, input, ctx.clock.now()))),

  byId: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/enrollments/{id}",
        tags,
        summary: "An enrollment with the progress of every lesson",
        description:
          "Readable by the learner themself, the course's CREATOR, ADMIN and FUNDER; anyone else gets 404. Every lesson of the course is listed, grouped by module in course order; " +
          "a lesson without a progress record is NOT_STARTED with `progress: null`.",
        errorResponses: { 401: "Unauthorized", 404: "Enrollment not found" },
      },
    })
    .input(ZEnrollmentIdInput)
    .output(ZEnrollmentDetailOutput)
    .query(async ({ ctx, input }) => one(await getEnrollmentDetail(ctx.db, ctx.caller, input.id))),

  progress: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/enrollments/{id}/progress",
        tags,
        summary: "Progress percentage and per-module summary",
        description: "Same readers as GET /enrollments/{id}. Percentages are completed lessons over lessons, rounded down (100 only when everything is done).",
        errorResponses: { 401: "Unauthorized", 404: "Enrollment not found" },
      },
    })
    .input(ZEnrollmentIdInput)
    .output(ZProgressSummaryOutput)
    .query(async ({ ctx, input }) => one(await getProgressSummary(ctx.db, ctx.caller, input.id))),

  quizScores: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/enrollments/{id}/quiz-scores",
        tags,
        summary: "Quiz scores, average, pass rate and pass/fail per quiz",
        description:
          "Same readers as GET /enrollments/{id}. Every QUIZ lesson of the course is listed (attempts 0 and null percentages before the first attempt); " +
          "a quiz is passed when any attempt passed. `average` is the mean of the best percentages and `passRate` the percentage of passed quizzes, both over the attempted quizzes (null when none).",
        errorResponses: { 401: "Unauthorized", 404: "Enrollment not found" },
      },
    })
    .input(ZEnrollmentIdInput)
    .output(ZQuizScoresOutput)
    .query(async ({ ctx, input }) => one(await getQuizScores(ctx.db, ctx.caller, input.id))),

  quizFeedback: tenantProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/enrollments/{id}/quiz-feedback/{lessonId}",
        tags,
        summary: "Answers of the last quiz attempt with the correct answers and explanations",
        description:
          "The learner themself, the course's CREATOR or an ADMIN (anyone else: 404). 404 until the learner has submitted an attempt for the lesson. " +
          "`correct` is null for a free-text question without an expected answer (not scored).",
        errorResponses: { 401: "Unauthorized", 404: "Enrollment, lesson or attempt not found" },
      },
    })
    .input(ZQuizFeedbackInput)
    .output(ZQuizFeedbackOutput)
    .query(async ({ ctx, input }) => one(await getQuizFeedback(ctx.db, ctx.caller, input.id, input.lessonId))),

  recordProgress: can("progress.update")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/enrollments/{id}/progress/{lessonId}",
        tags,
        summary: "Record the learner's progress on a lesson (upsert)",
        description:
          "LEARNER, on their own enrollment only (403 otherwise); the enrollment must be ACTIVE and the lesson part of its course (422). Progress never goes backwards: " +
          "a COMPLETED lesson stays COMPLETED. A lesson without content (empty text, video without its video, document without its file, live session without session or link; `hasContent` false in the enrollment's detail) " +
          "cannot be marked COMPLETED (422 LESSON_EMPTY), so a course whose remaining lessons are empty does not complete. `timeSpentSeconds` is the time spent since the previous call and is added to the lesson's total. " +
          "Completing the last lesson of a module logs module.completed; completing the last lesson of the course sets the enrollment COMPLETED and emits " +
          "enrollment.completed exactly once (the enrollment row is locked for the duration of the update).",
        errorResponses: { 400: "Invalid body", 401: "Unauthorized", 403: "Not a LEARNER or not your enrollment", 404: "Enrollment or lesson not found", 422: "Enrollment not ACTIVE (SUSPENDED: ENROLLMENT_SUSPENDED, REVOKED: ENROLLMENT_REVOKED), lesson not in the course, or lesson without content (LESSON_EMPTY)" },
      },
    })
    .input(ZUpdateProgressInput)
    .output(ZProgressUpdateOutput)
    .mutation(async ({ ctx, input }) => one(await recordProgress(ctx.db, ctx.caller, input, ctx.clock.now()))),

  submitQuiz: can("progress.update")
    .meta({
      status: 201,
      openapi: {
        method: "POST",
        path: "/enrollments/{id}/quiz-attempts/{lessonId}",
        tags,
        summary: "Submit a quiz attempt (scored on the server)",
        description:
          "LEARNER, on their own ACTIVE enrollment; the lesson must be a QUIZ lesson of the course (422). Scoring: SINGLE_CHOICE and TRUE_FALSE need the one correct choice, " +
          "MULTIPLE_CHOICE exactly the set of correct choices, FREE_TEXT equality with the expected text ignoring case, accents and spacing (without an expected text the " +
          "question is not scored and not counted in maxScore). Unanswered questions score 0. An unknown question or choice id, or a question answered twice, is a 400 " +
          "with errors[`answers.N.questionId`] (or `answers.N.choiceIds`). `percentage` is rounded down; passed when score/maxScore reaches the questionnaire's pass mark. " +
          "A passed attempt completes the lesson through the progress cascade (possibly completing the enrollment); a failed one leaves it IN_PROGRESS. Attempts are unlimited.",
        errorResponses: { 400: "Invalid answers", 401: "Unauthorized", 403: "Not a LEARNER or not your enrollment", 404: "Enrollment or lesson not found", 422: "Enrollment not ACTIVE (SUSPENDED: ENROLLMENT_SUSPENDED, REVOKED: ENROLLMENT_REVOKED), lesson not in the course or not a quiz" },
      },
    })
    .input(ZSubmitQuizInput)
    .output(ZQuizResultOutput)
    .mutation(async ({ ctx, input }) => one(await submitQuizAttempt(ctx.db, ctx.caller, input, ctx.clock.now()))),

  update: can("enrollments.update")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/enrollments/{id}",
        tags,
        summary: "Set the trainee category and financing source (BPF)",
        description: "ADMIN only. traineeCategory SAL, DE or AUT; financingSource OPCO, CPF, POLE_EMPLOI, EMPLOYER or SELF; funderId one of the tenant's funders (GET /funders; 422 otherwise), " +
          "whose FUNDER members then read the enrollment, its sessions and documents; null clears a field. Any enrollment status.",
        errorResponses: { 400: "Invalid body", 401: "Unauthorized", 403: "ADMIN required", 404: "Enrollment not found", 422: "Unknown funder (errors.funderId)" },
      },
    })
    .input(ZUpdateEnrollmentInput)
    .output(ZEnrollmentOutput)
    .mutation(async ({ ctx, input }) => one(await updateEnrollment(ctx.db, ctx.caller, input, ctx.clock.now()))),

  cancel: can("enrollments.cancel")
    .meta({
      openapi: {
        method: "DELETE",
        path: "/enrollments/{id}",
        tags,
        summary: "Cancel an enrollment (progress kept)",
        description:
          "The course's CREATOR or an ADMIN (403 `Forbidden: course not owned` for another creator's course). ACTIVE or COMPLETED -> CANCELLED with cancelledAt; " +
          "lesson progress and quiz attempts are kept for audit. Already CANCELLED: 409 ENROLLMENT_ALREADY_CANCELLED; SUSPENDED or REVOKED: 409 ENROLLMENT_TRANSITION_INVALID (revoke a suspended enrollment instead). A cancelled enrollment can be re-activated by POST /enrollments.",
        errorResponses: { 401: "Unauthorized", 403: "Course not owned or role not allowed", 404: "Enrollment not found", 409: "Already cancelled, or SUSPENDED/REVOKED" },
      },
    })
    .input(ZEnrollmentIdInput)
    .output(ZEnrollmentOutput)
    .mutation(async ({ ctx, input }) => one(await cancelEnrollment(ctx.db, ctx.caller, input.id, ctx.clock.now()))),

  suspend: can("enrollments.suspend")
    .meta({
      openapi: {
        method: "POST",
        path: "/enrollments/{id}/suspend",
        tags,
        summary: "Suspend an enrollment (ACTIVE to SUSPENDED)",
        description:
          "ADMIN only. ACTIVE -> SUSPENDED with suspendedAt and the optional `reason` (statusReason); emits enrollment.suspended and writes an audit entry " +
          "(enrollment.suspended) in the same transaction. While SUSPENDED the learner can neither progress (POST progress, quiz attempts) nor sign attendance " +
          "(any method, ADMIN corrections included): 422 ENROLLMENT_SUSPENDED. The learner keeps reading their own enrollment (GET /enrollments/me, " +
          "GET /enrollments/{id}) but not the course's lessons or live sessions; progress and attendance records are kept. Any other status: 409 " +
          "ENROLLMENT_TRANSITION_INVALID. Undo with POST /enrollments/{id}/reactivate.",
        errorResponses: { 400: "Invalid body", 401: "Unauthorized", 403: "ADMIN required", 404: "Enrollment not found", 409: "Enrollment not ACTIVE (ENROLLMENT_TRANSITION_INVALID)" },
      },
    })
    .input(ZSuspendEnrollmentInput)
    .output(ZEnrollmentOutput)
    .mutation(async ({ ctx, input }) => one(await moveEnrollment(ctx.db, ctx.caller, input.id, "suspend", input.reason, ctx.clock.now()))),

  reactivate: can("enrollments.suspend")
    .meta({
      openapi: {
        method: "POST",
        path: "/enrollments/{id}/reactivate",
        tags,
        summary: "Reactivate a suspended enrollment (SUSPENDED to ACTIVE)",
        description:
          "ADMIN only. SUSPENDED -> ACTIVE; suspendedAt and statusReason are cleared and the learner resumes where they stopped. No event: the spec's " +
          "14 events have none for it (a webhook receiver that tracks suspensions reads GET /enrollments/{id}); the move is in the audit log " +
          "(enrollment.reactivated) and the enrollment's activity. Any other status: 409 ENROLLMENT_TRANSITION_INVALID (a REVOKED enrollment stays revoked).",
        errorResponses: { 400: "Unknown field", 401: "Unauthorized", 403: "ADMIN required", 404: "Enrollment not found", 409: "Enrollment not SUSPENDED (ENROLLMENT_TRANSITION_INVALID)" },
      },
    })
    .input(ZReactivateEnrollmentInput)
    .output(ZEnrollmentOutput)
    .mutation(async ({ ctx, input }) => one(await moveEnrollment(ctx.db, ctx.caller, input.id, "reactivate", undefined, ctx.clock.now()))),

  revoke: can("enrollments.suspend")
    .meta({
      openapi: {
        method: "POST",
        path: "/enrollments/{id}/revoke",
        tags,
        summary: "Revoke an enrollment (final)",
        description:
          "ADMIN only. ACTIVE, COMPLETED or SUSPENDED -> REVOKED with revokedAt and the required `reason`; emits enrollment.revoked (with previousStatus) " +
          "and writes an audit entry in the same transaction. REVOKED is final: no operation leaves it, and POST /enrollments for the same learner and course " +
          "answers 409 ENROLLMENT_REVOKED. The learner can no longer progress or sign (422 ENROLLMENT_REVOKED); progress, quiz attempts and attendance " +
          "records are kept for audit. CANCELLED or REVOKED: 409 ENROLLMENT_TRANSITION_INVALID.",
        errorResponses: { 400: "Invalid body (reason missing)", 401: "Unauthorized", 403: "ADMIN required", 404: "Enrollment not found", 409: "Enrollment CANCELLED or already REVOKED (ENROLLMENT_TRANSITION_INVALID)" },
      },
    })
    .input(ZRevokeEnrollmentInput)
    .output(ZEnrollmentOutput)
    .mutation(async ({ ctx, input }) => one(await moveEnrollment(ctx.db, ctx.caller, input.id, "revoke", input.reason, ctx.clock.now()))),
});
