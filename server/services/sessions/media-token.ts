import { SignJWT } from "jose";
import { eq } from "drizzle-orm";
import { VIDEO_MODES, type TMediaToken } from "../../contracts/sessions";
import type { Db } from "../../db";
import { users } from "../../db/schema";
import { env } from "../../env";
import { conflict, forbidden } from "../../errors";
import { unixSeconds } from "../../lib/clock";
import { isParticipant, isSessionStaff } from "../platform/who-may";
import { loadSession } from "./access";
import type { Caller } from "../../auth/caller";

/** Spec Limits: the media-room token is valid 1 hour. */
const MEDIA_TOKEN_TTL_SECONDS = 3600;

/**
 * POST /sessions/{id}/token: a LiveKit access token (HS256, key LIVEKIT_API_SECRET, iss the API
 * key, sub the user id) for a participant: an ACTIVE or COMPLETED enrolled learner, a session
 * trainer, the course's creator or an ADMIN (403 otherwise). Everyone may publish audio and
 * video; moderators also get roomAdmin. CANCELLED and ENDED sessions have no room (409), nor has a
 * PRESENTIAL one (409 SESSION_NO_VIDEO_ROOM).
 */
export async function issueMediaToken(db: Db, caller: Caller, id: string, now: Date): Promise<TMediaToken> {
  const loaded = await loadSession(db, caller, id);
  const moderator = isSessionStaff(loaded, caller);
  if (!moderator && !(await isParticipant(db, caller, loaded.session.courseId))) {
    throw forbidden("Forbidden: only the session's participants may join its room");
  }
  const { status, deliveryMode } = loaded.session;
  if (!VIDEO_MODES.includes(deliveryMode)) throw conflict("Session is PRESENTIAL: it has no video room", "SESSION_NO_VIDEO_ROOM");
  if (status === "CANCELLED" || status === "ENDED") throw conflict(`Session is ${status}: its room is closed`, "SESSION_CLOSED");
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, caller.userId)).limit(1);
  const e = env();
  const iat = unixSeconds(now);
  const exp = iat + MEDIA_TOKEN_TTL_SECONDS;
  const roomName = loaded.session.mediaRoomName;
  const token = await new SignJWT({
    name: user ? `${user.firstName} ${user.lastName}`.trim() : caller.userId,
    video: { room: roomName, roomJoin: true, canPublish: true, canSubscribe: true, canPublishData: true, roomAdmin: moderator },
    metadata: JSON.stringify({ role: caller.role, moderator }),
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(e.LIVEKIT_API_KEY)
    .setSubject(caller.userId)
    .setJti(`${caller.userId}:${iat}`)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(e.LIVEKIT_API_SECRET));
  return { token, url: e.LIVEKIT_URL, roomName, identity: caller.userId, expiresAt: new Date(exp * 1000).toISOString(), canModerate: moderator };
}
