import { ZActivityOutput, ZCourseActivityInput, ZEnrollmentActivityInput, ZListActivityInput, ZListActivityOutput } from "../../contracts/activity";
import { one } from "../../contracts/envelope";
import { courseActivity, enrollmentActivity, listActivity } from "../../services/activity/query";
import { can, router } from "../trpc";

const tags = ["Activity log"];

export const activityRouter = router({
  course: can("activity.readCourse")
    .meta({
      openapi: {
        method: "GET",
        path: "/courses/{slug}/activity-log",
        tags,
        summary: "Activity log of a course",
        description:
          "The course's CREATOR or an ADMIN (403 for another creator's course). Newest first, at most `limit` entries (default 50, max 100). " +
          "The course id is accepted in place of the slug. Entries: course changes, enrollments, lesson, module and quiz activity of its learners.",
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "Course not owned or role not allowed", 404: "Course not found" },
      },
    })
    .input(ZCourseActivityInput)
    .output(ZActivityOutput)
    .query(async ({ ctx, input }) => one(await courseActivity(ctx.db, ctx.caller, input.slug, input.limit))),

  enrollment: can("activity.readCourse")
    .meta({
      openapi: {
        method: "GET",
        path: "/enrollments/{id}/activity-log",
        tags,
        summary: "Activity log of an enrollment",
        description: "The CREATOR of the enrollment's course or an ADMIN (403 otherwise). Newest first, at most `limit` entries (default 50, max 100).",
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "Course not owned or role not allowed", 404: "Enrollment not found" },
      },
    })
    .input(ZEnrollmentActivityInput)
    .output(ZActivityOutput)
    .query(async ({ ctx, input }) => one(await enrollmentActivity(ctx.db, ctx.caller, input.id, input.limit))),

  list: can("activity.readAll")
    .meta({
      openapi: {
        method: "GET",
        path: "/activity-logs",
        tags,
        summary: "The tenant's activity log",
        description:
          "ADMIN only. Newest first; filters userId, action (exact name, e.g. lesson.completed), dateFrom and dateTo (ISO 8601 date or date-time; " +
          "a date alone covers its whole day in UTC, both bounds inclusive). Pagination page and limit (default 25, max 100).",
        errorResponses: { 400: "Invalid query", 401: "Unauthorized", 403: "ADMIN required" },
      },
    })
    .input(ZListActivityInput)
    .output(ZListActivityOutput)
    .query(({ ctx, input }) => listActivity(ctx.db, ctx.caller, input)),
});
