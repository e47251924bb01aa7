import { clock } from "../../lib/clock";
import { and, asc, eq, lte, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { courses, enrollments, liveSessions, sessionParticipants, sessionTrainers, tenants, users } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { notFound } from "../../errors";
import { tenantUrl } from "../../lib/urls";
import { formatPlace } from "../../contracts/sessions";
import { sessionSchedule, sessionWindow } from "../sessions/schedule";
import { certificateSignatory, loadLegalIdentity, printedNda } from "../billing/legal-identity";
import { formatDuration, formatSchedule } from "../../lib/schedule-text";
import { prefectOf } from "../../lib/regions";

/**
 * The values of the catalogue's variables (services/templates/catalog.ts) for one record.
 * Dates are printed the French way in Europe/Paris; an absent value prints "non renseigné".
 */
const TZ = "Europe/Paris";
const NOT_SET = "non renseigné";
const frDate = (d: Date | null | undefined) => (d ? new Intl.DateTimeFormat("fr-FR", { timeZone: TZ, day: "2-digit", month: "2-digit", year: "numeric" }).format(d) : NOT_SET);
const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : NOT_SET);
const euros = (cents: number) => new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);

/** `signatureImage`: the signatory's signature (data URL), drawn where a body has the {{organisation.signature}} line. */
export type OrganisationInfo = { name: string; slug: string; accentColor: string | null; signatureImage: string | null };

export async function organisationValues(db: DbOrTx, scope: TenantScope, now: Date): Promise<{ info: OrganisationInfo; values: Record<string, string> }> {
  const [t] = await db.select().from(tenants).where(eq(tenants.id, scope.tenantId)).limit(1);
  if (!t) throw notFound("Tenant");
  const integrations = t.integrations ?? {};
  const name = t.branding?.displayName || t.name;
  // The legal identity (billing settings) first, then the older integrations fields.
  const legal = await loadLegalIdentity(db, scope.tenantId);
  const legalAddress = [legal.addressLine1, legal.addressLine2, [legal.postalCode, legal.city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const nda = printedNda(legal, integrations);
  const signatory = certificateSignatory(legal);
  return {
    info: { name, slug: t.slug, accentColor: t.branding?.primaryColor ?? null, signatureImage: signatory.signatureImage },
    values: {
      "organisation.name": name,
      "organisation.siret": text(legal.siret ?? integrations.siret),
      "organisation.activityNumber": text(nda),
      "organisation.prefectRegion": prefectOf(legal.ndaRegion, nda),
      "organisation.address": text(legal.addressLine1 ? legalAddress : integrations.address),
      "organisation.city": text(legal.city),
      "organisation.signatory": signatory.name ? [signatory.name, signatory.role].filter(Boolean).join(", ") : NOT_SET,
      "organisation.signatoryName": text(signatory.name),
      "organisation.signatoryRole": text(signatory.role),
      "document.date": frDate(now),
    },
  };
}

type CourseRow = typeof courses.$inferSelect;

const COURSE_MODALITY: Record<CourseRow["format"], string> = {
  ELEARNING: "formation à distance (e-learning)",
  LIVE: "classes virtuelles",
  BLENDED: "formation mixte (à distance et en session)",
  PRESENTIAL: "présentiel",
};

function courseValues(c: CourseRow): Record<string, string> {
  return {
    "course.title": c.title,
    "course.durationHours": c.duration === null ? NOT_SET : String(c.duration),
    "course.duration": c.duration === null ? NOT_SET : formatDuration(c.duration * 60),
    "course.modality": COURSE_MODALITY[c.format],
    "course.certification": c.certificationNumber?.trim() || "aucune (action de formation non certifiante)",
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
    "enrollment.sessions": await learnerSessionsText(db, scope, row.course.id, row.user.id, row.enrollment.completedAt ?? clock.now()),
  };
  return { ...row, values };
}

/**
 * The live sessions of the course the learner took part in (registered, not cancelled, started
 * by `until`: the completion), one per line, each with its schedule as formatSchedule prints it:
 * "Jour 1 : mardi 8 décembre 2026, 09:00–12:30 et 13:30–17:00 ; 7 h". None: "aucune (parcours à distance)".
 */
async function learnerSessionsText(db: DbOrTx, scope: TenantScope, courseId: string, userId: string, until: Date): Promise<string> {
  const rows = await db
    .select({ session: liveSessions, timeZone: tenants.timeZone })
    .from(sessionParticipants)
    .innerJoin(liveSessions, scope.where(liveSessions, eq(liveSessions.id, sessionParticipants.sessionId)))
    .innerJoin(tenants, eq(tenants.id, liveSessions.tenantId))
    .where(scope.where(sessionParticipants, eq(sessionParticipants.userId, userId), eq(liveSessions.courseId, courseId), ne(liveSessions.status, "CANCELLED"), lte(liveSessions.scheduledAt, until)))
    .orderBy(asc(liveSessions.scheduledAt));
  if (!rows.length) return "aucune (parcours à distance)";
  return rows.map(({ session, timeZone }) => `\n${session.title} : ${formatSchedule(sessionSchedule(session, timeZone)).text}`).join("");
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
  const planned = formatSchedule(sessionSchedule(s, zone));
  const link = tenantUrl(tenantSlug, `/sessions/${s.id}`);
  const values = {
    ...learnerValues(user),
    ...courseValues(row.course),
    "session.title": s.title,
    "session.date": at(window.start, { day: "2-digit", month: "2-digit", year: "numeric" }),
    "session.startTime": at(window.start, { hour: "2-digit", minute: "2-digit" }),
    "session.endTime": at(window.end, { hour: "2-digit", minute: "2-digit" }),
    "session.timeZone": zone,
    "session.schedule": planned.text,
    "session.duration": planned.duration,
    "session.mode": MODE_LABEL[s.deliveryMode],
    // Printed once: a remote session has no room, an in-person one no connection link.
    "session.place": s.deliveryMode === "REMOTE" ? "à distance (classe virtuelle)" : formatPlace(s.place) || NOT_SET,
    "session.durationMinutes": String(s.durationMinutes),
    "session.trainers": trainers.length ? trainers.map((t) => `${t.firstName} ${t.lastName}`).join(", ") : NOT_SET,
    "session.link": link,
    "session.access": s.deliveryMode === "PRESENTIAL" ? `Informations pratiques : ${link}` : `Lien de connexion à la classe virtuelle : ${link}`,
  };
  return { session: s, course: row.course, user, values };
}
