/**
 * Role -> permission map (spec, Authentication §7-8). Procedures ask `can(permission)`;
 * nothing else compares role names for access decisions.
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
  // courses and learning (catalogue issue)
  "courses.create": ["CREATOR", "ADMIN"],
  "courses.manage": ["CREATOR", "ADMIN"],
  "courses.teach": ["TRAINER", "CREATOR", "ADMIN"],
  "media.upload": ["CREATOR", "ADMIN"],
  "ai.use": ["CREATOR", "ADMIN"],
  "enrollments.update": ["ADMIN"],
  "enrollments.export": ["CREATOR", "ADMIN"],
  "activity.readCourse": ["CREATOR", "ADMIN"],
  "enrollments.create": ["ADMIN", "CREATOR"],
  "enrollments.cancel": ["ADMIN", "CREATOR"],
  "enrollments.readAll": ["ADMIN", "CREATOR", "FUNDER"],
  "progress.update": ["LEARNER"],
  "activity.readAll": ["ADMIN"],
  // live sessions and attendance
  "sessions.manage": ["ADMIN", "CREATOR", "TRAINER"],
  "attendance.manage": ["ADMIN", "CREATOR"],
  "attendance.sign": ["LEARNER"],
  "attendance.override": ["ADMIN"],
  "attendance.read": ["ADMIN", "CREATOR", "TRAINER"],
  "attendance.history": ["LEARNER", "ADMIN", "CREATOR"],
  // quality
  "audit.export": ["ADMIN"],
  "complaints.comment": ["ADMIN", "CREATOR"],
  "complaints.manage": ["ADMIN"],
  "improvementPlans.manage": ["ADMIN"],
  // money
  "payments.manage": ["ADMIN"],
  "billing.manage": ["ADMIN", "FINANCIER"],
  "bpf.manage": ["ADMIN", "FINANCIER"],
  // platform
  "webhooks.manage": ["ADMIN"],
  "templates.manage": ["ADMIN", "CREATOR"],
  "mail.configure": ["ADMIN", "CREATOR"],
  "audit.read": ["ADMIN"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof P;

export function can(role: Role, permission: Permission): boolean {
  return (P[permission] as readonly Role[]).includes(role);
}

/** The 403 message names the roles that would be allowed ("Forbidden: ADMIN required"). */
export function forbiddenMessage(permission: Permission): string {
  return `Forbidden: ${(P[permission] as readonly Role[]).join(" or ")} required`;
}
