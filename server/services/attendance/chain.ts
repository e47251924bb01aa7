import { asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { attendanceChains, emargements, liveSessions, type EmargementLocation } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { emitEvent } from "../platform/events";
import { sealRecord, verifyChain, type ChainVerification, type SealableRecord } from "./lib/seal";

export type EmargementRow = typeof emargements.$inferSelect;
export type Method = EmargementRow["method"];
type AttendanceStatus = NonNullable<EmargementRow["status"]>;

/** What a signing flow supplies; the chain adds id, position, previous hash and seal. */
export type NewRecord = {
  sessionId: string;
  userId: string;
  method: Method;
  signedAt: Date;
  enrollmentId?: string | null;
  slotId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  location?: EmargementLocation | null;
  signatureCiphertext?: string | null;
  signatureDigest?: string | null;
  attendanceMinutes?: number | null;
  attendanceRate?: number | null;
  overrideBy?: string | null;
  reason?: string | null;
  auditLogId?: string | null;
  mediaParticipantSid?: string | null;
  joinedAt?: Date | null;
  leftAt?: Date | null;
  status?: AttendanceStatus | null;
  lateMinutes?: number | null;
  leftEarlyMinutes?: number | null;
  correctsId?: string | null;
};

export const SIGNATURE_METHODS: readonly Method[] = ["QR", "QR_CODE", "PIN", "CANVAS"];

/** The fields of a stored row that enter its seal (lib/seal.ts names them). */
function sealable(row: Omit<EmargementRow, "sealedHash" | "previousHash" | "chainPosition" | "createdAt">): SealableRecord {
  return {
    id: row.id,
    tenantId: row.tenantId,
    sessionId: row.sessionId,
    userId: row.userId,
    enrollmentId: row.enrollmentId,
    method: row.method,
    signedAt: row.signedAt,
    attendanceMinutes: row.attendanceMinutes,
    attendanceRate: row.attendanceRate,
    overrideBy: row.overrideBy,
    reason: row.reason,
    auditLogId: row.auditLogId,
    slotId: row.slotId,
    location: row.location ?? null,
    signatureDigest: row.signatureDigest,
    ipAddress: row.ip,
    userAgent: row.userAgent,
    joinedAt: row.joinedAt,
    leftAt: row.leftAt,
    mediaParticipantSid: row.mediaParticipantSid,
    status: row.status,
    lateMinutes: row.lateMinutes,
    leftEarlyMinutes: row.leftEarlyMinutes,
    correctsId: row.correctsId,
  };
}

/** Takes the tenant's chain head row lock: appends of one tenant run one after the other. */
async function lockHead(tx: DbOrTx, scope: TenantScope): Promise<{ position: number; headHash: string | null }> {
  await tx.insert(attendanceChains).values(scope.values(attendanceChains, {})).onConflictDoNothing();
  const [head] = await tx
    .select({ position: attendanceChains.position, headHash: attendanceChains.headHash })
    .from(attendanceChains)
    .where(scope.where(attendanceChains))
    .for("update");
  return head!;
}

/** Is there already a signature of this person for this session (and slot)? */
export async function hasSignature(tx: DbOrTx, scope: TenantScope, rec: Pick<NewRecord, "sessionId" | "userId" | "slotId">): Promise<boolean> {
  const [row] = await tx
    .select({ id: emargements.id })
    .from(emargements)
    .where(
      scope.where(
        emargements,
        eq(emargements.sessionId, rec.sessionId),
        eq(emargements.userId, rec.userId),
        rec.slotId ? eq(emargements.slotId, rec.slotId) : sql`${emargements.slotId} is null`,
        inArray(emargements.method, [...SIGNATURE_METHODS]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export const alreadySigned = () => unprocessable("Attendance already signed", undefined, "ALREADY_SIGNED");

/**
 * The one writer of attendance records (conventions §7): under the tenant's chain lock it checks
 * that a signature is not a duplicate, seals the record onto the chain head, inserts it, moves
 * the head and writes `emargement.signed`, all in the caller's transaction. Records are never
 * updated or deleted afterwards (a database trigger refuses it).
 */
export async function appendRecord(tx: DbOrTx, scope: TenantScope, rec: NewRecord, opts: { id?: string } = {}): Promise<EmargementRow> {
  const head = await lockHead(tx, scope);
  if (SIGNATURE_METHODS.includes(rec.method) && (await hasSignature(tx, scope, rec))) throw alreadySigned();
  const base = {
    id: opts.id ?? newId("emg"),
    tenantId: scope.tenantId,
    sessionId: rec.sessionId,
    userId: rec.userId,
    enrollmentId: rec.enrollmentId ?? null,
    slotId: rec.slotId ?? null,
    method: rec.method,
    signedAt: rec.signedAt,
    ip: rec.ip ?? null,
    userAgent: rec.userAgent ?? null,
    location: rec.location ?? null,
    signatureCiphertext: rec.signatureCiphertext ?? null,
    signatureDigest: rec.signatureDigest ?? null,
    joinedAt: rec.joinedAt ?? null,
    leftAt: rec.leftAt ?? null,
    attendanceMinutes: rec.attendanceMinutes ?? null,
    attendanceRate: rec.attendanceRate ?? null,
    overrideBy: rec.overrideBy ?? null,
    reason: rec.reason ?? null,
    auditLogId: rec.auditLogId ?? null,
    mediaParticipantSid: rec.mediaParticipantSid ?? null,
    status: rec.status ?? null,
    lateMinutes: rec.lateMinutes ?? null,
    leftEarlyMinutes: rec.leftEarlyMinutes ?? null,
    correctsId: rec.correctsId ?? null,
  };
  const sealedHash = sealRecord(sealable(base), head.headHash);
  const [row] = await tx
    .insert(emargements)
    .values(scope.values(emargements, { ...base, sealedHash, previousHash: head.headHash, chainPosition: head.position + 1 }))
    .returning();
  await tx
    .update(attendanceChains)
    .set({ position: head.position + 1, headHash: sealedHash, updatedAt: rec.signedAt })
    .where(scope.where(attendanceChains));
  const [session] = await tx.select({ courseId: liveSessions.courseId }).from(liveSessions).where(scope.where(liveSessions, eq(liveSessions.id, row!.sessionId))).limit(1);
  await emitEvent(tx, scope, "emargement.signed", {
    emargementId: row!.id,
    sessionId: row!.sessionId,
    courseId: session!.courseId,
    userId: row!.userId,
    enrollmentId: row!.enrollmentId,
    slotId: row!.slotId,
    method: row!.method,
    signedAt: row!.signedAt.toISOString(),
    sealedHash,
  });
  return row!;
}

/**
 * Verifies the links that hold a session's records in the tenant's chain: each record's seal is
 * recomputed from its stored fields and predecessor hash, its predecessor must be the record one
 * position before it carrying that hash, and its successor (or the chain head) must point back to
 * it, so an edited, removed or re-ordered record is found. `brokenAt` is the first record (in
 * chain order) where a link fails: the edited record itself, or the record after a removed one.
 */
export async function verifySessionChain(db: DbOrTx, scope: TenantScope, sessionId: string): Promise<ChainVerification> {
  const records = await db
    .select()
    .from(emargements)
    .where(scope.where(emargements, eq(emargements.sessionId, sessionId)))
    .orderBy(asc(emargements.chainPosition));
  if (records.length === 0) return { valid: true, checked: 0, brokenAt: null };
  const positions = new Set<number>();
  for (const r of records) {
    if (r.chainPosition > 1) positions.add(r.chainPosition - 1);
    positions.add(r.chainPosition + 1);
  }
  const neighbours = await db
    .select({ id: emargements.id, chainPosition: emargements.chainPosition, sealedHash: emargements.sealedHash, previousHash: emargements.previousHash })
    .from(emargements)
    .where(scope.where(emargements, inArray(emargements.chainPosition, [...positions])));
  const byPosition = new Map(neighbours.map((n) => [n.chainPosition, n]));
  const [head] = await db.select().from(attendanceChains).where(scope.where(attendanceChains));

  let checked = 0;
  for (const r of records) {
    checked += 1;
    const own = verifyChain([{ ...sealable(r), sealedHash: r.sealedHash }], { previousHash: r.previousHash });
    const before = r.chainPosition > 1 ? byPosition.get(r.chainPosition - 1) : null;
    const linkedBefore = r.chainPosition === 1 ? r.previousHash === null : before !== undefined && before !== null && before.sealedHash === r.previousHash;
    if (!own.valid || !linkedBefore) return { valid: false, checked, brokenAt: r.id };
    const after = byPosition.get(r.chainPosition + 1);
    if (after) {
      if (after.previousHash !== r.sealedHash) return { valid: false, checked, brokenAt: after.id };
    } else if (!head || head.position !== r.chainPosition || head.headHash !== r.sealedHash) {
      // Nothing at the next position, yet this is not the chain head: the record after it was removed.
      // The break shows at the next record that remains (its previousHash names a missing link); when
      // none remains (the tail was removed), at this record, which the head no longer matches.
      const [following] = await db
        .select({ id: emargements.id })
        .from(emargements)
        .where(scope.where(emargements, gt(emargements.chainPosition, r.chainPosition)))
        .orderBy(asc(emargements.chainPosition))
        .limit(1);
      return { valid: false, checked, brokenAt: following?.id ?? r.id };
    }
  }
  return { valid: true, checked, brokenAt: null };
}

/** Loads one record of the tenant. */
export async function findRecord(db: DbOrTx, scope: TenantScope, id: string): Promise<EmargementRow | null> {
  const [row] = await db.select().from(emargements).where(scope.where(emargements, eq(emargements.id, id))).limit(1);
  return row ?? null;
}

