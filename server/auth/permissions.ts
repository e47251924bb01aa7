/**
 * Role -> permission map (spec, Authentication §7-8). Procedures ask `can(permission)`, services
 * `caller.can(permission)` (auth/caller.ts) and the object-level rules of
 * services/platform/who-may.ts; nothing else compares role names for access decisions.
 */
export const ROLES = ["ADMIN", "CREATOR", "TRAINER", "LEARNER", "FINANCIER", "FUNDER"] as const;
export type Role = (typeof ROLES)[number];

const P = {
  // tenants
  "tenant.update": ["ADMIN"],
  "tenant.stats": ["ADMIN"],
  "tenant.ofMode": ["ADMIN"],
  "tenant.reseedFunders": ["ADMIN"],
  "tenant.apiKey": ["ADMIN"],
  // users
  "users.list": ["ADMIN"],
  "users.read": ["ADMIN", "CREATOR"],
  "users.create": ["ADMIN"],
  "users.update": ["ADMIN"],
  "users.changeRole": ["ADMIN"],
  /** Reads any member's details (others: themselves, and a CREATOR the learners of their courses). */
  "users.readAny": ["ADMIN"],
  // courses and learning (catalogue issue)
  "courses.create": ["CREATOR", "ADMIN"],
  "courses.manage": ["CREATOR", "ADMIN"],
  "courses.teach": ["TRAINER", "CREATOR", "ADMIN"],
  /** Owner of every course of the tenant (others own the courses they created): edits, runs every session. */
  "courses.ownAll": ["ADMIN"],
  /** Reads any trainer's competencies (a TRAINER: their own). */
  "competencies.readAny": ["ADMIN", "CREATOR"],
  "media.upload": ["CREATOR", "ADMIN"],
  "ai.use": ["CREATOR", "ADMIN"],
  "enrollments.update": ["ADMIN"],
  /** Suspends, reactivates and revokes enrollments (spec, Events: "manual suspension by admin"). */
  "enrollments.suspend": ["ADMIN"],
  "enrollments.export": ["CREATOR", "ADMIN"],
  "activity.readCourse": ["CREATOR", "ADMIN"],
  /** Lists the learners of the courses one owns (ADMIN, courses.ownAll: every course) with their progress and results. */
  "learners.read": ["CREATOR", "ADMIN"],
  "enrollments.create": ["ADMIN", "CREATOR"],
  "enrollments.cancel": ["ADMIN", "CREATOR"],
  /** Lists enrollments: ADMIN all, a CREATOR their courses', a FUNDER their funder's (object level: enrollments/access.ts readableBy). */
  "enrollments.readAll": ["ADMIN", "CREATOR", "FUNDER"],
  /** Reads every enrollment of the tenant, not only their own and their courses' (object level). */
  "enrollments.readTenant": ["ADMIN"],
  /**
   * Reads only what their funder finances (memberships.funderId): the enrollments whose funderId
   * is it, their sessions, sheets, attestations and documents, and the invoices addressed to the
   * funder's billing client. The one predicate: services/platform/who-may.ts funderPerimeter.
   */
  "funders.perimeter": ["FUNDER"],
  /** Lists the tenant's funders, links one to its billing client and a FUNDER member to one. */
  "funders.manage": ["ADMIN"],
  /** Reads every learner's quiz feedback (answers and corrections); FUNDER does not. */
  "quiz.readTenant": ["ADMIN"],
  "progress.update": ["LEARNER"],
  "activity.readAll": ["ADMIN"],
  // live sessions and attendance
  "sessions.manage": ["ADMIN", "CREATOR", "TRAINER"],
  /** Sees every session of the tenant; a LEARNER only those of the courses they take part in. */
  "sessions.readTenant": ["ADMIN", "CREATOR", "TRAINER", "FINANCIER"],
  "attendance.manage": ["ADMIN", "CREATOR"],
  "attendance.sign": ["LEARNER"],
  "attendance.override": ["ADMIN"],
  "attendance.read": ["ADMIN", "CREATOR", "TRAINER"],
  /** Downloads a session's sheet PDF: the session's staff, and a FUNDER for a session one of their funded learners is in. */
  "attendance.sheetPdf": ["ADMIN", "CREATOR", "TRAINER", "FUNDER"],
  "attendance.history": ["LEARNER", "ADMIN", "CREATOR"],
  /** Reads any attendance record and enrollment history of the tenant (others: their own, a CREATOR their courses'). */
  "attendance.readTenant": ["ADMIN"],
  /** Reads the attendance history of the enrollments of their courses instead of their own. */
  "attendance.readOwnCourses": ["CREATOR"],
  // quality
  "audit.export": ["ADMIN"],
  "complaints.comment": ["ADMIN", "CREATOR"],
  "complaints.manage": ["ADMIN"],
  "improvementPlans.manage": ["ADMIN"],
  /** Reads the tenant's adaptive-path definitions (the pedagogical staff). */
  "adaptivePaths.read": ["ADMIN", "CREATOR", "TRAINER"],
  /** Writes them: ADMIN, or a CREATOR on the courses they own (object level: services/adaptive). */
  "adaptivePaths.manage": ["ADMIN", "CREATOR"],
  /** Client companies of needs analyses: ADMIN manages them, a CREATOR reads them to write analyses. */
  "companies.read": ["ADMIN", "CREATOR"],
  "companies.manage": ["ADMIN"],
  /** Training-needs analyses (indicators 4 and 8): written and read by ADMIN and CREATOR. */
  "needs.manage": ["ADMIN", "CREATOR"],
  // money
  "payments.manage": ["ADMIN"],
  "billing.manage": ["ADMIN", "FINANCIER"],
  /** Reads invoices (list, detail, PDF): billing staff all of them, a FUNDER the issued ones addressed to their funder's billing client. */
  "invoices.read": ["ADMIN", "FINANCIER", "FUNDER"],
  /** Edits the tenant's legal identity (billing.manage reads it). */
  "legalIdentity.manage": ["ADMIN"],
  "bpf.manage": ["ADMIN", "FINANCIER"],
  // platform
  "webhooks.manage": ["ADMIN"],
  "templates.manage": ["ADMIN", "CREATOR"],
  /** Reads every generated document of the tenant (others: services/platform/who-may.ts readableDocuments). */
  "documents.readAll": ["ADMIN"],
  /** Generates documents on demand (a training agreement per enrollment: ADMIN or the course's owner). */
  "documents.generate": ["ADMIN", "CREATOR"],
  /** Generates and sends conventions de formation (a CREATOR: those of their own courses' enrollments). */
  "conventions.manage": ["ADMIN", "CREATOR"],
  /** Reads conventions, their versions and PDFs (a CREATOR: their own courses'; a FUNDER: their funded enrollments', who-may.ts funder perimeter). */
  "conventions.read": ["ADMIN", "CREATOR", "FINANCIER", "FUNDER"],
  /** Reads every convention of the tenant (others holding conventions.read: their own courses'). */
  "conventions.readAll": ["ADMIN", "FINANCIER"],
  "mail.configure": ["ADMIN", "CREATOR"],
  /** Manages the tenant-level mail configuration (others: their own). */
  "mail.configureTenant": ["ADMIN"],
  "audit.read": ["ADMIN"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof P;

export function can(role: Role, permission: Permission): boolean {
  return (P[permission] as readonly Role[]).includes(role);
}

/** The roles holding a permission (who may be assigned to teach: `rolesWith("courses.teach")`). */
export function rolesWith<K extends Permission>(permission: K): (typeof P)[K] {
  return P[permission];
}

/** The 403 message names the roles that would be allowed ("Forbidden: ADMIN required"). */
export function forbiddenMessage(permission: Permission): string {
  return `Forbidden: ${(P[permission] as readonly Role[]).join(" or ")} required`;
}
