import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { errors as joseErrors, jwtVerify } from "jose";
import { ZLivekitEgressInfo, type TLivekitEgressInfo, type TLivekitFileInfo, type TLivekitWebhookResult } from "../../contracts/media-webhook";
import type { Db } from "../../db";
import { liveSessions, sessionRecordings } from "../../db/schema";
import { forTenant } from "../../db/tenant-scope";
import { env } from "../../env";
import { badRequest, unauthorized } from "../../errors";
import { newId } from "../../lib/ids";
import { log } from "../../lib/log";

/**
 * LiveKit's webhook (docs.livekit.io "Webhooks"; the server's sender is livekit/protocol
 * webhook/url_notifier.go, the SDKs' receivers WebhookReceiver): POST, Content-Type
 * application/webhook+json, body the protojson of a `livekit.WebhookEvent`, header
 * `Authorization: <JWT>` (no "Bearer" prefix; one is tolerated here). The JWT is HS256 with the API
 * secret, `iss` = the API key, `nbf` = sending time, `exp` = 5 minutes later, and a `sha256`
 * claim: the standard base64 of the SHA-256 of the raw body bytes.
 */
const LIVEKIT_WEBHOOK_CLOCK_TOLERANCE_SECONDS = 10;

const invalid = () => unauthorized("Invalid webhook signature", "INVALID_WEBHOOK_SIGNATURE");

/**
 * Checks the Authorization JWT against LIVEKIT_API_KEY / LIVEKIT_API_SECRET and the body's hash
 * (compared in constant time). Any failure — no header, bad signature, other issuer, expired or
 * not yet valid (10 s tolerance, on the app's clock), no sha256 claim, other body — is 401.
 */
export async function verifyLivekitWebhook(rawBody: string, authorization: string | undefined, now: Date): Promise<void> {
  const token = authorization?.trim().replace(/^Bearer\s+/i, "");
  if (!token) throw invalid();
  const e = env();
  let claimed: unknown;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(e.LIVEKIT_API_SECRET), {
      algorithms: ["HS256"],
      issuer: e.LIVEKIT_API_KEY,
      currentDate: now,
      clockTolerance: LIVEKIT_WEBHOOK_CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ["exp"],
    });
    claimed = payload.sha256;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw invalid();
    throw error;
  }
  if (typeof claimed !== "string" || !/^[A-Za-z0-9+/]{43}=$/.test(claimed)) throw invalid();
  const expected = createHash("sha256").update(rawBody, "utf8").digest();
  if (!timingSafeEqual(Buffer.from(claimed, "base64"), expected)) throw invalid();
}

/** Room names are `room-` + the session id's 24 characters (services/sessions/sessions.ts), so a room names one session of one tenant. */
const ROOM_NAME = /^room-([a-z0-9]{24})$/;

/** The session a room belongs to: looked up by the session's id (a primary key), never by the room name across tenants. */
async function sessionOfRoom(db: Db, roomName: string | undefined) {
  const m = roomName ? ROOM_NAME.exec(roomName) : null;
  if (!m) return null;
  const [row] = await db
    .select({ id: liveSessions.id, tenantId: liveSessions.tenantId, recordingEnabled: liveSessions.recordingEnabled })
    .from(liveSessions)
    .where(and(eq(liveSessions.id, `ses_${m[1]}`), eq(liveSessions.mediaRoomName, roomName!)))
    .limit(1);
  return row ?? null;
}

/** Statuses whose file results are usable: completed, or stopped at the egress time limit (the file up to the limit is uploaded). */
const FILE_STATUSES = new Set(["EGRESS_COMPLETE", "EGRESS_LIMIT_REACHED"]);

const NS_PER_SECOND = 1_000_000_000;

/** The file to list: the first file result with a location or a file name (the deprecated single `file` otherwise). */
function recordedFile(info: TLivekitEgressInfo): TLivekitFileInfo | null {
  const files = [...(info.fileResults ?? []), ...(info.file ? [info.file] : [])];
  return files.find((f) => f.location || f.filename) ?? null;
}

function durationSeconds(file: TLivekitFileInfo): number | null {
  const ns = file.duration && file.duration > 0 ? file.duration : file.startedAt && file.endedAt && file.endedAt > file.startedAt ? file.endedAt - file.startedAt : 0;
  return ns > 0 ? Math.round(ns / NS_PER_SECOND) : null;
}

const ignored = (event: string, reason: string): TLivekitWebhookResult => ({ event, action: "IGNORED", reason, recordingId: null });

/**
 * A verified event. `egress_ended` with a usable file result adds the session's recording (one per
 * egress and tenant: a re-delivery answers ALREADY_RECORDED); every other event, an egress that
 * failed or has no file, a room that is not a session's, and a session whose recording is
 * disabled are IGNORED (200, so the media server does not retry what can never succeed).
 */
export async function handleLivekitEvent(db: Db, event: { event: string; egressInfo?: unknown }, now: Date): Promise<TLivekitWebhookResult> {
  if (event.event !== "egress_ended") return ignored(event.event, "UNHANDLED_EVENT");
  const parsed = ZLivekitEgressInfo.safeParse(event.egressInfo);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[["egressInfo", ...issue.path].join(".")] ??= []).push(issue.message);
    throw badRequest("Validation failed", fields);
  }
  const info = parsed.data;
  if (!FILE_STATUSES.has(info.status ?? "")) return ignored(event.event, "EGRESS_NOT_COMPLETE");
  const file = recordedFile(info);
  if (!file) return ignored(event.event, "NO_FILE");
  const session = await sessionOfRoom(db, info.roomName);
  if (!session) {
    log.info("livekit.webhook.unknown-room", { roomName: info.roomName ?? null, egressId: info.egressId });
    return ignored(event.event, "UNKNOWN_ROOM");
  }
  if (!session.recordingEnabled) {
    log.warn("livekit.webhook.recording-disabled", { sessionId: session.id, egressId: info.egressId });
    return ignored(event.event, "RECORDING_DISABLED");
  }
  const scope = forTenant(session.tenantId);
  const id = newId("med");
  const inserted = await db
    .insert(sessionRecordings)
    .values(
      scope.values(sessionRecordings, {
        id,
        sessionId: session.id,
        url: (file.location || file.filename)!,
        durationSeconds: durationSeconds(file),
        sizeBytes: file.size && file.size > 0 ? file.size : null,
        egressId: info.egressId,
        createdAt: now,
      }),
    )
    .onConflictDoNothing({ target: [sessionRecordings.tenantId, sessionRecordings.egressId] })
    .returning({ id: sessionRecordings.id });
  if (inserted.length) return { event: event.event, action: "RECORDED", reason: null, recordingId: id };
  const [existing] = await db
    .select({ id: sessionRecordings.id })
    .from(sessionRecordings)
    .where(scope.where(sessionRecordings, eq(sessionRecordings.egressId, info.egressId)))
    .limit(1);
  return { event: event.event, action: "ALREADY_RECORDED", reason: null, recordingId: existing?.id ?? null };
}
