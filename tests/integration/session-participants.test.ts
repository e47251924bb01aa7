import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api";
import { expectError, expectUnknownFields, tenantBySlug, userIdOf } from "../helpers/rest";
import { courseOf, EXCEL, mailsTo, parseIcs, SST } from "../helpers/sessions";
import { createMember, tokenFor } from "../factories";
import { insertEnrollment } from "../factories/learning";

let api: TestApi;
type Who = "admin" | "creator" | "trainer" | "trainer2" | "learner" | "learner2" | "learner3" | "finance";
const tok = {} as Record<Who | "globexAdmin", string>;
const uid = {} as Record<Who, string>;
let acmeId: string;
let sst: { id: string };
let excel: { id: string };

const call = (method: string, path: string, token?: string, body?: unknown) => api.call(method, path, { tenant: "acme", token, body });
const future = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

async function session(body: Record<string, unknown> = {}, token = tok.admin) {
  const res = await call("POST", "/sessions", token, { courseId: sst.id, title: "Inscriptions", scheduledAt: future(72), durationMinutes: 120, trainerIds: [uid.trainer], ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; registeredCount: number; seatsLeft: number | null; maxParticipants: number | null };
}
const names = (res: { body: { data: { participants: { userId: string }[] } } }) => res.body.data.participants.map((p) => p.userId);

beforeAll(async () => {
  api = await startApi({ demo: true });
  acmeId = (await tenantBySlug(api, "acme")).id;
  await createMember(api.db, acmeId, "TRAINER", "trainer2@acme.test");
  for (const l of ["admin", "creator", "trainer", "trainer2", "learner", "learner2", "learner3", "finance"] as const) {
    tok[l] = await tokenFor(api, "acme", l);
    uid[l] = await userIdOf(api, `${l}@acme.test`);
  }
  tok.globexAdmin = await tokenFor(api, "globex", "admin");
  sst = await courseOf(api, "acme", SST);
  excel = await courseOf(api, "acme", EXCEL);
});
afterAll(() => api.close());

describe("registration at creation", () => {
  it("participantUserIds omitted: every ACTIVE or COMPLETED enrollee is registered; [] registers nobody; a list registers exactly those", async () => {
    const all = await session({ maxParticipants: 10 });
    expect(all).toMatchObject({ registeredCount: 3, seatsLeft: 7, maxParticipants: 10 });
    const none = await session({ participantUserIds: [], maxParticipants: 5 });
    expect(none).toMatchObject({ registeredCount: 0, seatsLeft: 5 });
    const one = await session({ participantUserIds: [uid.learner] });
    expect(one).toMatchObject({ registeredCount: 1, seatsLeft: null });
    const list = await call("GET", `/sessions/${one.id}/participants`, tok.admin);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual({
      sessionId: one.id,
      registration: "LIST", // participantUserIds given: the session expects exactly those learners
      maxParticipants: null,
      registeredCount: 1,
      seatsLeft: null,
      participants: [
        {
          userId: uid.learner,
          enrollmentId: expect.stringMatching(/^enr_/),
          firstName: expect.any(String),
          lastName: expect.any(String),
          email: "learner@acme.test",
          registeredAt: expect.any(String),
          registeredBy: uid.admin,
        },
      ],
      candidates: [
        expect.objectContaining({ userId: expect.any(String), enrollmentId: expect.stringMatching(/^enr_/) }),
        expect.objectContaining({ userId: expect.any(String) }),
      ],
    });
    expect(list.body.data.candidates.map((c: { userId: string }) => c.userId).sort()).toEqual([uid.learner2, uid.learner3].sort());
  });

  it("409 SESSION_FULL when the listed learners exceed maxParticipants (AUTO expects the first ones instead); 422 errors.userIds for a non-enrollee", async () => {
    const full = await call("POST", "/sessions", tok.admin, { courseId: sst.id, title: "Trop petite", scheduledAt: future(72), durationMinutes: 60, maxParticipants: 2, participantUserIds: [uid.learner, uid.learner2, uid.learner3] });
    expectError(full, 409, "Session full: 2 seat(s) left");
    expect(full.body.code).toBe("SESSION_FULL");
    // The spec's body (registration AUTO): the session expects the first two enrollees, up to its capacity.
    const auto = await call("POST", "/sessions", tok.admin, { courseId: sst.id, title: "Petite, AUTO", scheduledAt: future(72), durationMinutes: 60, maxParticipants: 2 });
    expect(auto.status, JSON.stringify(auto.body)).toBe(201);
    expect(auto.body.data).toMatchObject({ registration: "AUTO", registeredCount: 2, seatsLeft: 0 });
    const stranger = await call("POST", "/sessions", tok.admin, { courseId: sst.id, title: "x", scheduledAt: future(72), durationMinutes: 60, participantUserIds: [uid.trainer] });
    expectError(stranger, 422);
    expect(stranger.body.errors.userIds).toEqual([`${uid.trainer} has no ACTIVE or COMPLETED enrollment in the course`]);
  });

  it("sendConvocation mails the registered learners only", async () => {
    await session({ title: "Convoqués choisis", participantUserIds: [uid.learner2], sendConvocation: true });
    expect((await mailsTo(api, "learner2@acme.test", "session-convocation")).filter((m) => m.subject.includes("Convoqués choisis"))).toHaveLength(1);
    expect((await mailsTo(api, "learner@acme.test", "session-convocation")).filter((m) => m.subject.includes("Convoqués choisis"))).toHaveLength(0);
  });
});

describe("GET|POST /sessions/{id}/participants and DELETE .../{userId}", () => {
  it("registers with a convocation, idempotently; seats left; 409 SESSION_FULL with the seats left; unregisters with a cancellation", async () => {
    const s = await session({ title: "Places comptées", participantUserIds: [], maxParticipants: 2 });
    const first = await call("POST", `/sessions/${s.id}/participants`, tok.trainer, { userIds: [uid.learner] });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ registeredCount: 1, seatsLeft: 1, maxParticipants: 2 });
    expect(names(first)).toEqual([uid.learner]);
    const convocations = (await mailsTo(api, "learner@acme.test", "session-convocation")).filter((m) => m.subject.includes("Places comptées"));
    expect(convocations).toHaveLength(1);
    expect(parseIcs(convocations[0]!.attachments.find((a) => a.filename.endsWith(".ics"))!.content).props.METHOD).toBe("REQUEST");

    const again = await call("POST", `/sessions/${s.id}/participants`, tok.trainer, { userIds: [uid.learner, uid.learner] });
    expect(again.status).toBe(200);
    expect(again.body.data.registeredCount).toBe(1);
    expect((await mailsTo(api, "learner@acme.test", "session-convocation")).filter((m) => m.subject.includes("Places comptées"))).toHaveLength(1);

    const tooMany = await call("POST", `/sessions/${s.id}/participants`, tok.admin, { userIds: [uid.learner2, uid.learner3] });
    expectError(tooMany, 409, "Session full: 1 seat(s) left");
    expect(tooMany.body.code).toBe("SESSION_FULL");
    const fr = await api.call("POST", `/sessions/${s.id}/participants`, { tenant: "acme", token: tok.admin, body: { userIds: [uid.learner2, uid.learner3] }, headers: { "Accept-Language": "fr" } });
    expect(fr.body.message).toBe("Session complète\u202f: 1 place restante.");
    expect((await call("GET", `/sessions/${s.id}/participants`, tok.admin)).body.data.registeredCount).toBe(1);

    const second = await call("POST", `/sessions/${s.id}/participants`, tok.creator, { userIds: [uid.learner3] });
    expect(second.body.data).toMatchObject({ registeredCount: 2, seatsLeft: 0 });
    expect((await call("GET", `/sessions/${s.id}`, tok.admin)).body.data).toMatchObject({ registeredCount: 2, seatsLeft: 0 });
    expectError(await call("POST", `/sessions/${s.id}/participants`, tok.admin, { userIds: [uid.learner2] }), 409, "Session full: 0 seat(s) left");

    // Lowering the capacity below the registered count is refused.
    const lower = await call("PATCH", `/sessions/${s.id}`, tok.admin, { maxParticipants: 1 });
    expectError(lower, 409);
    expect(lower.body.code).toBe("CAPACITY_BELOW_REGISTERED");

    const removed = await call("DELETE", `/sessions/${s.id}/participants/${uid.learner3}`, tok.admin);
    expect(removed.status).toBe(204);
    expect(removed.body).toBeNull();
    const cancellations = (await mailsTo(api, "learner3@acme.test", "session-cancellation")).filter((m) => m.subject.includes("Places comptées"));
    expect(cancellations).toHaveLength(1);
    expect(parseIcs(cancellations[0]!.attachments[0]!.content).props.METHOD).toBe("CANCEL");
    expect((await mailsTo(api, "learner@acme.test", "session-cancellation")).filter((m) => m.subject.includes("Places comptées"))).toHaveLength(0);
    const gone = await call("DELETE", `/sessions/${s.id}/participants/${uid.learner3}`, tok.admin);
    expectError(gone, 404);
    expect(gone.body.code).toBe("PARTICIPANT_NOT_FOUND");
    expect((await call("GET", `/sessions/${s.id}/participants`, tok.admin)).body.data).toMatchObject({ registeredCount: 1, seatsLeft: 1 });
  });

  it("422: a non-enrollee (named), a CANCELLED enrollment; 400: an empty or too long list, an unknown field", async () => {
    const s = await session({ participantUserIds: [] });
    const bad = await call("POST", `/sessions/${s.id}/participants`, tok.admin, { userIds: [uid.learner, uid.trainer2] });
    expectError(bad, 422);
    expect(bad.body.errors).toEqual({ userIds: [`${uid.trainer2} has no ACTIVE or COMPLETED enrollment in the course`] });
    expect((await call("GET", `/sessions/${s.id}/participants`, tok.admin)).body.data.registeredCount).toBe(0); // all or nothing
    const excelSession = (await call("POST", "/sessions", tok.admin, { courseId: excel.id, title: "Excel", scheduledAt: future(80), durationMinutes: 60, participantUserIds: [] })).body.data;
    const cancelled = await call("POST", `/sessions/${excelSession.id}/participants`, tok.admin, { userIds: [uid.learner2] }); // learner2's Excel enrollment is CANCELLED
    expect(cancelled.body.errors.userIds[0]).toContain(uid.learner2);
    expectError(await call("POST", `/sessions/${s.id}/participants`, tok.admin, { userIds: [] }), 400);
    expectError(await call("POST", `/sessions/${s.id}/participants`, tok.admin, { userIds: Array.from({ length: 201 }, (_, i) => `usr_${i}`) }), 400);
    expectUnknownFields(await call("POST", `/sessions/${s.id}/participants`, tok.admin, { userIds: [uid.learner], notify: false }), ["notify"]);
  });

  it("roles: the session's staff only (403 for a learner, a trainer of another session, a financier); 404 cross-tenant and unknown; 401", async () => {
    const s = await session({ participantUserIds: [uid.learner] });
    for (const who of ["admin", "creator", "trainer"] as const) expect((await call("GET", `/sessions/${s.id}/participants`, tok[who])).status).toBe(200);
    for (const who of ["learner", "trainer2", "finance"] as const) expectError(await call("GET", `/sessions/${s.id}/participants`, tok[who]), 403);
    expectError(await call("POST", `/sessions/${s.id}/participants`, tok.trainer2, { userIds: [uid.learner2] }), 403);
    expectError(await call("POST", `/sessions/${s.id}/participants`, tok.learner, { userIds: [uid.learner2] }), 403);
    expectError(await call("DELETE", `/sessions/${s.id}/participants/${uid.learner}`, tok.finance), 403);
    const globex = { tenant: "globex", token: tok.globexAdmin };
    expectError(await api.call("GET", `/sessions/${s.id}/participants`, globex), 404);
    expectError(await api.call("POST", `/sessions/${s.id}/participants`, { ...globex, body: { userIds: [uid.learner] } }), 404);
    expectError(await api.call("DELETE", `/sessions/${s.id}/participants/${uid.learner}`, globex), 404);
    expectError(await call("GET", "/sessions/ses_unknown/participants", tok.admin), 404);
    expectError(await call("GET", `/sessions/${s.id}/participants`), 401);
  });

  it("409 SESSION_CLOSED on a CANCELLED or ENDED session", async () => {
    const s = await session({ participantUserIds: [uid.learner] });
    expect((await call("DELETE", `/sessions/${s.id}`, tok.admin)).status).toBe(204);
    const post = await call("POST", `/sessions/${s.id}/participants`, tok.admin, { userIds: [uid.learner2] });
    expectError(post, 409);
    expect(post.body.code).toBe("SESSION_CLOSED");
    expectError(await call("DELETE", `/sessions/${s.id}/participants/${uid.learner}`, tok.admin), 409);
    const ended = await session({ participantUserIds: [] });
    await call("POST", `/sessions/${ended.id}/start`, tok.admin);
    await call("POST", `/sessions/${ended.id}/end`, tok.admin);
    expect((await call("POST", `/sessions/${ended.id}/participants`, tok.admin, { userIds: [uid.learner] })).body.code).toBe("SESSION_CLOSED");
  });
});

describe("what registration drives", () => {
  it("a LEARNER lists and sees upcoming only the sessions they are registered to; the attendance lists the registered learners", async () => {
    const mine = await session({ title: "Pour learner", participantUserIds: [uid.learner] });
    const theirs = await session({ title: "Pour learner2", participantUserIds: [uid.learner2] });
    const listed = ((await call("GET", "/sessions?limit=100", tok.learner)).body.data as { id: string }[]).map((s) => s.id);
    expect(listed).toContain(mine.id);
    expect(listed).not.toContain(theirs.id);
    const upcoming = ((await call("GET", "/enrollments/me/upcoming-sessions?limit=50", tok.learner)).body.data as { sessionId: string }[]).map((s) => s.sessionId);
    expect(upcoming).toContain(mine.id);
    expect(upcoming).not.toContain(theirs.id);

    const attendance = await call("GET", `/qualiopi/emargement/${theirs.id}`, tok.admin);
    expect(attendance.status).toBe(200);
    expect(JSON.stringify(attendance.body.data)).toContain(uid.learner2);
    expect(JSON.stringify(attendance.body.data)).not.toContain(uid.learner);
  });
});

describe("capacity under concurrency", () => {
  it("30 concurrent single-learner registrations to a session of 20 register exactly 20; the other 10 get 409", async () => {
    const learners: { id: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const user = await createMember(api.db, acmeId, "LEARNER", `crowd${i}@acme.test`);
      await insertEnrollment(api.db, acmeId, { courseId: sst.id, userId: user.id });
      learners.push({ id: user.id });
    }
    const s = await session({ title: "Vingt places", participantUserIds: [], maxParticipants: 20 });
    // All sent at once: the session row lock serialises the count-then-insert of each.
    const answers = await Promise.all(learners.map((l) => call("POST", `/sessions/${s.id}/participants`, tok.admin, { userIds: [l.id] })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((st) => st === 200)).toHaveLength(20);
    expect(statuses.filter((st) => st === 409)).toHaveLength(10);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe("SESSION_FULL");
    const list = await call("GET", `/sessions/${s.id}/participants`, tok.admin);
    expect(list.body.data).toMatchObject({ registeredCount: 20, seatsLeft: 0 });
    expect(list.body.data.participants).toHaveLength(20);
  });
});

describe("migration 0022: sessions from before registrations", () => {
  it("registers every ACTIVE or COMPLETED enrollee of a session without participants; leaves registered sessions alone; adds nothing when re-run", async () => {
    const backfill = sql.raw(readFileSync("drizzle/0022_backfill_session_participants.sql", "utf8"));
    const before = await session({ participantUserIds: [] }); // what a session created before the registrations looks like
    const chosen = await session({ participantUserIds: [uid.learner2] });
    await api.db.execute(backfill);
    const enrollees = names(await call("GET", `/sessions/${(await session()).id}/participants`, tok.admin)); // omitted: every enrollee
    expect(enrollees).toEqual(expect.arrayContaining([uid.learner, uid.learner2, uid.learner3]));
    const all = await call("GET", `/sessions/${before.id}/participants`, tok.admin);
    expect(names(all)).toEqual(enrollees);
    expect(all.body.data.participants.every((p: { registeredBy: unknown }) => p.registeredBy === null)).toBe(true);
    expect(names(await call("GET", `/sessions/${chosen.id}/participants`, tok.admin))).toEqual([uid.learner2]);
    await api.db.execute(backfill);
    expect((await call("GET", `/sessions/${before.id}/participants`, tok.admin)).body.data.registeredCount).toBe(enrollees.length);
  });
});
