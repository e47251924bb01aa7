import { clock } from "../lib/clock";
import { eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { attendanceSlots, billingClients, bpfCharges, bpfSnapshots, courses, enrollments, invoices, liveSessions, sessionParticipants, sessionTrainers, tenants, trainerProfiles } from "../db/schema";
import { forTenant } from "../db/tenant-scope";
import { newId } from "../lib/ids";
import { appendRecord } from "../services/attendance/chain";
import { generatePin } from "../services/attendance/lib/pin";
import { zonedTimeToUtc } from "../lib/time-zone";
import { clientForLearner } from "../services/billing/clients";
import { cancelInTransaction } from "../services/billing/invoice-actions";
import { creditNoteInTransaction, issueInTransaction } from "../services/billing/invoice-issue";
import { insertDraft } from "../services/billing/invoices";
import { computeBpf } from "../services/bpf/compute";
import { seedCaller } from "./seed-caller";
import { completeAllLessons } from "./factories";
import { SEED_ISSUE } from "./invoices";
import { currentYearOf } from "../services/bpf/snapshots";

type People = { admin: string; creator: string; trainer: string; learner: string; learner2: string; learner3: string };

const SST = "sauveteur-secouriste-du-travail";
const MANAGEMENT = "management-d-equipe";
/** F-3 objective and F-4 NSF code of the demo courses. */
const COURSE_CLASSES: Record<string, { trainingObjective: "RS" | "OTHER"; nsfCode: string }> = {
  [SST]: { trainingObjective: "RS", nsfCode: "344" },
  "excel-tableaux-croises-dynamiques": { trainingObjective: "OTHER", nsfCode: "324" },
  [MANAGEMENT]: { trainingObjective: "OTHER", nsfCode: "310" },
  "bureautique-2019": { trainingObjective: "OTHER", nsfCode: "324" },
};
const MIN = 60_000;

/**
 * Last year's BPF of the demo tenant (issue #12 item 8), from last-year activity this seed adds:
 * - the SST enrollments get varied categories and sources (learner SAL/OPCO, learner2 DE/POLE_EMPLOI,
 *   learner3 AUT/SELF);
 * - one PRESENTIAL SST day in mid-November of last year (half-day slots 09:00-12:30 and
 *   13:30-17:00, Paris), signed through the attendance chain writer (the chain still verifies):
 *   learner and learner2 both half-days, learner3 the morning only -> 7 + 7 + 3.5 = 17.5 h;
 * - last year's invoices, issued through the invoice services for the clients of
 *   seed/billing-clients.ts (which also writes the legal identity of frames A and H): OPCO 1,400
 *   (2h), France Travail 1,400 (7), learner3 700 (9), the company 2,000 (1) with a 300 credit note,
 *   and a CANCELLED 500 (cancelled by its credit note) the BPF ignores with its note; the company's invoice also bills room hire 250 and
 *   consulting 400 (lines of kind OTHER: turnover, not frame C);
 * - a management day in October of last year (09:00-12:30, 13:30-17:00) run by the creator, an
 *   EXTERNAL trainer (E-2): learner's enrollment was SUBCONTRACTED_OUT (F-2; invoiced 900 to the
 *   company, line 1), learner2's was RECEIVED from another organisation (G; invoiced 600, line 10)
 *   -> C = 6,700.00 HT of 7,350.00 invoiced (91.2 %); F-1 4 trainees 24.5 h, G 1 trainee 7 h;
 * - every frame's inputs: the trainer INTERNAL, the admin (the director) INTERNAL, the creator
 *   EXTERNAL; the courses' F-3 objective and NSF code; the charges of last year and this year;
 * then the snapshot is computed by the one BPF computation and stored GENERATED.
 * Idempotent: skipped when last year's snapshot exists.
 */
export async function seedBpf(db: Db, tenantId: string, people: People, now = clock.now()): Promise<void> {
  const scope = forTenant(tenantId);
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  const timeZone = tenant?.timeZone ?? "Europe/Paris";
  const year = currentYearOf(now, timeZone) - 1;
  const [done] = await db.select({ year: bpfSnapshots.year }).from(bpfSnapshots).where(scope.where(bpfSnapshots, eq(bpfSnapshots.year, year)));
  if (done) return;
  const [course] = await db.select().from(courses).where(scope.where(courses, eq(courses.slug, SST))).limit(1);
  if (!course) return;
  const [management] = await db.select().from(courses).where(scope.where(courses, eq(courses.slug, MANAGEMENT))).limit(1);
  for (const [slug, cls] of Object.entries(COURSE_CLASSES)) await db.update(courses).set(cls).where(scope.where(courses, eq(courses.slug, slug)));
  await db
    .insert(trainerProfiles)
    .values(
      scope.valuesMany(trainerProfiles, [
        { userId: people.trainer, engagement: "INTERNAL" as const, updatedBy: people.admin },
        { userId: people.admin, engagement: "INTERNAL" as const, updatedBy: people.admin },
        { userId: people.creator, engagement: "EXTERNAL" as const, updatedBy: people.admin },
      ]),
    )
    .onConflictDoNothing();
  await db
    .insert(bpfCharges)
    .values(
      scope.valuesMany(bpfCharges, [
        { year, totalCents: 4_850_000, trainerSalariesCents: 2_100_000, trainingPurchasesCents: 640_000, updatedBy: people.admin },
        { year: year + 1, totalCents: 5_230_000, trainerSalariesCents: 2_350_000, trainingPurchasesCents: 410_000, updatedBy: people.admin },
      ]),
    )
    .onConflictDoNothing();
  const enrolled = await db
    .select({ id: enrollments.id, userId: enrollments.userId })
    .from(enrollments)
    .where(scope.where(enrollments, eq(enrollments.courseId, course.id), inArray(enrollments.userId, [people.learner, people.learner2, people.learner3])));
  const enrollmentOf = (userId: string) => enrolled.find((e) => e.userId === userId)?.id ?? null;
  const profile: [string, "SAL" | "DE" | "AUT", "OPCO" | "POLE_EMPLOI" | "SELF"][] = [
    [people.learner, "SAL", "OPCO"],
    [people.learner2, "DE", "POLE_EMPLOI"],
    [people.learner3, "AUT", "SELF"],
  ];
  for (const [userId, traineeCategory, financingSource] of profile) {
    const id = enrollmentOf(userId);
    if (id) await db.update(enrollments).set({ traineeCategory, financingSource }).where(scope.where(enrollments, eq(enrollments.id, id)));
  }
  // Enrollments other seeds made without a category (a learner's own online payment): a person paying for themselves (F-1 d).
  await db.update(enrollments).set({ traineeCategory: "AUT", financingSource: sql`coalesce(${enrollments.financingSource}, 'SELF')` }).where(scope.where(enrollments, isNull(enrollments.traineeCategory)));

  // The November day of last year.
  const at = (h: number, m = 0) => zonedTimeToUtc(year, 11, 18, h, m, timeZone);
  const sessionId = newId("ses");
  await db.insert(liveSessions).values(
    scope.values(liveSessions, {
      id: sessionId,
      courseId: course.id,
      title: `SST — session de novembre ${year}`,
      description: "Formation initiale SST (exercice précédent).",
      scheduledAt: at(9),
      durationMinutes: 7 * 60,
      maxParticipants: 12,
      // The learners of that year's session, listed: the course's later enrollees were not expected then.
      registration: "LIST" as const,
      deliveryMode: "PRESENTIAL" as const,
      place: { name: "Centre de formation Acme", address: "12 rue des Lilas, 69003 Lyon", room: "Salle 2" },
      // The day as planned (its slots below): the sheet prints 09:00–12:30 et 13:30–17:00, not a window from scheduledAt.
      schedule: [{ date: `${year}-11-18`, ranges: [{ start: "09:00", end: "12:30" }, { start: "13:30", end: "17:00" }] }],
      recordingEnabled: false,
      status: "ENDED" as const,
      mediaRoomName: `room-${sessionId.slice(4)}`,
      attendancePin: generatePin(),
      startedAt: at(9),
      endedAt: at(17),
      createdBy: people.admin,
    }),
  );
  await db.insert(sessionTrainers).values(scope.values(sessionTrainers, { sessionId, userId: people.trainer }));
  const participants = profile.map(([userId]) => ({ userId, enrollmentId: enrollmentOf(userId) })).filter((p): p is { userId: string; enrollmentId: string } => !!p.enrollmentId);
  if (participants.length) await db.insert(sessionParticipants).values(scope.valuesMany(sessionParticipants, participants.map((p) => ({ sessionId, ...p, registeredBy: people.admin }))));
  const slots = [
    { id: newId("slt"), startsAt: at(9), endsAt: at(12, 30), label: "Matin", position: 1 },
    { id: newId("slt"), startsAt: at(13, 30), endsAt: at(17), label: "Après-midi", position: 2 },
  ];
  await db.insert(attendanceSlots).values(scope.valuesMany(attendanceSlots, slots.map((s) => ({ ...s, sessionId }))));
  const sign = (userId: string, slot: (typeof slots)[number], minutes: number) =>
    db.transaction((tx) =>
      appendRecord(tx, scope, { sessionId, userId, enrollmentId: enrollmentOf(userId), slotId: slot.id, method: "PIN", signedAt: new Date(slot.startsAt.getTime() + minutes * MIN), ip: "192.0.2.10", userAgent: "Mozilla/5.0 (démo)" }),
    );
  for (const slot of slots) {
    await sign(people.trainer, slot, 1);
    await sign(people.learner, slot, 4);
    await sign(people.learner2, slot, 6);
  }
  await sign(people.learner3, slots[0]!, 8);

  // Last year's invoices, through the invoice services (numbers from the tenant's per-year counter,
  // seller and buyer frozen as printed), for the clients of seed/billing-clients.ts.
  const caller = await seedCaller(db, tenantId, people.admin);
  const clients = await db.select({ id: billingClients.id, kind: billingClients.kind }).from(billingClients).where(scope.where(billingClients));
  const company = clients.find((c) => c.kind === "COMPANY")!.id;
  const opco = clients.find((c) => c.kind === "OPCO")!.id;
  const franceTravail = clients.find((c) => c.kind === "PUBLIC")!.id;
  const learner3Client = await db.transaction(async (tx) => (await clientForLearner(tx, caller, people.learner3)).id);
  type Line = { description: string; quantity: number; unitPriceCents: number; vatRate: number; kind: "TRAINING" | "OTHER" };
  const invoice = (p: { clientId: string; cents: number; issuedAt: Date; status: "ISSUED" | "PAID" | "CANCELLED"; enrollmentId?: string | null; payer?: "EMPLOYER" | "OPCO" | "LEARNER"; description: string; other?: Line[] }) =>
    db.transaction(async (tx) => {
      const items: Line[] = [{ description: p.description, quantity: 1, unitPriceCents: p.cents, vatRate: 0, kind: "TRAINING" }, ...(p.other ?? [])];
      const draft = await insertDraft(tx, caller, { clientId: p.clientId, items, enrollmentId: p.enrollmentId ?? null, payer: p.payer ?? null }, p.issuedAt);
      const row = await issueInTransaction(tx, caller, draft, () => p.issuedAt, SEED_ISSUE);
      const after = (days: number) => new Date(p.issuedAt.getTime() + days * 24 * 60 * MIN);
      if (p.status === "PAID") await tx.update(invoices).set({ status: "PAID", paidAt: after(20) }).where(scope.where(invoices, eq(invoices.id, row.id)));
      // Cancelled as the API does: by the credit note covering it (the BPF ignores both).
      if (p.status === "CANCELLED") await cancelInTransaction(tx, caller, { id: row.id, reason: "Erreur de destinataire" }, after(1), SEED_ISSUE);
      return row.id;
    });
  const sst = `Formation SST — ${year}`;
  await invoice({ clientId: opco, cents: 140_000, issuedAt: at(18), status: "PAID", enrollmentId: enrollmentOf(people.learner), payer: "OPCO", description: sst });
  await invoice({ clientId: franceTravail, cents: 140_000, issuedAt: at(18, 5), status: "PAID", enrollmentId: enrollmentOf(people.learner2), description: sst });
  await invoice({ clientId: learner3Client, cents: 70_000, issuedAt: at(18, 10), status: "PAID", enrollmentId: enrollmentOf(people.learner3), payer: "LEARNER", description: sst });
  const intra = await invoice({ clientId: company, cents: 200_000, issuedAt: zonedTimeToUtc(year, 12, 1, 10, 0, timeZone), status: "ISSUED",
    description: `Formation intra-entreprise gestes et postures — ${year}`,
    other: [
      { description: "Location de salle (2 jours)", quantity: 2, unitPriceCents: 12_500, vatRate: 0, kind: "OTHER" },
      { description: "Conseil : diagnostic des postes de travail", quantity: 1, unitPriceCents: 40_000, vatRate: 0, kind: "OTHER" },
    ],
  });
  const noteAt = zonedTimeToUtc(year, 12, 15, 10, 0, timeZone);
  await db.transaction((tx) => creditNoteInTransaction(tx, caller, { id: intra, reason: "une demi-journée non réalisée", items: [{ description: "Avoir : une demi-journée non réalisée", quantity: 1, unitPriceCents: 30_000, vatRate: 0, kind: "TRAINING" }] }, () => noteAt, SEED_ISSUE));
  await invoice({ clientId: company, cents: 50_000, issuedAt: zonedTimeToUtc(year, 12, 16, 10, 0, timeZone), status: "CANCELLED", description: "Facture annulée (erreur de destinataire)" });

  // The October management day: an EXTERNAL trainer, one enrollment subcontracted out (F-2), one received from another organisation (G).
  if (management) {
    const day = (h: number, m = 0) => zonedTimeToUtc(year, 10, 14, h, m, timeZone);
    const managementEnrollment = async (userId: string, subcontracting: "SUBCONTRACTED_OUT" | "RECEIVED", traineeCategory: "SAL" | "DE", financingSource: "EMPLOYER" | "POLE_EMPLOI") => {
      const id = newId("enr");
      await db.insert(enrollments).values(
        scope.values(enrollments, {
          id,
          courseId: management.id,
          userId,
          status: "COMPLETED" as const,
          traineeCategory,
          financingSource,
          subcontracting,
          enrolledBy: people.admin,
          enrolledAt: zonedTimeToUtc(year, 10, 1, 10, 0, timeZone),
          completedAt: day(17),
        }),
      );
      await completeAllLessons(db, scope, { enrollmentId: id, courseId: management.id, at: day(17) });
      return id;
    };
    const outE = await managementEnrollment(people.learner, "SUBCONTRACTED_OUT", "SAL", "EMPLOYER");
    const inE = await managementEnrollment(people.learner2, "RECEIVED", "DE", "POLE_EMPLOI");
    const mgmtSession = newId("ses");
    await db.insert(liveSessions).values(
      scope.values(liveSessions, {
        id: mgmtSession,
        courseId: management.id,
        title: `Management d'équipe — session d'octobre ${year}`,
        description: "Journée animée par une formatrice externe (sous-traitance).",
        scheduledAt: day(9),
        durationMinutes: 7 * 60,
        maxParticipants: 10,
        deliveryMode: "PRESENTIAL" as const,
        place: { name: "Centre de formation Acme", address: "12 rue des Lilas, 69003 Lyon", room: "Salle 1" },
        schedule: null,
        recordingEnabled: false,
        status: "ENDED" as const,
        mediaRoomName: `room-${mgmtSession.slice(4)}`,
        attendancePin: generatePin(),
        startedAt: day(9),
        endedAt: day(17),
        createdBy: people.admin,
      }),
    );
    await db.insert(sessionTrainers).values(scope.values(sessionTrainers, { sessionId: mgmtSession, userId: people.creator }));
    await db.insert(sessionParticipants).values(
      scope.valuesMany(sessionParticipants, [
        { sessionId: mgmtSession, userId: people.learner, enrollmentId: outE, registeredBy: people.admin },
        { sessionId: mgmtSession, userId: people.learner2, enrollmentId: inE, registeredBy: people.admin },
      ]),
    );
    const mSlots = [
      { id: newId("slt"), startsAt: day(9), endsAt: day(12, 30), label: "Matin", position: 1 },
      { id: newId("slt"), startsAt: day(13, 30), endsAt: day(17), label: "Après-midi", position: 2 },
    ];
    await db.insert(attendanceSlots).values(scope.valuesMany(attendanceSlots, mSlots.map((sl) => ({ ...sl, sessionId: mgmtSession }))));
    for (const slot of mSlots) {
      for (const [userId, enrollmentId, minutes] of [[people.creator, null, 1], [people.learner, outE, 3], [people.learner2, inE, 5]] as const) {
        await db.transaction((tx) =>
          appendRecord(tx, scope, { sessionId: mgmtSession, userId, enrollmentId, slotId: slot.id, method: "PIN", signedAt: new Date(slot.startsAt.getTime() + minutes * MIN), ip: "192.0.2.10", userAgent: "Mozilla/5.0 (démo)" }),
        );
      }
    }
    const mgmt = `Formation « Management d'équipe » — ${year}`;
    await invoice({ clientId: company, cents: 90_000, issuedAt: day(18), status: "PAID", enrollmentId: outE, payer: "EMPLOYER", description: mgmt });
    await invoice({ clientId: company, cents: 60_000, issuedAt: day(18, 5), status: "ISSUED", enrollmentId: inE, description: `${mgmt} — stagiaire confié par un organisme partenaire` });
  }

  await computeBpf({ db, scope, tenantId, timeZone, now }, year, {
    persist: (tx, _summary, data) => tx.insert(bpfSnapshots).values(scope.values(bpfSnapshots, { year, status: "GENERATED" as const, asOf: now, data, generatedAt: now, generatedBy: people.admin })),
  });
}
