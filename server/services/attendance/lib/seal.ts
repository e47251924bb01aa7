import { createHash } from "node:crypto";
import { canonicalJson } from "./canonical-json";

/**
 * Sealed attendance records (conventions §7): every record of a tenant is a link of ONE hash chain.
 *
 * What is sealed: the fields listed below, always all of them; a missing/undefined field is sealed
 * as `null`, so adding an optional column later cannot silently change old hashes unless it is
 * added to the normalised record (which must then bump {@link SEAL_VERSION}). Fields:
 *   v (= SEAL_VERSION), id, tenantId, sessionId, userId, enrollmentId, method, signedAt,
 *   attendanceMinutes, attendanceRate, overrideBy, reason, auditLogId, slotId, location
 *   {lat, lng, accuracy}, signatureDigest ("sha256:" + hex of the PNG bytes, NOT the encrypted
 *   blob, so re-encryption under a new key keeps the seal), ipAddress, userAgent, and for AUTO
 *   records the media server's segment: joinedAt, leftAt, mediaParticipantSid.
 * Fields added later (an OVERRIDE's status, lateMinutes,
 *   leftEarlyMinutes and correctsId) enter the canonical JSON ONLY when they are not null, so every
 *   record sealed before they existed (where they are null) keeps exactly the hash it was sealed
 *   with, SEAL_VERSION stays 1 and existing chains still verify; a record that carries one is
 *   sealed with it, and changing (or removing) it afterwards breaks the link.
 * NOT sealed: sealedHash itself, createdAt (storage time), signatureUrl (a derived route),
 *   names (they live on users and may be corrected).
 *
 * Normalisation: signedAt (Date or ISO string) -> `toISOString()` (ms precision, UTC);
 *   numeric fields accept number or a numeric string (Postgres numeric) -> JSON number.
 *
 * How the link is computed (exactly):
 *   sealedHash = "sha256:" + hex( SHA-256( UTF-8( canonicalJson({ previousHash, record }) ) ) )
 *   where `previousHash` is the previous record's sealedHash in the tenant's chain, or null for
 *   the first record, and `record` is the normalised object of sealed fields. With sorted keys the
 *   hashed text is `{"previousHash":"sha256:…"|null,"record":{…}}`.
 */
const SEAL_VERSION = 1;

type SealLocation = { lat: number; lng: number; accuracy?: number | null };

/** The fields of an attendance record that enter its seal. Extra properties are ignored. */
export type SealableRecord = {
  id: string;
  tenantId: string;
  sessionId: string;
  userId: string;
  method: string;
  signedAt: Date | string;
  enrollmentId?: string | null;
  attendanceMinutes?: number | string | null;
  attendanceRate?: number | string | null;
  overrideBy?: string | null;
  reason?: string | null;
  auditLogId?: string | null;
  slotId?: string | null;
  location?: SealLocation | null;
  signatureDigest?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  joinedAt?: Date | string | null;
  leftAt?: Date | string | null;
  mediaParticipantSid?: string | null;
  status?: string | null;
  lateMinutes?: number | string | null;
  leftEarlyMinutes?: number | string | null;
  correctsId?: string | null;
};

export type ChainedRecord = SealableRecord & { sealedHash: string };

export type ChainVerification = {
  valid: boolean;
  /** Records whose link was recomputed; on a break, counts up to and including the broken one. */
  checked: number;
  /** Id of the FIRST record whose stored sealedHash does not match; null when valid. */
  brokenAt: string | null;
};

const HASH_PATTERN = /^sha256:[0-9a-f]{64}$/;

function isSealHash(value: unknown): value is string {
  return typeof value === "string" && HASH_PATTERN.test(value);
}

function num(value: number | string | null | undefined, field: string): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value);
  if (!Number.isFinite(n)) throw new TypeError(`seal: ${field} is not a finite number`);
  return n;
}

function isoDate(value: Date | string): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) throw new TypeError("seal: a sealed date is not valid");
  return d.toISOString();
}

/** The normalised object of sealed fields (exported for tests and for the seal certificate). */
function sealedFields(record: SealableRecord) {
  const loc = record.location ?? null;
  return {
    v: SEAL_VERSION,
    id: record.id,
    tenantId: record.tenantId,
    sessionId: record.sessionId,
    userId: record.userId,
    enrollmentId: record.enrollmentId ?? null,
    method: record.method,
    signedAt: isoDate(record.signedAt),
    attendanceMinutes: num(record.attendanceMinutes, "attendanceMinutes"),
    attendanceRate: num(record.attendanceRate, "attendanceRate"),
    overrideBy: record.overrideBy ?? null,
    reason: record.reason ?? null,
    auditLogId: record.auditLogId ?? null,
    slotId: record.slotId ?? null,
    location: loc
      ? { lat: num(loc.lat, "location.lat"), lng: num(loc.lng, "location.lng"), accuracy: num(loc.accuracy, "location.accuracy") }
      : null,
    signatureDigest: record.signatureDigest ?? null,
    ipAddress: record.ipAddress ?? null,
    userAgent: record.userAgent ?? null,
    joinedAt: record.joinedAt == null ? null : isoDate(record.joinedAt),
    leftAt: record.leftAt == null ? null : isoDate(record.leftAt),
    mediaParticipantSid: record.mediaParticipantSid ?? null,
    // Omitted (undefined) when null: canonicalJson drops undefined members, so older hashes hold.
    status: record.status ?? undefined,
    lateMinutes: num(record.lateMinutes, "lateMinutes") ?? undefined,
    leftEarlyMinutes: num(record.leftEarlyMinutes, "leftEarlyMinutes") ?? undefined,
    correctsId: record.correctsId ?? undefined,
  };
}

/** Canonical JSON of the record's sealed fields alone. */
export function canonicalRecord(record: SealableRecord): string {
  return canonicalJson(sealedFields(record));
}

/** The exact text that is hashed for one link (see the module comment). */
export function sealInput(record: SealableRecord, previousHash: string | null): string {
  if (previousHash !== null && !isSealHash(previousHash)) {
    throw new TypeError("seal: previousHash must be null or 'sha256:' + 64 lower-case hex digits");
  }
  return canonicalJson({ previousHash, record: sealedFields(record) });
}

/** "sha256:" + hex SHA-256 of the link text. */
export function sealRecord(record: SealableRecord, previousHash: string | null): string {
  return `sha256:${createHash("sha256").update(sealInput(record, previousHash), "utf8").digest("hex")}`;
}

/** Digest stored (and sealed) for a canvas signature: "sha256:" + hex of the plain PNG bytes. */
export function signatureDigest(bytes: Uint8Array): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}

/**
 * Recompute every link of `records`, given in chain order (the tenant's chain ordered by its
 * sequence), and report the FIRST record whose stored sealedHash differs from the recomputed one:
 * - a tampered field breaks that record;
 * - a removed record breaks the record that followed it (its previousHash no longer matches);
 * - a reordered record breaks at the first moved position.
 * Each link is recomputed from the STORED sealedHash of its predecessor, so one edit is reported
 * once, at its own position. `previousHash` is the hash preceding `records[0]` (null when
 * `records` starts the chain), which lets a caller verify a contiguous tail of a long chain.
 * Removing the LAST records cannot be seen from the records alone: compare the chain's head
 * (latest sealedHash / count) with a value kept elsewhere for that.
 */
export function verifyChain(
  records: readonly ChainedRecord[],
  opts: { previousHash?: string | null } = {},
): ChainVerification {
  let previous: string | null = opts.previousHash ?? null;
  let checked = 0;
  for (const record of records) {
    checked += 1;
    let expected: string | null;
    try {
      expected = sealRecord(record, previous);
    } catch {
      expected = null; // unreadable fields or predecessor hash: a broken link, not a crash
    }
    if (expected === null || expected !== record.sealedHash) {
      return { valid: false, checked, brokenAt: record.id };
    }
    previous = record.sealedHash;
  }
  return { valid: true, checked, brokenAt: null };
}
