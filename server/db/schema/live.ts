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
    recordingEnabled: boolean().notNull().default(false),
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
    createdAt: createdAt(),
  },
  (t) => [
    index("session_recordings_session_idx").on(t.tenantId, t.sessionId, t.createdAt),
    foreignKey({ name: "session_recordings_session_fk", columns: [t.tenantId, t.sessionId], foreignColumns: [liveSessions.tenantId, liveSessions.id] }).onDelete("cascade"),
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
