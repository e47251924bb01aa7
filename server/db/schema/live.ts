import { sql } from "drizzle-orm";
import { bigint, boolean, doublePrecision, foreignKey, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, ts, updatedAt } from "./_columns";
import { authorship, users } from "./identity";
import { enrollments, courses } from "./learning";
import { tenants } from "./tenancy";

/**
 * Live sessions (video-room classes of a course) and their digital attendance: time slots,
 * sealed attendance records (emargements) and single-use QR tokens. Every table is tenant-owned.
 */
export const sessionStatusEnum = pgEnum("session_status", ["SCHEDULED", "LIVE", "ENDED", "CANCELLED"]);
export const emargementMethodEnum = pgEnum("emargement_method", ["QR_CODE", "QR", "PIN", "CANVAS", "AUTO", "OVERRIDE"]);
/** PRESENTIAL: a place (address, room); REMOTE: the video room; HYBRID: both. */
export const sessionDeliveryModeEnum = pgEnum("session_delivery_mode", ["PRESENTIAL", "REMOTE", "HYBRID"]);
/** A participant's attendance on a slot, as computed (services/attendance/status.ts) or set by an OVERRIDE. */
export const attendanceStatusEnum = pgEnum("attendance_status", ["PRESENT", "ABSENT", "EXCUSED_ABSENCE", "LATE", "LEFT_EARLY", "NOT_YET"]);
/**
 * Who a session expects (its signers, convened and reminded learners). AUTO: every ACTIVE or
 * COMPLETED enrollee of its course, up to maxParticipants, including those enrolled later; LIST:
 * its registered participants (session_participants) only.
 */
export const sessionRegistrationEnum = pgEnum("session_registration", ["AUTO", "LIST"]);
export const reminderKindEnum = pgEnum("attendance_reminder_kind", ["SLOT_OPEN", "SLOT_CLOSING", "MANUAL"]);

/** One day of a session's schedule: its local date and time ranges in the tenant's time zone. */
export type SessionScheduleDay = { date: string; ranges: { start: string; end: string }[] };
/** Where a PRESENTIAL or HYBRID session takes place. */
export type SessionPlace = { name: string; address: string; room?: string | null };

export const liveSessions = pgTable(
  "live_sessions",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    courseId: text().notNull(),
    title: text().notNull(),
    description: text().notNull().default(""),
    scheduledAt: ts().notNull(),
    durationMinutes: integer().notNull(),
    maxParticipants: integer(),
    registration: sessionRegistrationEnum().notNull().default("AUTO"),
    recordingEnabled: boolean().notNull().default(false),
    deliveryMode: sessionDeliveryModeEnum().notNull().default("REMOTE"),
    /** PRESENTIAL and HYBRID: the place; null for REMOTE. */
    place: jsonb().$type<SessionPlace>(),
    /**
     * Days and time ranges (tenant time zone), ordered; scheduledAt is the first range's start and
     * durationMinutes the ranges' sum. Null: one range from scheduledAt for durationMinutes.
     */
    schedule: jsonb().$type<SessionScheduleDay[]>(),
    status: sessionStatusEnum().notNull().default("SCHEDULED"),
    mediaRoomName: text().notNull(),
    /** Six digits, generated at creation (conventions §7). */
    attendancePin: text().notNull(),
    /** iCalendar SEQUENCE of the convocation: incremented by each update notice. */
    icsSequence: integer().notNull().default(0),
    startedAt: ts(),
    endedAt: ts(),
    cancelledAt: ts(),
    ...authorship(),
  },
  (t) => [
    uniqueIndex("live_sessions_room_uq").on(t.tenantId, t.mediaRoomName),
    index("live_sessions_tenant_sched_idx").on(t.tenantId, t.scheduledAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("live_sessions_course_idx").on(t.tenantId, t.courseId, t.scheduledAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    unique("live_sessions_tenant_id_uq").on(t.tenantId, t.id),
    foreignKey({ name: "live_sessions_course_fk", columns: [t.tenantId, t.courseId], foreignColumns: [courses.tenantId, courses.id] }),
  ],
);

export const sessionTrainers = pgTable(
  "session_trainers",
  {
    tenantId: tenantId().references(() => tenants.id),
    sessionId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "session_trainers_pk", columns: [t.tenantId, t.sessionId, t.userId] }),
    index("session_trainers_user_idx").on(t.tenantId, t.userId),
    foreignKey({ name: "session_trainers_session_fk", columns: [t.tenantId, t.sessionId], foreignColumns: [liveSessions.tenantId, liveSessions.id] }).onDelete("cascade"),
  ],
);

export const sessionRecordings = pgTable(
  "session_recordings",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    sessionId: text().notNull(),
    url: text().notNull(),
    durationSeconds: integer(),
    /** The media server's egress that produced the file (LiveKit `egressId`): one recording per egress, so a re-delivered webhook adds nothing. */
    egressId: text(),
    /** File size in bytes, when the media server reports it. */
    sizeBytes: bigint({ mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("session_recordings_session_idx").on(t.tenantId, t.sessionId, t.createdAt),
    uniqueIndex("session_recordings_egress_uq").on(t.tenantId, t.egressId),
    foreignKey({ name: "session_recordings_session_fk", columns: [t.tenantId, t.sessionId], foreignColumns: [liveSessions.tenantId, liveSessions.id] }).onDelete("cascade"),
  ],
);

/**
 * Learners registered to a session, taken from the course's enrollees: the session's expected
 * signers, its registeredCount, and what maxParticipants limits. Unregistering deletes the row.
 */
export const sessionParticipants = pgTable(
  "session_participants",
  {
    tenantId: tenantId().references(() => tenants.id),
    sessionId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id),
    enrollmentId: text().notNull(),
    registeredBy: text().references(() => users.id),
    registeredAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "session_participants_pk", columns: [t.tenantId, t.sessionId, t.userId] }),
    index("session_participants_user_idx").on(t.tenantId, t.userId),
    index("session_participants_enrollment_idx").on(t.tenantId, t.enrollmentId),
    foreignKey({ name: "session_participants_session_fk", columns: [t.tenantId, t.sessionId], foreignColumns: [liveSessions.tenantId, liveSessions.id] }).onDelete("cascade"),
    foreignKey({ name: "session_participants_enrollment_fk", columns: [t.tenantId, t.enrollmentId], foreignColumns: [enrollments.tenantId, enrollments.id] }).onDelete("cascade"),
  ],
);

/** Time slots of a session (hourly, half-day or full-session) that learners sign. */
export const attendanceSlots = pgTable(
  "attendance_slots",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    sessionId: text().notNull(),
    startsAt: ts().notNull(),
    endsAt: ts().notNull(),
    label: text().notNull(),
    position: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("attendance_slots_pos_uq").on(t.tenantId, t.sessionId, t.position),
    unique("attendance_slots_tenant_id_uq").on(t.tenantId, t.id),
    foreignKey({ name: "attendance_slots_session_fk", columns: [t.tenantId, t.sessionId], foreignColumns: [liveSessions.tenantId, liveSessions.id] }).onDelete("cascade"),
  ],
);

export type EmargementLocation = { lat: number; lng: number; accuracy?: number | null };

/** Methods that are a person's own signature (one per person, session and slot). */
export const SIGNATURE_METHODS = ["QR", "QR_CODE", "PIN", "CANVAS"] as const;

/** Sealed attendance records: append-only, chained per tenant by `sealedHash` (conventions §7). */
export const emargements = pgTable(
  "emargements",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    sessionId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id),
    enrollmentId: text(),
    slotId: text(),
    method: emargementMethodEnum().notNull(),
    signedAt: ts().notNull(),
    ip: text(),
    userAgent: text(),
    location: jsonb().$type<EmargementLocation>(),
    /** AES-256-GCM ciphertext of the drawn signature (base64), canvas method only. */
    signatureCiphertext: text(),
    /** "sha256:" + hex of the plain PNG bytes (sealed; survives re-encryption). */
    signatureDigest: text(),
    /** AUTO: the media server's connection segment. */
    joinedAt: ts(),
    leftAt: ts(),
    attendanceMinutes: integer(),
    /** double precision: the sealed value must read back exactly as it was sealed. */
    attendanceRate: doublePrecision(),
    overrideBy: text().references(() => users.id),
    reason: text(),
    /** OVERRIDE: the status it sets (any computed status but NOT_YET); null on other methods. */
    status: attendanceStatusEnum(),
    /** OVERRIDE with LATE / LEFT_EARLY: the minutes late or left early. */
    lateMinutes: integer(),
    leftEarlyMinutes: integer(),
    /** OVERRIDE: the record it corrects (that record stays, shown as corrected). */
    correctsId: text(),
    auditLogId: text(),
    mediaParticipantSid: text(),
    sealedHash: text().notNull(),
    previousHash: text(),
    chainPosition: bigint({ mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("emargements_chain_uq").on(t.tenantId, t.chainPosition),
    index("emargements_session_idx").on(t.tenantId, t.sessionId, t.signedAt),
    index("emargements_user_idx").on(t.tenantId, t.userId),
    index("emargements_enrollment_idx").on(t.tenantId, t.enrollmentId, t.signedAt),
    uniqueIndex("emargements_one_signature_uq")
      .on(t.tenantId, t.sessionId, t.userId, sql`coalesce(${t.slotId}, '')`)
      .where(sql`${t.method} in ('QR', 'QR_CODE', 'PIN', 'CANVAS')`),
    foreignKey({ name: "emargements_session_fk", columns: [t.tenantId, t.sessionId], foreignColumns: [liveSessions.tenantId, liveSessions.id] }),
    foreignKey({ name: "emargements_enrollment_fk", columns: [t.tenantId, t.enrollmentId], foreignColumns: [enrollments.tenantId, enrollments.id] }),
    foreignKey({ name: "emargements_slot_fk", columns: [t.tenantId, t.slotId], foreignColumns: [attendanceSlots.tenantId, attendanceSlots.id] }),
  ],
);

/** Head of each tenant's attendance hash chain: appends lock this row, so links never fork. */
export const attendanceChains = pgTable("attendance_chains", {
  tenantId: text()
    .primaryKey()
    .references(() => tenants.id),
  position: bigint({ mode: "number" }).notNull().default(0),
  headHash: text(),
  updatedAt: updatedAt(),
});

/** PIN attempts per user and session, counted in one statement so concurrent tries cannot exceed the limit. */
export const pinAttempts = pgTable(
  "pin_attempts",
  {
    tenantId: tenantId().references(() => tenants.id),
    sessionId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id),
    windowStartedAt: ts().notNull(),
    attempts: integer().notNull().default(0),
    lockedUntil: ts(),
  },
  (t) => [
    primaryKey({ name: "pin_attempts_pk", columns: [t.tenantId, t.sessionId, t.userId] }),
    foreignKey({ name: "pin_attempts_session_fk", columns: [t.tenantId, t.sessionId], foreignColumns: [liveSessions.tenantId, liveSessions.id] }).onDelete("cascade"),
  ],
);

/** Single-use QR attendance tokens bound to one session. */
export const qrTokens = pgTable(
  "qr_tokens",
  {
    jti: text().primaryKey(),
    tenantId: tenantId().references(() => tenants.id),
    sessionId: text().notNull(),
    expiresAt: ts().notNull(),
    usedAt: ts(),
    usedBy: text().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("qr_tokens_session_idx").on(t.tenantId, t.sessionId),
    foreignKey({ name: "qr_tokens_session_fk", columns: [t.tenantId, t.sessionId], foreignColumns: [liveSessions.tenantId, liveSessions.id] }).onDelete("cascade"),
  ],
);

/** Signing reminders sent to registered learners (slot opening, before closing, or re-sent by the trainer). */
export const attendanceReminders = pgTable(
  "attendance_reminders",
  {
    id: id(),
    tenantId: tenantId().references(() => tenants.id),
    sessionId: text().notNull(),
    slotId: text(),
    userId: text()
      .notNull()
      .references(() => users.id),
    kind: reminderKindEnum().notNull(),
    mailId: text(),
    sentBy: text().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("attendance_reminders_session_idx").on(t.tenantId, t.sessionId, t.createdAt),
    // Automatic reminders are sent once per slot, learner and kind (jobs run at least once).
    uniqueIndex("attendance_reminders_once_uq")
      .on(t.tenantId, t.sessionId, sql`coalesce(${t.slotId}, '')`, t.userId, t.kind)
      .where(sql`${t.kind} <> 'MANUAL'`),
    foreignKey({ name: "attendance_reminders_session_fk", columns: [t.tenantId, t.sessionId], foreignColumns: [liveSessions.tenantId, liveSessions.id] }).onDelete("cascade"),
  ],
);
