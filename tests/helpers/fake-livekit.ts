import { createHash, randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import type { ApiResponse, TestApi } from "./api";

/**
 * A local stand-in for the LiveKit server's webhook sender (livekit/protocol webhook/url_notifier.go,
 * documented at docs.livekit.io "Webhooks"): the body is the protobuf JSON of a WebhookEvent
 * (camelCase members, int64 values as decimal strings, enums by name), posted with
 * `Content-Type: application/webhook+json` and `Authorization: <JWT>` — HS256 with the API secret,
 * iss = the API key, nbf = now, exp = now + 5 minutes, and `sha256` = base64 of the body's SHA-256.
 */
export type FakeLivekitKeys = { apiKey: string; apiSecret: string };

export type FakeFile = { filename?: string; location?: string; durationSeconds?: number; size?: number };

const NS = 1_000_000_000n;

/** An `egress_ended` event for `roomName`, as protojson writes it. */
export function egressEndedEvent(roomName: string, opts: { egressId?: string; status?: string; files?: FakeFile[]; endedAt?: Date } = {}): Record<string, unknown> {
  const ended = BigInt((opts.endedAt ?? new Date()).getTime()) * 1_000_000n;
  const files = opts.files ?? [{ filename: `recordings/${roomName}.mp4`, location: `https://media.example.test/recordings/${roomName}.mp4`, durationSeconds: 1834, size: 5_242_880 }];
  const fileResults = files.map((f) => {
    const duration = BigInt(f.durationSeconds ?? 0) * NS;
    return {
      ...(f.filename ? { filename: f.filename } : {}),
      startedAt: String(ended - duration),
      endedAt: String(ended),
      ...(f.durationSeconds ? { duration: String(duration) } : {}),
      ...(f.size ? { size: String(f.size) } : {}),
      ...(f.location ? { location: f.location } : {}),
    };
  });
  return {
    event: "egress_ended",
    egressInfo: {
      egressId: opts.egressId ?? `EG_${randomBytes(6).toString("hex")}`,
      roomId: `RM_${randomBytes(6).toString("hex")}`,
      roomName,
      status: opts.status ?? "EGRESS_COMPLETE",
      startedAt: String(ended - 1834n * NS),
      endedAt: String(ended),
      updatedAt: String(ended),
      roomComposite: { roomName, layout: "speaker", fileOutputs: [{ filepath: `recordings/${roomName}.mp4` }] },
      fileResults,
    },
    id: `EV_${randomBytes(6).toString("hex")}`,
    createdAt: String(Math.floor(Date.now() / 1000)),
  };
}

/** The Authorization token LiveKit sends with `body`; `at` moves its nbf/exp (a stale token). */
export async function signWebhook(body: string, keys: FakeLivekitKeys, at = new Date()): Promise<string> {
  const sha256 = createHash("sha256").update(body, "utf8").digest("base64");
  const iat = Math.floor(at.getTime() / 1000);
  return new SignJWT({ sha256 })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(keys.apiKey)
    .setNotBefore(iat)
    .setExpirationTime(iat + 5 * 60)
    .sign(new TextEncoder().encode(keys.apiSecret));
}

/** Posts `body` (an object, serialized once, or the exact text) to the platform's webhook like LiveKit does. */
export async function postWebhook(
  api: TestApi,
  body: string | Record<string, unknown>,
  opts: { keys: FakeLivekitKeys; authorization?: string | null; signedBody?: string; at?: Date },
): Promise<ApiResponse> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const headers: Record<string, string> = { "Content-Type": "application/webhook+json" };
  const authorization = opts.authorization === undefined ? await signWebhook(opts.signedBody ?? text, opts.keys, opts.at) : opts.authorization;
  if (authorization !== null) headers.Authorization = authorization;
  return api.call("POST", "/media/livekit/webhook", { raw: text, headers });
}
