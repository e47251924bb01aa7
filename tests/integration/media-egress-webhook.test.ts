import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveSessions, sessionRecordings } from "../../server/db/schema";
import { env } from "../../server/env";
import { startApi, type TestApi } from "../helpers/api";
import { egressEndedEvent, postWebhook, signWebhook, type FakeLivekitKeys } from "../helpers/fake-livekit";
import { expectError, userIdOf } from "../helpers/rest";
import { courseOf, SST } from "../helpers/sessions";
import { tokenFor } from "../factories";

/**
 * The LiveKit egress webhook against a local fake of the media server (tests/helpers/fake-livekit.ts):
 * the test builds LiveKit-shaped events, signs them as LiveKit does, posts them, and reads the
 * result through the REST surface.
 */
let api: TestApi;
let keys: FakeLivekitKeys;
const tok: Record<string, string> = {};
const HOUR = 3600_000;

type Created = { id: string; mediaRoomName: string };
async function createSession(tenant: "acme" | "globex", recordingEnabled = true): Promise<Created> {
  const course = await courseOf(api, tenant, SST);
  const trainer = await userIdOf(api, `trainer@${tenant}.test`);
  const res = await api.call("POST", "/sessions", {
    tenant,
    token: tok[tenant],
    body: { courseId: course.id, title: "Classe enregistrée", scheduledAt: new Date(Date.now() + 24 * HOUR).toISOString(), durationMinutes: 60, recordingEnabled, trainerIds: [trainer] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Created;
}
const recordings = (tenant: string, sessionId: string) => api.call("GET", `/sessions/${sessionId}/recordings`, { tenant, token: tok[tenant] });
const egressIdOf = (event: Record<string, unknown>) => (event.egressInfo as { egressId: string }).egressId;

beforeAll(async () => {
  api = await startApi({ demo: true });
  for (const t of ["acme", "globex"]) tok[t] = await tokenFor(api, t, "admin");
  tok.learner = await tokenFor(api, "acme", "learner");
  keys = { apiKey: env().LIVEKIT_API_KEY, apiSecret: env().LIVEKIT_API_SECRET };
});
afterAll(() => api.close());

describe("POST /media/livekit/webhook: egress_ended", () => {
  it("adds the session's recording (location, duration, size), listed by GET /sessions/{id}/recordings and the session detail", async () => {
    const s = await createSession("acme");
    const event = egressEndedEvent(s.mediaRoomName, { files: [{ filename: "rec/a.mp4", location: "https://media.example.test/rec/a.mp4", durationSeconds: 1834, size: 5_242_880 }] });
    const res = await postWebhook(api, event, { keys });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body).toEqual({ data: { event: "egress_ended", action: "RECORDED", reason: null, recordingId: expect.stringMatching(/^med_[a-z0-9]{24}$/) } });

    const list = await recordings("acme", s.id);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      { id: res.body.data.recordingId, url: "https://media.example.test/rec/a.mp4", durationSeconds: 1834, sizeBytes: 5_242_880, createdAt: expect.any(String) },
    ]);
    // An enrolled learner sees it as well; the detail carries it.
    expect((await api.call("GET", `/sessions/${s.id}/recordings`, { tenant: "acme", token: tok.learner })).body.data).toHaveLength(1);
    expect((await api.call("GET", `/sessions/${s.id}`, { tenant: "acme", token: tok.acme })).body.data.recordings).toEqual(list.body.data);
  });

  it("is idempotent: a re-delivered (or concurrently delivered) egress adds nothing and answers ALREADY_RECORDED", async () => {
    const s = await createSession("acme");
    const event = egressEndedEvent(s.mediaRoomName);
    const first = await postWebhook(api, event, { keys });
    expect(first.body.data.action).toBe("RECORDED");
    const again = await postWebhook(api, event, { keys });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ event: "egress_ended", action: "ALREADY_RECORDED", reason: null, recordingId: first.body.data.recordingId });

    const twin = egressEndedEvent(s.mediaRoomName);
    const both = await Promise.all([postWebhook(api, twin, { keys }), postWebhook(api, twin, { keys })]);
    expect(both.map((r) => r.body.data.action).sort()).toEqual(["ALREADY_RECORDED", "RECORDED"]);
    expect((await recordings("acme", s.id)).body.data).toHaveLength(2);
  });

  it("falls back to the file name and to endedAt - startedAt; no size stays null; the deprecated `file` result counts too", async () => {
    const s = await createSession("acme");
    const event = egressEndedEvent(s.mediaRoomName, { files: [{ filename: "/out/local.mp4", durationSeconds: 0 }] });
    const info = event.egressInfo as { fileResults: Record<string, string>[] };
    info.fileResults[0]!.startedAt = String(1_700_000_000n * 1_000_000_000n);
    info.fileResults[0]!.endedAt = String(1_700_000_090n * 1_000_000_000n);
    expect((await postWebhook(api, event, { keys })).body.data.action).toBe("RECORDED");

    const legacy = egressEndedEvent(s.mediaRoomName, { files: [] });
    (legacy.egressInfo as Record<string, unknown>).file = { filename: "legacy.mp4", location: "https://media.example.test/legacy.mp4", duration: "61400000000", size: "1024" };
    expect((await postWebhook(api, legacy, { keys })).body.data.action).toBe("RECORDED");

    expect((await recordings("acme", s.id)).body.data.map((r: Record<string, unknown>) => [r.url, r.durationSeconds, r.sizeBytes])).toEqual([
      ["/out/local.mp4", 90, null],
      ["https://media.example.test/legacy.mp4", 61, 1024],
    ]);
  });
});

describe("POST /media/livekit/webhook: signature (401 INVALID_WEBHOOK_SIGNATURE, nothing recorded)", () => {
  let s: Created;
  let event: Record<string, unknown>;
  beforeAll(async () => {
    s = await createSession("acme");
    event = egressEndedEvent(s.mediaRoomName);
  });
  const refused = async (res: Awaited<ReturnType<typeof postWebhook>>) => {
    expectError(res, 401);
    expect(res.body.code).toBe("INVALID_WEBHOOK_SIGNATURE");
    expect((await recordings("acme", s.id)).body.data).toEqual([]);
  };

  it("refuses a missing or empty Authorization header", async () => {
    await refused(await postWebhook(api, event, { keys, authorization: null }));
    await refused(await postWebhook(api, event, { keys, authorization: "" }));
    await refused(await postWebhook(api, event, { keys, authorization: "Bearer " }));
  });

  it("refuses a token signed with another secret, or issued by another API key", async () => {
    await refused(await postWebhook(api, event, { keys: { ...keys, apiSecret: "another-secret-0123456789abcdefghij" } }));
    await refused(await postWebhook(api, event, { keys: { ...keys, apiKey: "APIotherKey" } }));
  });

  it("refuses a body that is not the signed one (tampered), and a token without the sha256 claim", async () => {
    const signed = JSON.stringify(event);
    const other = JSON.parse(signed) as { egressInfo: { fileResults: { location: string }[] } };
    other.egressInfo.fileResults[0]!.location = "https://evil.example.test/x.mp4"; // same room, another file
    await refused(await postWebhook(api, JSON.stringify(other), { keys, signedBody: signed }));
    await refused(await postWebhook(api, `${signed} `, { keys, signedBody: signed }));
    const { SignJWT } = await import("jose");
    const noSha = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(keys.apiKey)
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(keys.apiSecret));
    await refused(await postWebhook(api, event, { keys, authorization: noSha }));
  });

  it("refuses a stale token (expired) and one not yet valid, beyond the 10 s tolerance", async () => {
    await refused(await postWebhook(api, event, { keys, at: new Date(Date.now() - 6 * 60_000) }));
    await refused(await postWebhook(api, event, { keys, at: new Date(Date.now() + 60_000) }));
  });

  it("accepts the same event with a valid token, bare or with a Bearer prefix", async () => {
    const body = JSON.stringify(event);
    const res = await postWebhook(api, body, { keys, authorization: `Bearer ${await signWebhook(body, keys)}` });
    expect(res.body.data.action).toBe("RECORDED");
    expect((await recordings("acme", s.id)).body.data).toHaveLength(1);
  });

  it("answers 400 for a signed body that is not a LiveKit event", async () => {
    expectError(await postWebhook(api, "not json", { keys }), 400);
    expectError(await postWebhook(api, JSON.stringify({ id: "EV_x" }), { keys }), 400);
    const broken = egressEndedEvent(s.mediaRoomName);
    delete (broken.egressInfo as Record<string, unknown>).egressId;
    const res = await postWebhook(api, broken, { keys });
    expectError(res, 400);
    expect(Object.keys(res.body.errors)).toEqual(["egressInfo.egressId"]);
  });
});

describe("POST /media/livekit/webhook: events it ignores (200, nothing recorded)", () => {
  it("ignores other events, unfinished or failed egresses, results without a file, unknown rooms and sessions without recording", async () => {
    const s = await createSession("acme");
    const ignored = async (body: Record<string, unknown>, reason: string) => {
      const res = await postWebhook(api, body, { keys });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ action: "IGNORED", reason, recordingId: null });
    };
    await ignored({ event: "room_started", room: { sid: "RM_x", name: s.mediaRoomName }, id: "EV_1", createdAt: "1700000000" }, "UNHANDLED_EVENT");
    await ignored({ ...egressEndedEvent(s.mediaRoomName), event: "egress_updated" }, "UNHANDLED_EVENT");
    await ignored(egressEndedEvent(s.mediaRoomName, { status: "EGRESS_FAILED" }), "EGRESS_NOT_COMPLETE");
    await ignored(egressEndedEvent(s.mediaRoomName, { status: "EGRESS_ABORTED" }), "EGRESS_NOT_COMPLETE");
    await ignored(egressEndedEvent(s.mediaRoomName, { files: [] }), "NO_FILE");
    await ignored(egressEndedEvent("room-zzzzzzzzzzzzzzzzzzzzzzzz"), "UNKNOWN_ROOM");
    await ignored(egressEndedEvent("another-app-room"), "UNKNOWN_ROOM");
    expect((await recordings("acme", s.id)).body.data).toEqual([]);

    const off = await createSession("acme", false);
    await ignored(egressEndedEvent(off.mediaRoomName), "RECORDING_DISABLED");
    expect((await recordings("acme", off.id)).body.data).toEqual([]);
  });
});

describe("POST /media/livekit/webhook: tenants", () => {
  it("a globex room's recording lands in globex only, even when an acme session carries the same room name", async () => {
    const globex = await createSession("globex");
    const acme = await createSession("acme");
    // Room names are unique per tenant only: give the acme session the globex room's name.
    await api.db.update(liveSessions).set({ mediaRoomName: globex.mediaRoomName }).where(eq(liveSessions.id, acme.id));

    const event = egressEndedEvent(globex.mediaRoomName);
    const res = await postWebhook(api, event, { keys });
    expect(res.body.data.action).toBe("RECORDED");
    expect((await recordings("globex", globex.id)).body.data).toHaveLength(1);
    expect((await recordings("acme", acme.id)).body.data).toEqual([]);
    expectError(await recordings("acme", globex.id), 404);
    expectError(await api.call("GET", `/sessions/${globex.id}/recordings`, { tenant: "globex", token: tok.acme }), 403);

    // The egress id is unique per tenant: the same id in acme's room is acme's own recording.
    const acmeRoom = `room-${acme.id.slice(4)}`;
    await api.db.update(liveSessions).set({ mediaRoomName: acmeRoom }).where(eq(liveSessions.id, acme.id));
    const same = await postWebhook(api, egressEndedEvent(acmeRoom, { egressId: egressIdOf(event) }), { keys });
    expect(same.body.data.action).toBe("RECORDED");
    const rows = await api.db.select({ tenantId: sessionRecordings.tenantId, sessionId: sessionRecordings.sessionId }).from(sessionRecordings).where(eq(sessionRecordings.egressId, egressIdOf(event)));
    expect(rows.map((r) => r.sessionId).sort()).toEqual([acme.id, globex.id].sort());
  });
});

describe("OpenAPI", () => {
  it("documents the webhook: public, application/webhook+json body, JSON answer, 400 and 401", async () => {
    const doc = await (await fetch(`${api.url}/api/v1/openapi.json`)).json();
    const op = doc.paths["/media/livekit/webhook"].post;
    expect(op.security).toEqual([]);
    expect(Object.keys(op.requestBody.content)).toEqual(["application/webhook+json"]);
    expect(op.responses["200"].content["application/json"].schema.properties.data.properties.action.enum).toEqual(["RECORDED", "ALREADY_RECORDED", "IGNORED"]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "400", "401"]));
    expect(op.description).toMatch(/sha256/);
  });
});
