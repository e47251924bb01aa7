import { asc, eq, inArray } from "drizzle-orm";
import type { TSheet } from "../../../contracts/attendance-sheet";
import type { DbOrTx } from "../../../db";
import { attendanceSlots, courses, emargements, liveSessions, modules, sessionTrainers, tenants, users } from "../../../db/schema";
import type { TenantScope } from "../../../db/tenant-scope";
import { notFound } from "../../../errors";
import { tenantUrl } from "../../../lib/urls";
import { assertModerator, loadSession, sessionNotFound } from "../../sessions/access";
import { expectedLearners } from "../participants";
import { DEFAULT_TIME_ZONE } from "../../../lib/time-zone";
import { formatSchedule } from "../../../lib/schedule-text";
import { sessionSchedule } from "../../sessions/schedule";
import { statusSlots, wholeSessionLabel } from "../roster";
import { computeAttendance } from "../status";
import { signatureUrl } from "../signatures";
import { buildSlot, byName, isSignature, toSheetOverride, toSheetRecord, type SheetLearner, type SheetPerson } from "./sheet-rows";
import type { Caller } from "../../../auth/caller";
import { loadLegalIdentity, printedNda } from "../../billing/legal-identity";

/** The delivery mode, printed. */
export const MODALITIES = { PRESENTIAL: "Présentiel", REMOTE: "À distance — classe virtuelle", HYBRID: "Hybride — en salle et à distance" } as const;

/**
 * Who may read a session's sheet: ADMIN, the course's creator and the session's trainers
 * (404 for another tenant's session, 403 for anyone else). A `slotId` must be one of the
 * session's slots (404 otherwise).
 */
export async function authorizeSheet(db: DbOrTx, caller: Caller, sessionId: string, slotId?: string): Promise<{ sessionId: string; slotId: string | null; title: string; scheduledAt: Date }> {
  // A FUNDER found the session through their perimeter (loadSession: 404 outside it) and reads the whole sheet.
  const loaded = await loadSession(db, caller, sessionId);
  if (!caller.can("funders.perimeter")) assertModerator(loaded, caller);
  if (slotId) await assertSlot(db, caller.scope, sessionId, slotId);
  return { sessionId, slotId: slotId ?? null, title: loaded.session.title, scheduledAt: loaded.session.scheduledAt };
}

async function assertSlot(db: DbOrTx, scope: TenantScope, sessionId: string, slotId: string): Promise<void> {
  const [slot] = await db
    .select({ id: attendanceSlots.id })
    .from(attendanceSlots)
    .where(scope.where(attendanceSlots, eq(attendanceSlots.sessionId, sessionId), eq(attendanceSlots.id, slotId)))
    .limit(1);
  if (!slot) throw notFound("Slot");
}

/** Internal sheet: the JSON sheet plus what the PDF needs and the API does not return. */
export type LoadedSheet = { sheet: TSheet; ciphertexts: Map<string, string>; accentColor: string | null };

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/**
 * The sheet's data, read in the tenant of `scope` (callers authorize first with
 * {@link authorizeSheet}). Records come straight from `emargements`, in chain order.
 */
export async function loadSheet(db: DbOrTx, scope: TenantScope, sessionId: string, opts: { slotId?: string | null; now: Date; timeZone?: string }): Promise<LoadedSheet> {
  const [row] = await db
    .select({ session: liveSessions, course: courses })
    .from(liveSessions)
    .innerJoin(courses, eq(courses.id, liveSessions.courseId))
    .where(scope.where(liveSessions, eq(liveSessions.id, sessionId)))
    .limit(1);
  if (!row) throw sessionNotFound();
  const { session, course } = row;
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, scope.tenantId)).limit(1);
  if (!tenant) throw notFound("Tenant");
  const legal = await loadLegalIdentity(db, scope.tenantId);

  const [moduleRows, trainerRows, slotRows, enrolled, rows] = await Promise.all([
    db.select({ id: modules.id, title: modules.title, position: modules.position }).from(modules).where(scope.where(modules, eq(modules.courseId, course.id))).orderBy(asc(modules.position), asc(modules.id)),
    db
      .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(sessionTrainers)
      .innerJoin(users, eq(users.id, sessionTrainers.userId))
      .where(scope.where(sessionTrainers, eq(sessionTrainers.sessionId, sessionId))),
    statusSlots(db, scope, sessionId),
    expectedLearners(db, scope, session),
    db.select().from(emargements).where(scope.where(emargements, eq(emargements.sessionId, sessionId))).orderBy(asc(emargements.chainPosition)),
  ]);
  const records = rows.map((r) => ({ ...r, chainPosition: Number(r.chainPosition) }));
  const ciphertexts = new Map(records.filter((r) => r.signatureCiphertext).map((r) => [r.id, r.signatureCiphertext!]));

  // Everyone named on the sheet: trainers, expected learners, record holders and override authors.
  const people = new Map<string, SheetPerson>();
  for (const p of [...trainerRows, ...enrolled]) people.set(p.userId, p);
  const missing = [...new Set(records.flatMap((r) => [r.userId, r.overrideBy ?? r.userId]))].filter((id) => !people.has(id));
  if (missing.length) {
    const extra = await db.select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, missing));
    for (const p of extra) people.set(p.userId, p);
  }

  // Learners: the expected ones, plus anyone who signed as a learner (enrollment since cancelled).
  const learners = new Map<string, SheetLearner>(enrolled.map((e) => [e.userId, { ...e, enrolled: true }]));
  const trainerIds = new Set(trainerRows.map((t) => t.userId));
  for (const r of records) {
    if (learners.has(r.userId) || trainerIds.has(r.userId)) continue;
    if (r.enrollmentId) learners.set(r.userId, { ...people.get(r.userId)!, enrollmentId: r.enrollmentId, enrolled: false });
  }
  // Trainers: the session's, plus the course's creator (or a former trainer) who countersigned.
  const trainers: SheetPerson[] = [...trainerRows];
  for (const r of records) {
    if (!isSignature(r.method) || r.enrollmentId || learners.has(r.userId) || trainerIds.has(r.userId)) continue;
    trainerIds.add(r.userId);
    trainers.push(people.get(r.userId)!);
  }

  // The statuses, computed once (status.ts): learners give the totals; trainers only their countersignatures.
  const timeZone = opts.timeZone ?? DEFAULT_TIME_ZONE;
  const learnerList = [...learners.values()].sort(byName);
  const base = { session, slots: slotRows, records, now: opts.now, implicitSlotLabel: wholeSessionLabel(session, timeZone) };
  const computed = computeAttendance({ ...base, participants: learnerList });
  const countersigned = computeAttendance({ ...base, participants: trainers });
  const learnerRows = learnerList.map((learner, i) => ({ learner, attendance: computed.participants[i]! }));
  const trainerRowsWithStatus = trainers.map((person, i) => ({ person, attendance: countersigned.participants[i]! }));
  let slots = computed.slots.map((slot, i) => buildSlot(slot, i, trainerRowsWithStatus, learnerRows, computed.slotTotals[i]!, people, signatureUrl));
  if (opts.slotId) slots = slots.filter((w) => w.id === opts.slotId);

  const branding = tenant.branding ?? {};
  const integrations = tenant.integrations ?? {};
  const last = records[records.length - 1];
  const plannedDays = sessionSchedule(session, timeZone);
  const place = session.place ? { name: session.place.name, address: session.place.address, room: text(session.place.room) } : null;
  const sheet: TSheet = {
    generatedAt: opts.now.toISOString(),
    timeZone,
    tenant: {
      id: tenant.id,
      slug: tenant.slug,
      name: tenant.name,
      displayName: text(branding.displayName) ?? tenant.name,
      // The NDA of the legal identity (billing settings) first, then the older places it was recorded.
      activityNumber: printedNda(legal, integrations),
      siret: legal.siret ?? text(integrations.siret),
    },
    course: { id: course.id, title: course.title, reference: course.slug, modules: moduleRows },
    session: {
      id: session.id,
      title: session.title,
      status: session.status,
      deliveryMode: session.deliveryMode,
      modality: MODALITIES[session.deliveryMode],
      place,
      scheduledAt: session.scheduledAt.toISOString(),
      durationMinutes: session.durationMinutes,
      schedule: plannedDays,
      planned: formatSchedule(plannedDays).text,
      startedAt: session.startedAt?.toISOString() ?? null,
      endedAt: session.endedAt?.toISOString() ?? null,
    },
    trainers: trainers.map((t) => ({
      userId: t.userId,
      firstName: t.firstName,
      lastName: t.lastName,
      records: records.filter((r) => r.userId === t.userId && isSignature(r.method)).map((r) => toSheetRecord(r, signatureUrl)),
    })),
    slots,
    summary: {
      expected: learnerList.length,
      byStatus: computed.totals,
      attendanceMinutes: computed.participants.reduce((sum, p) => sum + p.minutes, 0),
    },
    overrides: records.filter((r) => r.method === "OVERRIDE").map((r) => toSheetOverride(r, people)),
    chain: { hash: last?.sealedHash ?? null, records: records.length, verificationUrl: tenantUrl(tenant.slug, `/sessions/${session.id}/attendance`) },
  };
  return { sheet, ciphertexts, accentColor: text(branding.primaryColor) };
}

/** `feuille-emargement-<YYYY-MM-DD>-<session id>[-<slot id>].pdf` (ASCII only). */
export function sheetFilename(sessionId: string, scheduledAt: Date, slotId?: string | null): string {
  const day = scheduledAt.toISOString().slice(0, 10);
  return `feuille-emargement-${day}-${sessionId}${slotId ? `-${slotId}` : ""}.pdf`.replace(/[^A-Za-z0-9._-]/g, "-");
}
