import { and, eq, isNull } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { DbOrTx } from "../../db";
import { qrTokens } from "../../db/schema";
import type { TenantScope } from "../../db/tenant-scope";
import { DomainError } from "../../errors";
import { env } from "../../env";
import { randomToken } from "../../lib/ids";
import { tenantUrl } from "../../lib/urls";
import { jwtKey } from "../../auth/jwt-key";

/**
 * QR attendance tokens (spec limits: 5 minutes, bound to a session; conventions §7): an HS256 JWT
 * {tid, sid, jti} with its own audience, and a qr_tokens row that makes it single-use.
 * The jti is a short random id (16 bytes, 22 base64url characters): the QR code encodes only
 * `https://{tenant host}/q/{jti}` (about 50 characters, easy to scan from the back of a room), and
 * every operation that takes a `qrToken` accepts that short id as well as the JWT. The row (jti,
 * tenant, session, expiry, use) is then the token itself.
 */
const AUDIENCE = "attendance-qr";

export type QrIssued = { qrToken: string; expiresAt: string; signUrl: string };

export async function issueQrToken(db: DbOrTx, scope: TenantScope, tenantSlug: string, sessionId: string, now: Date): Promise<QrIssued> {
  const ttl = env().QR_TOKEN_TTL_SECONDS;
  const jti = randomToken(SHORT_ID_BYTES);
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttl;
  const qrToken = await new SignJWT({ tid: scope.tenantId, sid: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setAudience(AUDIENCE)
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(await jwtKey());
  const expiresAt = new Date(exp * 1000);
  await db.insert(qrTokens).values(scope.values(qrTokens, { jti, sessionId, expiresAt }));
  return { qrToken, expiresAt: expiresAt.toISOString(), signUrl: shortSignUrl(tenantSlug, jti) };
}

const SHORT_ID_BYTES = 16;
/** The short form of a QR token: its jti, 22 base64url characters (a JWT always has dots). */
const SHORT_ID = /^[A-Za-z0-9_-]{22}$/;
const isShortQrId = (token: string): boolean => SHORT_ID.test(token);

/** The URL the QR code encodes: the tenant's `/q/{id}` page, which opens the signing page for that token. */
const shortSignUrl = (tenantSlug: string, id: string): string => tenantUrl(tenantSlug, `/q/${id}`);

export type QrFailure = "expired" | "invalid" | "used";
export class QrTokenError extends Error {
  constructor(readonly reason: QrFailure) {
    super(reason);
  }
}

/** The method endpoint's answers: 410 expired, 422 invalid or used. */
export function methodQrError(reason: QrFailure): DomainError {
  if (reason === "expired") return new DomainError("GONE", "QR token expired", { reason: "QR_TOKEN_EXPIRED" });
  return new DomainError("UNPROCESSABLE", reason === "used" ? "QR token already used" : "Invalid QR token", { reason: reason === "used" ? "QR_TOKEN_USED" : "QR_TOKEN_INVALID" });
}

/** The Qualiopi qr-validate answers: 400 invalid, expired or used. */
export function validateQrError(reason: QrFailure): DomainError {
  const message = reason === "expired" ? "QR token expired" : reason === "used" ? "QR token already used" : "Invalid QR token";
  return new DomainError("BAD_REQUEST", message);
}

/**
 * Checks signature, audience, expiry (against the app clock) and tenant; returns the session id and jti.
 * A short id is looked up in this tenant's qr_tokens: unknown (or another tenant's) is invalid,
 * past its expiry is expired; its use is checked when it is consumed, as for the JWT.
 */
export async function readQrToken(db: DbOrTx, token: string, scope: TenantScope, now: Date): Promise<{ sessionId: string; jti: string }> {
  if (isShortQrId(token)) {
    const [row] = await db
      .select({ sessionId: qrTokens.sessionId, expiresAt: qrTokens.expiresAt })
      .from(qrTokens)
      .where(scope.where(qrTokens, eq(qrTokens.jti, token)))
      .limit(1);
    if (!row) throw new QrTokenError("invalid");
    if (now.getTime() >= row.expiresAt.getTime()) throw new QrTokenError("expired");
    return { sessionId: row.sessionId, jti: token };
  }
  try {
    const { payload } = await jwtVerify(token, await jwtKey(), { algorithms: ["HS256"], audience: AUDIENCE, currentDate: now });
    if (payload.tid !== scope.tenantId || typeof payload.sid !== "string" || typeof payload.jti !== "string") throw new QrTokenError("invalid");
    return { sessionId: payload.sid, jti: payload.jti };
  } catch (error) {
    if (error instanceof QrTokenError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new QrTokenError("expired");
    throw new QrTokenError("invalid");
  }
}

/**
 * Marks the token used by `userId`, inside the signing transaction: the guarded UPDATE lets one
 * caller win; a second use (or a token unknown to this tenant) fails. Rolled back with the
 * signature when the signature itself is refused.
 */
export async function consumeQrToken(tx: DbOrTx, scope: TenantScope, jti: string, sessionId: string, userId: string, now: Date): Promise<void> {
  const [used] = await tx
    .update(qrTokens)
    .set({ usedAt: now, usedBy: userId })
    .where(scope.where(qrTokens, and(eq(qrTokens.jti, jti), eq(qrTokens.sessionId, sessionId), isNull(qrTokens.usedAt))))
    .returning({ jti: qrTokens.jti });
  if (used) return;
  const [row] = await tx.select({ usedAt: qrTokens.usedAt }).from(qrTokens).where(scope.where(qrTokens, eq(qrTokens.jti, jti))).limit(1);
  throw new QrTokenError(row ? "used" : "invalid");
}

/** GET /emargement/qr/{qrToken}: the session a QR token (JWT or short id) names, for the signing page to show it; the method endpoint's errors. */
export async function qrTokenSession(db: DbOrTx, scope: TenantScope, token: string, now: Date): Promise<{ sessionId: string }> {
  try {
    const { sessionId } = await readQrToken(db, token, scope, now);
    return { sessionId };
  } catch (error) {
    if (error instanceof QrTokenError) throw methodQrError(error.reason);
    throw error;
  }
}
