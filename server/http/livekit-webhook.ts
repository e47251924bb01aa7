import { envelope, one } from "../contracts/envelope";
import { z } from "zod";
import { ZLivekitWebhookEvent, ZLivekitWebhookResult } from "../contracts/media-webhook";
import { badRequest } from "../errors";
import { handleLivekitEvent, verifyLivekitWebhook } from "../services/media/livekit-webhook";
import { parseCheckedJson } from "./body";
import { rawRoute } from "./raw-route";

const ZWebhookBody = z.object({ rawBody: z.string() });

/**
 * POST /api/v1/media/livekit/webhook: LiveKit (the media server) posts its webhook events here.
 * A raw route because the signature covers the body's exact bytes and LiveKit sends
 * `application/webhook+json`, which the JSON operations refuse (415). Public: the JWT in
 * Authorization authenticates LiveKit, and the room names the session and so the tenant.
 */
export const livekitWebhookRoute = rawRoute({
  method: "POST",
  path: "/media/livekit/webhook",
  bodyText: "rawBody",
  access: { public: true },
  input: ZWebhookBody,
  successSchema: envelope(ZLivekitWebhookResult),
  requestBody: {
    mediaType: "application/webhook+json",
    description:
      "A LiveKit WebhookEvent in its protobuf JSON form (int64 values as decimal strings; numbers are accepted): `event`, `id`, `createdAt`, and for egress events " +
      "`egressInfo` {egressId, roomName, status, fileResults[{filename, location, duration (ns), size (bytes), startedAt, endedAt}]}. Unknown members are ignored.",
    schema: ZLivekitWebhookEvent,
  },
  doc: {
    summary: "LiveKit webhook (egress_ended adds the session's recording)",
    description:
      "Called by the media server, no tenant header and no bearer token. Authentication (docs.livekit.io, Webhooks): the `Authorization` header holds a JWT " +
      "(the bare token; a `Bearer ` prefix is tolerated) signed HS256 with LIVEKIT_API_SECRET, issuer LIVEKIT_API_KEY, with `exp` (LiveKit: 5 minutes) and a `sha256` claim, " +
      "the standard base64 of the SHA-256 of the raw body, compared in constant time. A missing header, another key or secret, an expired token (10 s clock tolerance) " +
      "or a body that does not match answers 401 INVALID_WEBHOOK_SIGNATURE before anything is read. " +
      "The room name (`room-` + the session id's 24 characters, as the platform names rooms) designates exactly one session of one tenant. " +
      "`egress_ended` with status EGRESS_COMPLETE (or EGRESS_LIMIT_REACHED) and a file result adds one recording to that session — url: the file's `location` (else its " +
      "`filename`), durationSeconds from `duration` (nanoseconds), sizeBytes from `size` — listed by GET /sessions/{id}/recordings. One recording per egressId and tenant: " +
      "a re-delivered webhook adds nothing. A session whose recordingEnabled is false keeps no recording. Every other event is acknowledged and ignored.",
    tags: ["Sessions"],
    produces: "application/json",
    successDescription:
      "The event was authentic: `action` RECORDED (a recording was added), ALREADY_RECORDED (a re-delivery of the same egress: nothing added) or IGNORED with its `reason` " +
      "(UNHANDLED_EVENT, EGRESS_NOT_COMPLETE, NO_FILE, UNKNOWN_ROOM, RECORDING_DISABLED). Ignored events answer 200 too, so LiveKit does not retry what can never succeed.",
    errorResponses: { 400: "Malformed body (valid signature, but not a LiveKit event)", 401: "Missing, invalid or expired signature, or a body that does not match it", 413: "Body too large" },
  },
  handler: async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const authorization = ctx.headers.authorization;
    await verifyLivekitWebhook(input.rawBody, authorization, now);
    const parsed = ZLivekitWebhookEvent.safeParse(parseCheckedJson(input.rawBody));
    if (!parsed.success) throw badRequest("Validation failed", { event: ["Not a LiveKit webhook event"] });
    const result = await handleLivekitEvent(ctx.db, parsed.data, now);
    return { contentType: "application/json", body: Buffer.from(JSON.stringify(one(result))) };
  },
});
