import type { TEmargement } from "../../contracts/attendance";
import type { Db } from "../../db";
import type { EmargementLocation } from "../../db/schema";
import { unauthorized, badRequest, notFound, unprocessable } from "../../errors";
import { newId } from "../../lib/ids";
import { appendRecord, alreadySigned, hasSignature, type NewRecord } from "./chain";
import { pinMatches } from "./lib/pin";
import { countPinAttempt } from "./pin-attempts";
import { consumeQrToken, methodQrError, QrTokenError, readQrToken, validateQrError } from "./qr";
import { toRecord } from "./serialize";
import { prepareSignature } from "./signatures";
import { assertOpen, resolveSigner, type Signer } from "./signer";
import { assertSlotOpen, findSlot } from "./slots";
import type { Strokes } from "./types";
import type { Caller } from "../../auth/caller";

type Location = EmargementLocation | undefined;

/** Who signs, and the slot signed (null: the session as a whole). */
type Prepared = Signer & { slotId: string | null };

/** The record fields every signature of the caller carries. */
function base(caller: Caller, signer: Prepared, now: Date, location?: Location): Omit<NewRecord, "method"> {
  return {
    sessionId: signer.loaded.session.id,
    userId: caller.userId,
    enrollmentId: signer.enrollmentId,
    slotId: signer.slotId,
    signedAt: now,
    ip: caller.ip,
    userAgent: caller.userAgent,
    location: location ?? null,
  };
}

/**
 * Who, whether the session (or the slot named by `slotId`) takes signatures, and whether the
 * caller already signed it: checked before any PIN or token is spent. A slot of another session
 * (or tenant) is 404; a slot not started yet 400 SLOT_NOT_STARTED (the slot rules of slots.ts).
 */
async function prepare(db: Db, caller: Caller, sessionId: string, now: Date, opts: { notParticipant?: () => Error; slotId?: string } = {}): Promise<Prepared> {
  const signer = await resolveSigner(db, caller, sessionId, { notParticipant: opts.notParticipant });
  let slotId: string | null = null;
  if (opts.slotId) {
    const slot = await findSlot(db, caller, opts.slotId);
    if (slot.sessionId !== sessionId) throw notFound("Slot");
    assertSlotOpen(slot, signer.loaded, now);
    slotId = slot.id;
  } else assertOpen(signer.loaded, now);
  if (await hasSignature(db, caller.scope, { sessionId, userId: caller.userId, slotId })) throw alreadySigned();
  return { ...signer, slotId };
}

/** POST /emargement/sign/pin: the attempt is counted before the PIN is compared (429 after the limit). */
export async function signWithPin(db: Db, caller: Caller, input: { sessionId: string; pin: string; slotId?: string }, now: Date): Promise<TEmargement> {
  const signer = await prepare(db, caller, input.sessionId, now, { slotId: input.slotId });
  await countPinAttempt(db, caller.scope, input.sessionId, caller.userId, now);
  if (!pinMatches(input.pin, signer.loaded.session.attendancePin)) throw unauthorized("Invalid PIN", "INVALID_PIN");
  const row = await db.transaction((tx) => appendRecord(tx, caller.scope, { ...base(caller, signer, now), method: "PIN" }));
  return toRecord(row);
}

/** How a QR signature is recorded and answered: the method, the token errors, and the error for a caller who is not a participant (403 by default). */
export type SignWithQrOptions = { method: "QR" | "QR_CODE"; mapError: (reason: QrTokenError["reason"]) => Error; notParticipant?: () => Error };

/** The Qualiopi qr-validate: method QR_CODE, its token errors, and 422 (the spec's code) for a learner without a participant enrollment. */
export const QR_VALIDATE: SignWithQrOptions = {
  method: "QR_CODE",
  mapError: validateQrError,
  notParticipant: () => unprocessable("Enrollment not found: not registered to this session, or no ACTIVE or COMPLETED enrollment in its course", undefined, "ENROLLMENT_NOT_ACTIVE"),
};

/**
 * POST /emargement/sign/qr (method QR) and the Qualiopi qr-validate (QR_VALIDATE): the token
 * names the session; it is consumed in the signing transaction, so it signs exactly once.
 */
export async function signWithQr(
  db: Db,
  caller: Caller,
  input: { qrToken: string; location?: Location; sessionId?: string; slotId?: string },
  now: Date,
  opts: SignWithQrOptions = { method: "QR", mapError: methodQrError },
): Promise<TEmargement> {
  try {
    const token = await readQrToken(db, input.qrToken, caller.scope, now);
    if (input.sessionId !== undefined && input.sessionId !== token.sessionId) throw new QrTokenError("invalid");
    const signer = await prepare(db, caller, token.sessionId, now, { notParticipant: opts.notParticipant, slotId: input.slotId });
    const row = await db.transaction(async (tx) => {
      await consumeQrToken(tx, caller.scope, token.jti, token.sessionId, caller.userId, now);
      return appendRecord(tx, caller.scope, { ...base(caller, signer, now, input.location), method: opts.method });
    });
    return toRecord(row);
  } catch (error) {
    if (error instanceof QrTokenError) throw opts.mapError(error.reason);
    throw error;
  }
}

/** POST /emargement/sign/canvas: 30 drawn points, the PNG stored encrypted. */
export async function signWithCanvas(
  db: Db,
  caller: Caller,
  input: { sessionId: string; signatureBase64: string; strokes?: Strokes; location?: Location; slotId?: string },
  now: Date,
): Promise<TEmargement> {
  const signer = await prepare(db, caller, input.sessionId, now, { slotId: input.slotId });
  const id = newId("emg");
  const stored = prepareSignature(input, id);
  const row = await db.transaction((tx) => appendRecord(tx, caller.scope, { ...base(caller, signer, now, input.location), method: "CANVAS", ...stored }, { id }));
  return toRecord(row);
}

export type SignSessionInput = {
  sessionId: string;
  method: "QR" | "PIN" | "CANVAS";
  qrToken?: string;
  pin?: string;
  signatureBase64?: string;
  strokes?: Strokes;
  location?: Location;
  slotId?: string;
};

/** POST /emargement/{sessionId}/sign: the method endpoint named by `method`, for that session. */
export async function signSession(db: Db, caller: Caller, input: SignSessionInput, now: Date): Promise<TEmargement> {
  const missing = (field: string) => badRequest("Validation failed", { [field]: [`Required for method ${input.method}`] });
  switch (input.method) {
    case "PIN":
      if (!input.pin) throw missing("pin");
      return signWithPin(db, caller, { sessionId: input.sessionId, pin: input.pin, slotId: input.slotId }, now);
    case "QR":
      if (!input.qrToken) throw missing("qrToken");
      return signWithQr(db, caller, { qrToken: input.qrToken, location: input.location, sessionId: input.sessionId, slotId: input.slotId }, now);
    case "CANVAS":
      if (!input.signatureBase64) throw missing("signatureBase64");
      return signWithCanvas(db, caller, { sessionId: input.sessionId, signatureBase64: input.signatureBase64, strokes: input.strokes, location: input.location, slotId: input.slotId }, now);
  }
}
