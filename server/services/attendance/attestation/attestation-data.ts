import { eq } from "drizzle-orm";
import type { Caller } from "../../../auth/caller";
import { certificateSignatory, loadLegalIdentity, printedNda } from "../../billing/legal-identity";
import type { DbOrTx } from "../../../db";
import { courses, tenants, users } from "../../../db/schema";
import { forbidden, notFound } from "../../../errors";
import { isSessionStaff } from "../../platform/who-may";
import { fundsLearnerAt } from "../../sessions/registrations";
import { loadSession } from "../../sessions/access";
import { sessionStatuses } from "../roster";
import type { AttendanceStatus } from "../status";
import { MODALITIES } from "../sheet/sheet-data";
import { formatSchedule } from "../../../lib/schedule-text";
import { sessionSchedule } from "../../sessions/schedule";
import { slugify } from "../../../lib/slug";
import { tenantLogoDataUrl } from "../../tenants/logo";

/** What the attestation d'assiduité prints: plain data (copied to the render worker). */
export type AttestationInput = {
  generatedAt: string;
  timeZone: string;
  accentColor: string | null;
  tenant: { name: string; displayName: string; activityNumber: string | null; siret: string | null };
  /** The tenant's logo (data URL, PNG or JPEG), printed in the header; null: the display name alone. */
  logo: string | null;
  /** Who signs for the organisation (the certificates' signatory, else the director) and where ("Fait à"): the legal identity's. */
  signatory: { name: string | null; role: string | null; signatureImage: string | null };
  city: string | null;
  course: { title: string; reference: string };
  session: { id: string; title: string; startsAt: string; endsAt: string; durationMinutes: number; /** formatSchedule's text: "mardi 8 décembre 2026, 09:00–12:30 et 13:30–17:00 ; 7 h". */ planned: string; modality: string; place: { name: string; address: string; room: string | null } | null };
  learner: { userId: string; firstName: string; lastName: string; email: string };
  status: AttendanceStatus;
  slots: { label: string; startsAt: string; endsAt: string; status: AttendanceStatus; minutes: number; slotMinutes: number; lateMinutes: number | null; leftEarlyMinutes: number | null }[];
  attendedMinutes: number;
  plannedMinutes: number;
};

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/**
 * The attestation of one learner for one session. Who: ADMIN, the course's creator, the session's
 * trainers (isSessionStaff) and the learner for themself; anyone else 403; another tenant's
 * session 404 (and a learner outside the course does not find it: 404). The person must be one of
 * the session's expected learners (expectedLearners) or a learner with a record in it (404
 * otherwise). Hours come from the status function (status.ts), per slot and in total.
 */
export async function loadAttestation(db: DbOrTx, caller: Caller, sessionId: string, userId: string, now: Date): Promise<AttestationInput> {
  const loaded = await loadSession(db, caller, sessionId);
  if (caller.can("funders.perimeter")) {
    // A FUNDER: a learner whose enrollment their funder finances and the session expects (the one registrations rule); others are not found.
    if (!(await fundsLearnerAt(db, caller, loaded.session.id, userId))) throw notFound("User");
  } else if (caller.userId !== userId && !isSessionStaff(loaded, caller)) {
    throw forbidden("Forbidden: only the learner, an ADMIN, the course's creator or the session's trainers may read this attestation");
  }
  const { session, course } = loaded;
  const timeZone = caller.tenant.timeZone;
  const first = await sessionStatuses(db, caller.scope, session, { now, timeZone });
  let index = first.learners.findIndex((l) => l.userId === userId);
  let statuses = first;
  if (index < 0) {
    // A learner who signed and has lost the enrollment since still gets their attestation.
    if (!first.records.some((r) => r.userId === userId && r.enrollmentId)) throw notFound("User");
    statuses = await sessionStatuses(db, caller.scope, session, { now, timeZone, extraParticipants: [userId] });
    index = statuses.learners.length;
  }
  const attendance = statuses.computation.participants[index]!;
  const [person] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, caller.scope.tenantId)).limit(1);
  if (!person || !tenant) throw notFound("User");
  const [courseRow] = await db.select({ slug: courses.slug, activityNumber: courses.activityNumber }).from(courses).where(caller.scope.where(courses, eq(courses.id, course.id))).limit(1);
  const legal = await loadLegalIdentity(db, caller.scope.tenantId);
  const branding = tenant.branding ?? {};
  const integrations = tenant.integrations ?? {};
  const slots = statuses.computation.slots;
  return {
    generatedAt: now.toISOString(),
    timeZone,
    accentColor: text(branding.primaryColor),
    tenant: {
      name: tenant.name,
      displayName: text(branding.displayName) ?? tenant.name,
      activityNumber: printedNda(legal, integrations),
      siret: legal.siret ?? text(integrations.siret),
    },
    logo: branding.logoUrl ? await tenantLogoDataUrl(tenant.id) : null,
    signatory: certificateSignatory(legal),
    city: text(legal.city),
    course: { title: course.title, reference: courseRow?.slug ?? course.id },
    session: {
      id: session.id,
      title: session.title,
      startsAt: slots[0]!.startsAt.toISOString(),
      endsAt: slots[slots.length - 1]!.endsAt.toISOString(),
      durationMinutes: session.durationMinutes,
      planned: formatSchedule(sessionSchedule(session, timeZone)).text,
      modality: MODALITIES[session.deliveryMode],
      place: session.place ? { name: session.place.name, address: session.place.address, room: text(session.place.room) } : null,
    },
    learner: { userId, ...person },
    status: attendance.status,
    slots: attendance.slots.map((s) => ({
      label: s.slot.label,
      startsAt: s.slot.startsAt.toISOString(),
      endsAt: s.slot.endsAt.toISOString(),
      status: s.status,
      minutes: s.minutes,
      slotMinutes: s.slotMinutes,
      lateMinutes: s.lateMinutes,
      leftEarlyMinutes: s.leftEarlyMinutes,
    })),
    attendedMinutes: attendance.minutes,
    plannedMinutes: attendance.slots.reduce((sum, s) => sum + s.slotMinutes, 0),
  };
}

/** `attestation-assiduite-<YYYY-MM-DD>-<session title>-<learner's name>.pdf` (ASCII only, no id: the name a reader files it under). */
export function attestationFilename(input: Pick<AttestationInput, "session" | "learner">): string {
  const name = slugify(`${input.learner.lastName}-${input.learner.firstName}`, 40) || "stagiaire";
  return `attestation-assiduite-${input.session.startsAt.slice(0, 10)}-${slugify(input.session.title, 40) || "session"}-${name}.pdf`;
}
