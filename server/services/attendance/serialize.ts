import { inArray } from "drizzle-orm";
import type { TEmargement } from "../../contracts/attendance";
import type { DbOrTx } from "../../db";
import { users } from "../../db/schema";
import type { EmargementRow } from "./chain";
import { signatureUrl } from "./signatures";

export type RecordUser = { id: string; firstName: string; lastName: string; email: string };

/** The Emargement resource of the spec, from a stored row. */
export function toRecord(row: EmargementRow, user?: RecordUser): TEmargement {
  return {
    id: row.id,
    sessionId: row.sessionId,
    userId: row.userId,
    enrollmentId: row.enrollmentId,
    slotId: row.slotId,
    method: row.method,
    signedAt: row.signedAt.toISOString(),
    sealedHash: row.sealedHash,
    signatureUrl: row.signatureCiphertext ? signatureUrl(row.id) : null,
    attendanceMinutes: row.attendanceMinutes,
    attendanceRate: row.attendanceRate,
    overrideBy: row.overrideBy,
    reason: row.reason,
    auditLogId: row.auditLogId,
    status: row.status === "NOT_YET" ? null : row.status,
    lateMinutes: row.lateMinutes,
    leftEarlyMinutes: row.leftEarlyMinutes,
    correctsId: row.correctsId,
    location: row.location ? { lat: row.location.lat, lng: row.location.lng, accuracy: row.location.accuracy ?? null } : null,
    ...(user ? { user } : {}),
  };
}

/** Names of the given users (users are global; membership is checked by the callers' queries). */
export async function usersById(db: DbOrTx, ids: string[]): Promise<Map<string, RecordUser>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((u) => [u.id, u]));
}

export async function toRecordsWithUsers(db: DbOrTx, rows: EmargementRow[]): Promise<TEmargement[]> {
  const names = await usersById(db, rows.map((r) => r.userId));
  return rows.map((r) => toRecord(r, names.get(r.userId)));
}
