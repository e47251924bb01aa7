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
import { learnersRouter } from "./routers/learners";
import { mailConfigRouter } from "./routers/mail-config";
import { mediaRouter } from "./routers/media";
import { platformRouter } from "./routers/platform";
import { sessionsRouter } from "./routers/sessions";
import { devRouter } from "./routers/dev";
import { documentsRouter } from "./routers/documents";
import { conventionsRouter } from "./routers/conventions";
import { invoicesRouter } from "./routers/invoices";
import { templatesRouter } from "./routers/templates";
import { tenantsRouter } from "./routers/tenants";
import { usersRouter } from "./routers/users";
import { webhooksRouter } from "./routers/webhooks";
import { complaintsRouter } from "./routers/complaints";
import { improvementPlansRouter } from "./routers/improvement-plans";
import { notificationsRouter } from "./routers/notifications";
import { qualiopiRouter } from "./routers/qualiopi";
import { adaptivePathsRouter } from "./routers/adaptive-paths";
import { surveysRouter } from "./routers/surveys";
import { needsRouter } from "./routers/needs";
import { legalIdentityRouter } from "./routers/legal-identity";
import { billingClientsRouter } from "./routers/billing-clients";
import { paymentsRouter } from "./routers/payments";
import { bpfRouter } from "./routers/bpf";
import { verificationRouter } from "./routers/verification";
import { fundersRouter } from "./routers/funders";
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
  // adaptive paths: /courses/{courseId}/positioning-quiz/generate and /enrollments/{id}/adaptive-path, before the courses and enrollments catch-alls
  adaptivePaths: adaptivePathsRouter,
  media: mediaRouter,
  // satisfaction surveys and public course pages: /courses/{id}/survey-results before the /courses/{slug} catch-alls
  surveys: surveysRouter,
  courses: coursesRouter,
  enrollments: enrollmentsRouter,
  // the creator's learners: /learners (its export /learners/export is a raw route, matched first)
  learners: learnersRouter,
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
  // /notifications/unread-count and /read-all before /notifications/{id}/read
  notifications: notificationsRouter,
  // Qualiopi tools: static /qualiopi/check-publication and /qualiopi/dashboard, then /qualiopi/courses/{courseId}/...
  qualiopi: qualiopiRouter,
  // needs analysis: /companies, /needs-analysis and /paf/enrollments/{id}/timeline (static paths first inside)
  needs: needsRouter,
  // billing: /billing/invoices (static before /{id}), /billing/enrollments/{enrollmentId}/invoices
  invoices: invoicesRouter,
  // payments: static /payments/intent, /checkout, /sandbox/... before /payments/{id}
  payments: paymentsRouter,
  // BPF: /bpf/current-year and /bpf/year/{year}/... (the PDF and CSV are raw routes too)
  bpf: bpfRouter,
  templates: templatesRouter,
  documents: documentsRouter,
  conventions: conventionsRouter,
  dev: devRouter,
  platform: platformRouter,
  mailConfig: mailConfigRouter,
  // billing: /billing/legal-identity and /billing/clients
  legalIdentity: legalIdentityRouter,
  billingClients: billingClientsRouter,
  // public: /verify/{code} (documents anyone can verify)
  verification: verificationRouter,
  // funders: /funders/me before /funders/{id}
  funders: fundersRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
