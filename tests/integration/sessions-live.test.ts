import { jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ne } from "drizzle-orm";
import { liveSessions, sessionRecordings } from "../../server/db/schema";
import { forTenant } from "../../server/db/tenant-scope";
import { env } from "../../server/env";
import { manualClock, setClock } from "../../server/lib/clock";
import { newId } from "../../server/lib/ids";
import { startApi, type TestApi } from "../helpers/api";
import { eventRows, expectError, expectUnknownFields, expectValidation, tenantBySlug, userByEmail, userIdOf } from "../helpers/rest";
import { courseOf, EXCEL, SST } from "../helpers/sessions";
import { createMember, seedDemoData, tokenFor } from "../factories";

let api: TestApi;
let acmeId: string;
type Who = "admin" | "creator" | "trainer" | "trainer2" | "learner" | "learner2" | "finance";
const tok = {} as Record<Who | "globexAdmin", string>;
const uid = {} as Record<Who | "globexTrainer", string>;
let sst: { id: string; title: string };
let excel: { id: string; title: string };

const HOUR = 3600_000;
const future = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
/** Tomorrow 06:00 UTC (07:00 or 08:00 in Paris) plus `hours`: sessions that never cross midnight, whatever the hour the suite runs. */
const tomorrowPlus = (hours: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, 6) + hours * HOUR).toISOString();
};
const call = (method: string, path: string, token?: string, body?: unknown) => api.call(method, path, { tenant: "acme", token, body });

const create = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await call("POST", "/sessions", token, { courseId: sst.id, title: "Session live", scheduledAt: future(24), durationMinutes: 60, trainerIds: [uid.trainer], ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; mediaRoomName: string; scheduledAt: string; title: string };
};

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  await createMember(api.db, acmeId, "TRAINER", "trainer2@acme.test");
  for (const l of ["admin", "creator", "trainer", "trainer2", "learner", "learner2", "finance"] as const) {
    tok[l] = await tokenFor(api, "acme", l);
    uid[l] = await userIdOf(api, `${l}@acme.test`);
  }
  tok.globexAdmin = await tokenFor(api, "globex", "admin");
  sst = await courseOf(api, "acme", SST);
  excel = await courseOf(api, "acme", EXCEL);
});
afterAll(() => api.close());

describe("start and end", () => {
  it("SCHEDULED -> LIVE -> ENDED with session.started and session.ended in the outbox", async () => {
    const s = await create(tok.creator);
    const started = await call("POST", `/sessions/${s.id}/start`, tok.trainer);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ id: s.id, status: "LIVE", startedAt: expect.any(String), endedAt: null });
    const [startEvent] = (await eventRows(api, acmeId, "session.started")).filter((e) => (e.data as { sessionId: string }).sessionId === s.id);
    expect(startEvent?.data).toMatchObject({ sessionId: s.id, courseId: sst.id, title: s.title, startedAt: started.body.data.startedAt });

    expectError(await call("POST", `/sessions/${s.id}/start`, tok.trainer), 409);

    const ended = await call("POST", `/sessions/${s.id}/end`, tok.admin);
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ status: "ENDED", startedAt: started.body.data.startedAt, endedAt: expect.any(String) });
    const endEvents = (await eventRows(api, acmeId, "session.ended")).filter((e) => (e.data as { sessionId: string }).sessionId === s.id);
    expect(endEvents).toHaveLength(1);
    expect(endEvents[0]?.data).toMatchObject({ sessionId: s.id, endedAt: ended.body.data.endedAt });
    expectError(await call("POST", `/sessions/${s.id}/end`, tok.admin), 409);
    expectError(await call("POST", `/sessions/${s.id}/start`, tok.admin), 409);
  });

  it("409 ending a SCHEDULED session; no event written", async () => {
    const s = await create(tok.creator);
    expectError(await call("POST", `/sessions/${s.id}/end`, tok.creator), 409);
    expect((await eventRows(api, acmeId, "session.ended")).filter((e) => (e.data as { sessionId: string }).sessionId === s.id)).toHaveLength(0);
  });

  it("only ADMIN, the course's creator and the session's trainers: 403 otherwise; 404 cross-tenant; 401; 400 unknown field", async () => {
    const s = await create(tok.creator);
    expectError(await call("POST", `/sessions/${s.id}/start`, tok.trainer2), 403);
    expectError(await call("POST", `/sessions/${s.id}/start`, tok.learner), 403);
    expectError(await call("POST", `/sessions/${s.id}/start`, tok.finance), 403);
    expectError(await api.call("POST", `/sessions/${s.id}/start`, { tenant: "globex", token: tok.globexAdmin }), 404);
    expectError(await call("POST", `/sessions/${s.id}/start`), 401);
    expectUnknownFields(await call("POST", `/sessions/${s.id}/start`, tok.creator, { force: true }), ["force"]);
    expect((await call("GET", `/sessions/${s.id}`, tok.admin)).body.data.status).toBe("SCHEDULED");
  });

  it("two concurrent starts: one wins, one 409, one event", async () => {
    const s = await create(tok.creator);
    const results = await Promise.all([call("POST", `/sessions/${s.id}/start`, tok.creator), call("POST", `/sessions/${s.id}/start`, tok.trainer)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await eventRows(api, acmeId, "session.started")).filter((e) => (e.data as { sessionId: string }).sessionId === s.id)).toHaveLength(1);
  });
});

describe("GET /sessions/{id}/recordings", () => {
  it("lists the recordings, oldest first; visible to enrolled learners; 404 otherwise", async () => {
    const s = await create(tok.creator, { recordingEnabled: true });
    expect((await call("GET", `/sessions/${s.id}/recordings`, tok.learner)).body).toEqual({ data: [] });
    const scope = forTenant(acmeId);
    await api.db.insert(sessionRecordings).values([
      scope.values(sessionRecordings, { id: newId("med"), sessionId: s.id, url: "https://media.example/rec-1.mp4", durationSeconds: 1200, createdAt: new Date(Date.now() - 1000) }),
      scope.values(sessionRecordings, { id: newId("med"), sessionId: s.id, url: "https://media.example/rec-2.mp4", durationSeconds: null }),
    ]);
    const res = await call("GET", `/sessions/${s.id}/recordings`, tok.learner2);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: expect.any(String), url: "https://media.example/rec-1.mp4", durationSeconds: 1200, sizeBytes: null, createdAt: expect.any(String) },
      { id: expect.any(String), url: "https://media.example/rec-2.mp4", durationSeconds: null, sizeBytes: null, createdAt: expect.any(String) },
    ]);
    expect((await call("GET", `/sessions/${s.id}`, tok.admin)).body.data.recordings).toHaveLength(2);
    expectError(await api.call("GET", `/sessions/${s.id}/recordings`, { tenant: "globex", token: tok.globexAdmin }), 404);
    expectError(await call("GET", `/sessions/${s.id}/recordings`), 401);
  });
});

describe("POST /sessions/{id}/token", () => {
  const secret = () => new TextEncoder().encode(env().LIVEKIT_API_SECRET);

  it("a LiveKit access token for an enrolled learner: publish audio/video, no moderation, 1 hour", async () => {
    const s = await create(tok.creator);
    const res = await call("POST", `/sessions/${s.id}/token`, tok.learner);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ url: env().LIVEKIT_URL, roomName: s.mediaRoomName, identity: uid.learner, canModerate: false, expiresAt: expect.any(String) });
    const { payload, protectedHeader } = await jwtVerify(d.token, secret(), { issuer: env().LIVEKIT_API_KEY, subject: uid.learner });
    expect(protectedHeader.alg).toBe("HS256");
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.nbf).toBe(payload.iat);
    expect(new Date(payload.exp! * 1000).toISOString()).toBe(d.expiresAt);
    const me = await userByEmail(api, "learner@acme.test");
    expect(payload.name).toBe(`${me?.firstName} ${me?.lastName}`);
    expect(payload.video).toEqual({ room: s.mediaRoomName, roomJoin: true, canPublish: true, canSubscribe: true, canPublishData: true, roomAdmin: false });
  });

  it("moderators (ADMIN, the course's creator, session trainers) get roomAdmin", async () => {
    const s = await create(tok.creator);
    for (const who of ["admin", "creator", "trainer"] as const) {
      const res = await call("POST", `/sessions/${s.id}/token`, tok[who]);
      expect(res.status, who).toBe(200);
      expect(res.body.data).toMatchObject({ identity: uid[who], canModerate: true });
      const { payload } = await jwtVerify(res.body.data.token, secret());
      expect(payload.sub).toBe(uid[who]);
      expect(payload.video).toMatchObject({ room: s.mediaRoomName, roomJoin: true, roomAdmin: true, canPublish: true });
    }
  });

  it("uses the injectable clock for iat/exp", async () => {
    const s = await create(tok.creator);
    const at = new Date(Date.now() + 5 * 60_000);
    setClock(manualClock(at));
    try {
      const res = await call("POST", `/sessions/${s.id}/token`, tok.learner2);
      const { payload } = await jwtVerify(res.body.data.token, secret(), { currentDate: at });
      expect(payload.iat).toBe(Math.floor(at.getTime() / 1000));
    } finally {
      setClock(null);
    }
  });

  it("403 for a non-participant; 404 for a learner not enrolled, cross-tenant; 409 when CANCELLED or ENDED; 401", async () => {
    const s = await create(tok.creator);
    expectError(await call("POST", `/sessions/${s.id}/token`, tok.trainer2), 403);
    expectError(await call("POST", `/sessions/${s.id}/token`, tok.finance), 403);
    expectError(await api.call("POST", `/sessions/${s.id}/token`, { tenant: "globex", token: tok.globexAdmin }), 404);
    expectError(await call("POST", `/sessions/${s.id}/token`), 401);
    const ex = await call("POST", "/sessions", tok.creator, { courseId: excel.id, title: "Excel live", scheduledAt: future(10), durationMinutes: 30 });
    expectError(await call("POST", `/sessions/${ex.body.data.id}/token`, tok.learner2), 404); // CANCELLED enrollment
    expect((await call("POST", `/sessions/${ex.body.data.id}/token`, tok.learner)).status).toBe(200); // COMPLETED enrollment
    expect((await call("DELETE", `/sessions/${s.id}`, tok.creator)).status).toBe(204);
    expectError(await call("POST", `/sessions/${s.id}/token`, tok.learner), 409);
  });
});

describe("GET /enrollments/me/upcoming-sessions", () => {
  it("LIVE and future SCHEDULED sessions of the caller's ACTIVE or COMPLETED enrollments, chronological, limited", async () => {
    const fresh = await startApi();
    try {
      await seedDemoData(fresh.db);
      // The demo sessions are set aside (cancelled) so that the list holds only this test's sessions.
      await fresh.db.update(liveSessions).set({ status: "CANCELLED" }).where(ne(liveSessions.status, "CANCELLED"));
      const t = { creator: await tokenFor(fresh, "acme", "creator"), learner: await tokenFor(fresh, "acme", "learner"), learner2: await tokenFor(fresh, "acme", "learner2") };
      const [freshSst, freshExcel] = [await courseOf(fresh, "acme", SST), await courseOf(fresh, "acme", EXCEL)];
      const mk = async (courseId: string, title: string, hours: number) => {
        const res = await fresh.call("POST", "/sessions", { tenant: "acme", token: t.creator, body: { courseId, title, scheduledAt: tomorrowPlus(hours), durationMinutes: 60 } });
        expect(res.status).toBe(201);
        return res.body.data as { id: string };
      };
      const later = await mk(freshSst.id, "Plus tard", 48);
      const soon = await mk(freshSst.id, "Bientôt", 2);
      const live = await mk(freshSst.id, "En direct", 10);
      const excelOne = await mk(freshExcel.id, "Excel", 5);
      const cancelled = await mk(freshSst.id, "Annulée", 3);
      const ended = await mk(freshSst.id, "Terminée", 4);
      const post = (path: string) => fresh.call("POST", path, { tenant: "acme", token: t.creator });
      expect((await post(`/sessions/${live.id}/start`)).status).toBe(200);
      expect((await fresh.call("DELETE", `/sessions/${cancelled.id}`, { tenant: "acme", token: t.creator })).status).toBe(204);
      expect((await post(`/sessions/${ended.id}/start`)).status).toBe(200);
      expect((await post(`/sessions/${ended.id}/end`)).status).toBe(200);

      const l1 = await fresh.call("GET", "/enrollments/me/upcoming-sessions", { tenant: "acme", token: t.learner });
      expect(l1.status).toBe(200);
      expect(l1.body.data.map((s: { sessionId: string }) => s.sessionId)).toEqual([soon.id, excelOne.id, live.id, later.id]);
      expect(l1.body.data[0]).toEqual({
        sessionId: soon.id,
        enrollmentId: expect.stringMatching(/^enr_/),
        courseId: freshSst.id,
        courseTitle: freshSst.title,
        title: "Bientôt",
        scheduledAt: expect.any(String),
        durationMinutes: 60,
        status: "SCHEDULED",
        deliveryMode: "REMOTE",
        place: null,
        schedule: [{ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), ranges: [{ start: expect.any(String), end: expect.any(String) }] }],
        endsAt: new Date(Date.parse(l1.body.data[0].scheduledAt) + 60 * 60_000).toISOString(),
        signingOpensAt: new Date(Date.parse(l1.body.data[0].scheduledAt) - 30 * 60_000).toISOString(),
        signingClosesAt: new Date(Date.parse(l1.body.data[0].scheduledAt) + 180 * 60_000).toISOString(),
        signingOpen: expect.any(Boolean),
      });
      expect(l1.body.data[2].status).toBe("LIVE");
      // learner2's Excel enrollment is CANCELLED
      const l2 = await fresh.call("GET", "/enrollments/me/upcoming-sessions?limit=2", { tenant: "acme", token: t.learner2 });
      expect(l2.body.data.map((s: { sessionId: string }) => s.sessionId)).toEqual([soon.id, live.id]);
      // a SCHEDULED session is listed until its planned end, not after
      // (a new access token at each clock move: the old one would be expired)
      const soonAt = Date.parse(l1.body.data[0].scheduledAt);
      setClock(manualClock(new Date(soonAt + 30 * 60_000)));
      try {
        const mid = await fresh.call("GET", "/enrollments/me/upcoming-sessions?limit=1", { tenant: "acme", token: await tokenFor(fresh, "acme", "learner2") });
        expect(mid.body.data.map((s: { sessionId: string }) => s.sessionId)).toEqual([soon.id]);
        setClock(manualClock(new Date(soonAt + 65 * 60_000)));
        const after = await fresh.call("GET", "/enrollments/me/upcoming-sessions?limit=1", { tenant: "acme", token: await tokenFor(fresh, "acme", "learner2") });
        expect(after.body.data.map((s: { sessionId: string }) => s.sessionId)).toEqual([live.id]);
      } finally {
        setClock(null);
      }
      expectValidation(await fresh.call("GET", "/enrollments/me/upcoming-sessions?limit=101", { tenant: "acme", token: t.learner }), ["limit"]);
    } finally {
      await fresh.close();
    }
  });
});
