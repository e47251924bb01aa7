import { activityRouter } from "./routers/activity";
import { aiRouter } from "./routers/ai";
import { attendanceRouter } from "./routers/attendance";
import { auditRouter } from "./routers/audit";
import { qualiopiAttendanceRouter } from "./routers/attendance-qualiopi";
import { attendanceSheetRouter } from "./routers/attendance-sheet";
import { attendanceSigningRouter } from "./routers/attendance-signing";
import { authRouter } from "./routers/auth";
import { courseContentRouter } from "./routers/course-content";
import { coursesRouter } from "./routers/courses";
import { enrollmentsRouter } from "./routers/enrollments";
import { mailConfigRouter } from "./routers/mail-config";
import { mediaRouter } from "./routers/media";
import { platformRouter } from "./routers/platform";
import { sessionsRouter } from "./routers/sessions";
import { devRouter } from "./routers/dev";
import { documentsRouter } from "./routers/documents";
import { templatesRouter } from "./routers/templates";
import { tenantsRouter } from "./routers/tenants";
import { usersRouter } from "./routers/users";
import { webhooksRouter } from "./routers/webhooks";
import { complaintsRouter } from "./routers/complaints";
import { improvementPlansRouter } from "./routers/improvement-plans";
import { needsRouter } from "./routers/needs";
import { createCallerFactory, router } from "./trpc";

/**
 * REST paths are matched in the order procedures appear here: inside each router, static
 * paths (`/users/me`) come before parameterised ones (`/users/{id}`). tests/unit/openapi-routes
 * checks that no path shadows another.
 */
export const appRouter = router({
  auth: authRouter,
  tenants: tenantsRouter,
  users: usersRouter,
  // catalogue and learning: static paths of each router first; `courseContent` and `ai` hold
  // deeper /courses/{id}/... paths, `courses` ends with its /courses/{slug} catch-alls.
  courseContent: courseContentRouter,
  ai: aiRouter,
  media: mediaRouter,
  courses: coursesRouter,
  enrollments: enrollmentsRouter,
  activity: activityRouter,
  audit: auditRouter,
  sessions: sessionsRouter,
  // attendance: static /emargement/sign/... and /qualiopi/emargement/<word>/... paths come first
  attendance: attendanceRouter,
  qualiopiAttendance: qualiopiAttendanceRouter,
  attendanceSheet: attendanceSheetRouter,
  attendanceSigning: attendanceSigningRouter,
  webhooks: webhooksRouter,
  // quality: /complaints/stats and /improvement-plans/stats come before the /{id} paths (inside each router)
  complaints: complaintsRouter,
  improvementPlans: improvementPlansRouter,
  // needs analysis: /companies, /needs-analysis and /paf/enrollments/{id}/timeline (static paths first inside)
  needs: needsRouter,
  templates: templatesRouter,
  documents: documentsRouter,
  dev: devRouter,
  platform: platformRouter,
  mailConfig: mailConfigRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
