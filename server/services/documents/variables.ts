import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courses, enrollments, liveSessions, sessionTrainers, tenants, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { notFound } from "../../errors";
import { tenantUrl } from "../../lib/urls";
import { formatPlace } from "../../contracts/sessions";
import { scheduleLines, sessionSchedule, sessionWindow } from "../sessions/schedule";
import { formatNda } from "../../contracts/french-ids";
import { loadLegalIdentity } from "../billing/legal-identity";

/**
 * The values of the catalogue's variables (services/templates/catalog.ts) for one record.
 * Dates are printed the French way in Europe/Paris; an absent value prints "non renseigné".
 */
const TZ = "Europe/Paris";
export const NOT_SET = "non renseigné";
export const frDate = (d: Date | null | undefined) => (d ? new Intl.DateTimeFormat("fr-FR", { timeZone: TZ, day: "2-digit", month: "2-digit", year: "numeric" }).format(d) : NOT_SET);
const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : NOT_SET);
const euros = (cents: number) => new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);

export type OrganisationInfo = { name: string; slug: string; accentColor: string | null };

export async function organisationValues(db: DbOrTx, scope: TenantScope, now: Date): Promise<{ info: OrganisationInfo; values: Record<string, string> }> {
  const [t] = await db.select().from(tenants).where(eq(tenants.id, scope.tenantId)).limit(1);
  if (!t) throw notFound("Tenant");
  const integrations = t.integrations ?? {};
  const name = t.branding?.displayName || t.name;
  // The legal identity (billing settings) first, then the older integrations fields.
  const legal = await loadLegalIdentity(db, scope.tenantId);
  const legalAddress = [legal.addressLine1, legal.addressLine2, [legal.postalCode, legal.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return {
    info: { name, slug: t.slug, accentColor: t.branding?.primaryColor ?? null },
    values: {
      "organisation.name": name,
      "organisation.siret": text(legal.siret ?? integrations.siret),
      "organisation.activityNumber": text(legal.nda ? formatNda(legal.nda) : integrations.activityNumber),
      "organisation.address": text(legal.addressLine1 ? legalAddress : integrations.address),
      "document.date": frDate(now),
    },
  };
}

type CourseRow = typeof courses.$inferSelect;

export function courseValues(c: CourseRow): Record<string, string> {
  return {
    "course.title": c.title,
    "course.durationHours": c.duration === null ? NOT_SET : String(c.duration),
    "course.objectives": text(c.pedagogicalObjectives),
    "course.prerequisites": text(c.prerequisites),
    "course.targetAudience": text(c.targetAudience),
    "course.teachingMethods": text(c.teachingMethods),
    "course.evaluationMethods": text(c.evaluationMethods),
    "course.accessibility": text(c.accessibilityInfo),
    "course.price": euros(c.price),
  };
}

function learnerValues(u: { firstName: string; lastName: string; email: string }): Record<string, string> {
  return {
    "learner.firstName": u.firstName,
    "learner.lastName": u.lastName,
    "learner.fullName": `${u.firstName} ${u.lastName}`.trim(),
    "learner.email": u.email,
  };
}

const FINANCING: Record<string, string> = { OPCO: "OPCO", CPF: "CPF (Mon Compte Formation)", POLE_EMPLOI: "France Travail", EMPLOYER: "Employeur", SELF: "Financement personnel" };

/** An enrollment's record: the learner, the course, the enrollment's dates. */
export async function enrollmentRecord(db: DbOrTx, scope: TenantScope, enrollmentId: string) {
  const [row] = await db
    .select({ enrollment: enrollments, course: courses, user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(enrollments)
    .innerJoin(courses, scope.where(courses, eq(courses.id, enrollments.courseId)))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(scope.where(enrollments, eq(enrollments.id, enrollmentId)))
    .limit(1);
  if (!row) throw notFound("Enrollment");
  const values = {
    ...learnerValues(row.user),
    ...courseValues(row.course),
    "enrollment.enrolledAt": frDate(row.enrollment.enrolledAt),
    "enrollment.completedAt": frDate(row.enrollment.completedAt),
    "enrollment.financingSource": row.enrollment.financingSource ? (FINANCING[row.enrollment.financingSource] ?? row.enrollment.financingSource) : NOT_SET,
  };
  return { ...row, values };
}

const MODE_LABEL = { PRESENTIAL: "présentiel", REMOTE: "classe virtuelle (à distance)", HYBRID: "hybride (présentiel et classe virtuelle)" } as const;

/** A session participant's record: the learner, the session, its course and trainers. */
export async function sessionParticipantRecord(db: DbOrTx, scope: TenantScope, sessionId: string, userId: string, tenantSlug: string) {
  const [row] = await db
    .select({ session: liveSessions, course: courses, timeZone: tenants.timeZone })
    .from(liveSessions)
    .innerJoin(courses, scope.where(courses, eq(courses.id, liveSessions.courseId)))
    .innerJoin(tenants, eq(tenants.id, liveSessions.tenantId))
    .where(scope.where(liveSessions, eq(liveSessions.id, sessionId)))
    .limit(1);
  if (!row) throw notFound("Session");
  const [user] = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound("User");
  const trainers = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(sessionTrainers)
    .innerJoin(users, eq(users.id, sessionTrainers.userId))
    .where(scope.where(sessionTrainers, and(eq(sessionTrainers.sessionId, sessionId))))
    .orderBy(asc(users.lastName), asc(users.firstName));
  const s = row.session;
  const zone = row.timeZone;
  const window = sessionWindow(s, zone);
  const at = (d: Date, o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("fr-FR", { timeZone: zone, ...o }).format(d);
  const values = {
    ...learnerValues(user),
    ...courseValues(row.course),
    "session.title": s.title,
    "session.date": at(window.start, { day: "2-digit", month: "2-digit", year: "numeric" }),
    "session.startTime": at(window.start, { hour: "2-digit", minute: "2-digit" }),
    "session.endTime": at(window.end, { hour: "2-digit", minute: "2-digit" }),
    "session.timeZone": zone,
    "session.schedule": scheduleLines(sessionSchedule(s, zone)).join(" ; "),
    "session.mode": MODE_LABEL[s.deliveryMode],
    "session.place": formatPlace(s.place) || NOT_SET,
    "session.durationMinutes": String(s.durationMinutes),
    "session.trainers": trainers.length ? trainers.map((t) => `${t.firstName} ${t.lastName}`).join(", ") : NOT_SET,
    "session.link": tenantUrl(tenantSlug, `/sessions/${s.id}`),
  };
  return { session: s, course: row.course, user, values };
}
