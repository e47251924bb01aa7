import { clock } from "../lib/clock";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { attendanceSlots, courses, enrollments, liveSessions, PARTICIPANT_STATUSES, sessionParticipants, sessionTrainers, type SessionPlace, type SessionScheduleDay } from "../db/schema";
import { scheduleMinutes, slotsFromSchedule } from "../services/sessions/schedule";
import { forTenant, type TenantScope } from "../db/tenant-scope";
import { newId } from "../lib/ids";
import { appendRecord, type NewRecord } from "../services/attendance/chain";
import { computePresence, roundRate } from "../services/attendance/lib/presence";
import { signatureDigest } from "../services/attendance/lib/seal";
import { encryptBytes } from "../lib/crypto-box";
import { generateSlots } from "../services/attendance/lib/slots";
import { zonedTimeToUtc, localParts } from "../lib/time-zone";
import { generatePin } from "../services/attendance/lib/pin";
import { writeAudit } from "../services/platform/audit";
import { demoSignature } from "./signature-png";

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const SST = "sauveteur-secouriste-du-travail";
type People = { admin: string; creator: string; trainer: string; learner: string; learner2: string; learner3: string };

/** 09:00 Paris time `days` from `now` (negative: in the past). */
function parisMorning(now: Date, days: number, hour = 9): Date {
  const d = localParts(new Date(now.getTime() + days * DAY), "Europe/Paris");
  return zonedTimeToUtc(d.year, d.month, d.day, hour, 0, "Europe/Paris");
}

async function createSession(
  db: Db,
  scope: TenantScope,
  p: {
    courseId: string;
    title: string;
    description: string;
    scheduledAt: Date;
    durationMinutes: number;
    status: "SCHEDULED" | "LIVE" | "ENDED";
    createdBy: string;
    trainerIds: string[];
    participants: { userId: string; enrollmentId: string }[];
    deliveryMode?: "PRESENTIAL" | "REMOTE" | "HYBRID";
    place?: SessionPlace;
    schedule?: SessionScheduleDay[];
  },
) {
  const id = newId("ses");
  const startedAt = p.status === "SCHEDULED" ? null : p.scheduledAt;
  const endedAt = p.status === "ENDED" ? new Date(p.scheduledAt.getTime() + p.durationMinutes * MIN) : null;
  const [row] = await db
    .insert(liveSessions)
    .values(
      scope.values(liveSessions, {
        id,
        courseId: p.courseId,
        title: p.title,
        description: p.description,
        scheduledAt: p.scheduledAt,
        durationMinutes: p.durationMinutes,
        maxParticipants: 12,
        deliveryMode: p.deliveryMode ?? "REMOTE",
        place: p.place ?? null,
        schedule: p.schedule ?? null,
        recordingEnabled: false,
        status: p.status,
        mediaRoomName: `room-${id.slice(4)}`,
        attendancePin: generatePin(),
        startedAt,
        endedAt,
        createdBy: p.createdBy,
      }),
    )
    .returning();
  await db.insert(sessionTrainers).values(scope.valuesMany(sessionTrainers, p.trainerIds.map((userId) => ({ sessionId: id, userId }))));
  if (p.participants.length) {
    await db.insert(sessionParticipants).values(scope.valuesMany(sessionParticipants, p.participants.map((r) => ({ sessionId: id, userId: r.userId, enrollmentId: r.enrollmentId, registeredBy: p.createdBy }))));
  }
  return row!;
}

/**
 * Demo live sessions of the SST course (conventions §11): two past sessions with full attendance
 * (every method: QR, QR_CODE, PIN, CANVAS with drawn signatures per half-day, AUTO from the media
 * server, an ADMIN OVERRIDE with its audit entry), one LIVE now (REMOTE) and two upcoming: one
 * PRESENTIAL over two days with a lunch break in a room, one REMOTE. The course's learners are
 * registered to each. Records go
 * through the one chain writer, so the demo chain verifies. Idempotent: skipped when the tenant
 * already has sessions.
 */
export async function seedSessions(db: Db, tenantId: string, people: People, now = clock.now()): Promise<void> {
  const scope = forTenant(tenantId);
  const [existing] = await db.select({ id: liveSessions.id }).from(liveSessions).where(scope.where(liveSessions)).limit(1);
  if (existing) return;
  const [course] = await db.select().from(courses).where(scope.where(courses, eq(courses.slug, SST))).limit(1);
  if (!course) return;
  const enrolled = await db.select({ id: enrollments.id, userId: enrollments.userId, status: enrollments.status }).from(enrollments).where(scope.where(enrollments, eq(enrollments.courseId, course.id)));
  const enrollmentOf = (userId: string) => enrolled.find((e) => e.userId === userId)?.id ?? null;
  // Every learner taking part in the course (learner, learner2, learner3) is registered to each session.
  const participants = enrolled.filter((e) => (PARTICIPANT_STATUSES as readonly string[]).includes(e.status)).map((e) => ({ userId: e.userId, enrollmentId: e.id }));
  const base = { courseId: course.id, createdBy: people.creator, trainerIds: [people.trainer], participants };

  // A past full day with half-day slots and every method.
  const day1 = await createSession(db, scope, {
    ...base,
    title: "SST — journée 1 : protéger et examiner",
    description: "Alerte, protection, examen de la victime. Mises en situation.",
    scheduledAt: parisMorning(now, -7),
    durationMinutes: 8 * 60,
    status: "ENDED",
  });
  const slots = generateSlots(day1, "HALF_DAY");
  const slotIds = slots.map(() => newId("slt"));
  await db.insert(attendanceSlots).values(scope.valuesMany(attendanceSlots, slots.map((s, i) => ({ ...s, id: slotIds[i]!, sessionId: day1.id }))));
  const at = (s: { scheduledAt: Date }, minutes: number) => new Date(s.scheduledAt.getTime() + minutes * MIN);
  const add = (rec: Omit<NewRecord, "ip" | "userAgent"> & { ip?: string }, id?: string) =>
    db.transaction((tx) => appendRecord(tx, scope, { ip: rec.ip ?? "192.0.2.10", userAgent: "Mozilla/5.0 (démo)", ...rec }, id ? { id } : {}));
  const drawn = async (sessionId: string, userId: string, signedAt: Date, seed: number, slotId: string | null) => {
    const id = newId("emg");
    const { png } = demoSignature(seed);
    await add({ sessionId, userId, enrollmentId: enrollmentOf(userId), slotId, method: "CANVAS", signedAt, signatureCiphertext: encryptBytes(png, { aad: id }), signatureDigest: signatureDigest(png) }, id);
  };
  await add({ sessionId: day1.id, userId: people.learner, enrollmentId: enrollmentOf(people.learner), method: "QR", signedAt: at(day1, 3), location: { lat: 48.8566, lng: 2.3522, accuracy: 25 } });
  await add({ sessionId: day1.id, userId: people.learner2, enrollmentId: enrollmentOf(people.learner2), method: "PIN", signedAt: at(day1, 6) });
  await add({ sessionId: day1.id, userId: people.learner3, enrollmentId: enrollmentOf(people.learner3), method: "QR_CODE", signedAt: at(day1, 4) });
  for (const [i, slotId] of slotIds.entries()) {
    const slotStart = slots[i]!.startsAt;
    await drawn(day1.id, people.trainer, new Date(slotStart.getTime() + 2 * MIN), 1, slotId);
    await drawn(day1.id, people.learner, new Date(slotStart.getTime() + 5 * MIN), 2, slotId);
    await drawn(day1.id, people.learner3, new Date(slotStart.getTime() + 7 * MIN), 4, slotId);
    if (i === 0) await drawn(day1.id, people.learner2, new Date(slotStart.getTime() + 9 * MIN), 3, slotId);
  }
  // learner2 left at lunch: the media server saw the morning only; the admin records the justified absence.
  const joinedAt = at(day1, 5);
  const leftAt = at(day1, 4 * 60);
  const presence = computePresence(day1, [{ joinedAt, leftAt }], now);
  await add({ sessionId: day1.id, userId: people.learner2, enrollmentId: enrollmentOf(people.learner2), method: "AUTO", signedAt: leftAt, joinedAt, leftAt, mediaParticipantSid: "PA_demo_lucas", ...presence });
  const reason = "Absence l'après-midi justifiée par un rendez-vous médical (justificatif reçu).";
  const overrideId = newId("emg");
  await db.transaction(async (tx) => {
    const auditLogId = await writeAudit(tx, { userId: people.admin, ip: null, userAgent: null, requestId: "seed", scope: forTenant(tenantId) }, { action: "emargement.override", targetType: "emargement", targetId: overrideId, metadata: { sessionId: day1.id, userId: people.learner2, reason, attendanceMinutes: 235 } });
    await appendRecord(
      tx,
      scope,
      { sessionId: day1.id, userId: people.learner2, enrollmentId: enrollmentOf(people.learner2), method: "OVERRIDE", signedAt: at(day1, 9 * 60), attendanceMinutes: 235, attendanceRate: roundRate(235 / day1.durationMinutes), overrideBy: people.admin, reason, auditLogId },
      { id: overrideId },
    );
  });

  // A past short session: learner3 absent.
  const day2 = await createSession(db, scope, {
    ...base,
    title: "SST — révision et évaluation",
    description: "Révision des gestes et évaluation certificative.",
    scheduledAt: parisMorning(now, -3, 14),
    durationMinutes: 3 * 60,
    status: "ENDED",
  });
  await add({ sessionId: day2.id, userId: people.learner, enrollmentId: enrollmentOf(people.learner), method: "PIN", signedAt: at(day2, 2) });
  await drawn(day2.id, people.learner2, at(day2, 8), 5, null);
  await drawn(day2.id, people.trainer, at(day2, 1), 1, null);

  // Live now, nobody signed yet, and two upcoming sessions.
  await createSession(db, scope, {
    ...base,
    title: "SST — classe virtuelle : le cadre juridique",
    description: "Classe virtuelle en direct : rôle du SST, cadre juridique, questions-réponses.",
    scheduledAt: new Date(now.getTime() - 10 * MIN),
    durationMinutes: 4 * 60,
    status: "LIVE",
  });
  // In the room, over two days with a lunch break: one attendance slot per time range.
  const twoDays = [1, 2].map((d) => {
    const p = localParts(new Date(now.getTime() + d * DAY), "Europe/Paris");
    return { date: `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`, ranges: [{ start: "09:00", end: "12:30" }, { start: "13:30", end: "17:00" }] };
  });
  const presential = await createSession(db, scope, {
    ...base,
    title: "SST — journées 2 et 3 : secourir",
    description: "Gestes de secours, cas concrets, en salle.",
    scheduledAt: parisMorning(now, 1),
    durationMinutes: scheduleMinutes(twoDays),
    status: "SCHEDULED",
    deliveryMode: "PRESENTIAL",
    place: { name: "Acme Formation", room: "Salle Lavoisier", address: "12 rue des Arts, 75003 Paris" },
    schedule: twoDays,
  });
  const ranged = slotsFromSchedule(twoDays, "Europe/Paris");
  await db.insert(attendanceSlots).values(scope.valuesMany(attendanceSlots, ranged.map((s) => ({ ...s, id: newId("slt"), sessionId: presential.id }))));
  await createSession(db, scope, { ...base, title: "MAC SST — maintien des compétences", description: "Recyclage des sauveteurs secouristes.", scheduledAt: parisMorning(now, 14), durationMinutes: 7 * 60, status: "SCHEDULED" });
}
