import { asc, eq, inArray } from "drizzle-orm";
import type { TSheet } from "../../../contracts/attendance-sheet";
import type { DbOrTx } from "../../../db";
import { attendanceSlots, courses, emargements, liveSessions, modules, sessionTrainers, tenants, users } from "../../../db/schema";
import type { TenantScope } from "../../../db/tenant-scope";
import { notFound } from "../../../errors";
import { tenantUrl } from "../../../lib/urls";
import { assertModerator, loadSession, sessionNotFound } from "../../sessions/access";
import { expectedLearners } from "../participants";
import { DEFAULT_TIME_ZONE, generateSlots } from "../lib/slots";
import { signatureUrl } from "../signatures";
import { attributeSignatures, buildSlot, byName, isSignature, toSheetOverride, toSheetRecord, type SheetLearner, type SheetPerson, type SheetRecordRow, type SlotWindow } from "./sheet-rows";
import type { Caller } from "../../../auth/caller";

/** Live sessions happen in the platform's video room. */
export const REMOTE_MODALITY = "À distance — classe virtuelle";

/**
 * Who may read a session's sheet: ADMIN, the course's creator and the session's trainers
 * (404 for another tenant's session, 403 for anyone else). A `slotId` must be one of the
 * session's slots (404 otherwise).
 */
export async function authorizeSheet(db: DbOrTx, caller: Caller, sessionId: string, slotId?: string): Promise<{ sessionId: string; slotId: string | null; title: string; scheduledAt: Date }> {
  const loaded = await loadSession(db, caller, sessionId);
  assertModerator(loaded, caller);
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

  const [moduleRows, trainerRows, slotRows, enrolled, records] = await Promise.all([
    db.select({ id: modules.id, title: modules.title, position: modules.position }).from(modules).where(scope.where(modules, eq(modules.courseId, course.id))).orderBy(asc(modules.position), asc(modules.id)),
    db
      .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(sessionTrainers)
      .innerJoin(users, eq(users.id, sessionTrainers.userId))
      .where(scope.where(sessionTrainers, eq(sessionTrainers.sessionId, sessionId))),
    db.select().from(attendanceSlots).where(scope.where(attendanceSlots, eq(attendanceSlots.sessionId, sessionId))).orderBy(asc(attendanceSlots.position)),
    expectedLearners(db, scope, session),
    db
      .select({
        id: emargements.id,
        userId: emargements.userId,
        enrollmentId: emargements.enrollmentId,
        slotId: emargements.slotId,
        method: emargements.method,
        signedAt: emargements.signedAt,
        attendanceMinutes: emargements.attendanceMinutes,
        attendanceRate: emargements.attendanceRate,
        overrideBy: emargements.overrideBy,
        reason: emargements.reason,
        sealedHash: emargements.sealedHash,
        chainPosition: emargements.chainPosition,
        joinedAt: emargements.joinedAt,
        leftAt: emargements.leftAt,
        signatureCiphertext: emargements.signatureCiphertext,
      })
      .from(emargements)
      .where(scope.where(emargements, eq(emargements.sessionId, sessionId)))
      .orderBy(asc(emargements.chainPosition)),
  ]);

  const rows: SheetRecordRow[] = records.map(({ signatureCiphertext, ...r }) => ({ ...r, chainPosition: Number(r.chainPosition), hasSignature: Boolean(signatureCiphertext) }));
  const ciphertexts = new Map(records.filter((r) => r.signatureCiphertext).map((r) => [r.id, r.signatureCiphertext!]));

  // Everyone named on the sheet: trainers, expected learners, record holders and override authors.
  const people = new Map<string, SheetPerson>();
  for (const p of [...trainerRows, ...enrolled]) people.set(p.userId, p);
  const missing = [...new Set(rows.flatMap((r) => [r.userId, r.overrideBy ?? r.userId]))].filter((id) => !people.has(id));
  if (missing.length) {
    const extra = await db.select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, missing));
    for (const p of extra) people.set(p.userId, p);
  }

  // Learners: the course's participants, plus anyone who signed as a learner (enrollment since cancelled).
  const learners = new Map<string, SheetLearner>(enrolled.map((e) => [e.userId, { ...e, enrolled: true }]));
  const trainerIds = new Set(trainerRows.map((t) => t.userId));
  for (const r of rows) {
    if (learners.has(r.userId) || trainerIds.has(r.userId)) continue;
    if (r.enrollmentId) learners.set(r.userId, { ...people.get(r.userId)!, enrollmentId: r.enrollmentId, enrolled: false });
  }
  // Trainers: the session's, plus the course's creator (or a former trainer) who countersigned.
  const trainers: SheetPerson[] = [...trainerRows];
  for (const r of rows) {
    if (!isSignature(r.method) || r.enrollmentId || learners.has(r.userId) || trainerIds.has(r.userId)) continue;
    trainerIds.add(r.userId);
    trainers.push(people.get(r.userId)!);
  }

  const byUser = new Map<string, SheetRecordRow[]>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);

  const timeZone = opts.timeZone ?? DEFAULT_TIME_ZONE;
  const sessionMinutes = session.durationMinutes;
  let windows: SlotWindow[] = slotRows.map((s) => ({ id: s.id, position: s.position, label: s.label, startsAt: s.startsAt, endsAt: s.endsAt, sessionMinutes }));
  if (windows.length === 0) {
    const [whole] = generateSlots({ scheduledAt: session.scheduledAt, durationMinutes: session.durationMinutes }, "FULL_SESSION", timeZone);
    windows = [{ id: null, position: 1, label: whole!.label, startsAt: whole!.startsAt, endsAt: whole!.endsAt, sessionMinutes }];
  }
  attributeSignatures(rows, windows);
  if (opts.slotId) windows = windows.filter((w) => w.id === opts.slotId);

  const learnerList = [...learners.values()].sort(byName);
  const branding = tenant.branding ?? {};
  const integrations = tenant.integrations ?? {};
  const last = rows[rows.length - 1];
  const sheet: TSheet = {
    generatedAt: opts.now.toISOString(),
    timeZone,
    tenant: {
      id: tenant.id,
      slug: tenant.slug,
      name: tenant.name,
      displayName: text(branding.displayName) ?? tenant.name,
      activityNumber: text(integrations.activityNumber) ?? text(course.activityNumber),
      siret: text(integrations.siret),
    },
    course: { id: course.id, title: course.title, reference: course.slug, modules: moduleRows },
    session: {
      id: session.id,
      title: session.title,
      status: session.status,
      modality: REMOTE_MODALITY,
      scheduledAt: session.scheduledAt.toISOString(),
      durationMinutes: session.durationMinutes,
      startedAt: session.startedAt?.toISOString() ?? null,
      endedAt: session.endedAt?.toISOString() ?? null,
    },
    trainers: trainers.map((t) => ({
      userId: t.userId,
      firstName: t.firstName,
      lastName: t.lastName,
      records: (byUser.get(t.userId) ?? []).filter((r) => isSignature(r.method)).map((r) => toSheetRecord(r, signatureUrl)),
    })),
    slots: windows.map((w) => buildSlot(w, trainers, learnerList, byUser, people, signatureUrl)),
    overrides: rows.filter((r) => r.method === "OVERRIDE").map((r) => toSheetOverride(r, people)),
    chain: { hash: last?.sealedHash ?? null, records: rows.length, verificationUrl: tenantUrl(tenant.slug, `/sessions/${session.id}/attendance`) },
  };
  return { sheet, ciphertexts, accentColor: text(branding.primaryColor) };
}

/** `feuille-emargement-<YYYY-MM-DD>-<session id>[-<slot id>].pdf` (ASCII only). */
export function sheetFilename(sessionId: string, scheduledAt: Date, slotId?: string | null): string {
  const day = scheduledAt.toISOString().slice(0, 10);
  return `feuille-emargement-${day}-${sessionId}${slotId ? `-${slotId}` : ""}.pdf`.replace(/[^A-Za-z0-9._-]/g, "-");
}
