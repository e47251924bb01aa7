import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLearningCourse } from "../factories/learning";
import { expectError } from "../helpers/rest";
import { mailsTo } from "../helpers/sessions";
import { createSession, HOUR, newLearner, pinOf, plus, startWorld, type Learner, type World } from "../helpers/attendance";

/**
 * Issue #20 item 1: a session's `registration`. AUTO (the default, and every session created with
 * the spec's body) expects every ACTIVE or COMPLETED enrollee of its course up to capacity,
 * including those enrolled later; LIST its registered participants only. A SUSPENDED or REVOKED
 * enrollee is never registered, convened or reminded.
 */
let w: World;

const participants = async (sessionId: string) => {
  const res = await w.call("GET", `/sessions/${sessionId}/participants`, w.tok.admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { registration: string; registeredCount: number; seatsLeft: number | null; participants: { userId: string; registeredAt: string | null }[]; candidates: { userId: string }[] };
};
const ids = (rows: { userId: string }[]) => rows.map((r) => r.userId).sort();
const suspend = async (l: Learner) => {
  const res = await w.call("POST", `/enrollments/${l.enrollmentId}/suspend`, w.tok.admin, { reason: "Dossier de financement incomplet" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const course = (title: string) => createLearningCourse(w.api.db, w.acmeId, { creatorId: w.uid.creator, title });

beforeAll(async () => {
  w = await startWorld();
}, 120_000);
afterAll(() => w?.close());

describe("register all learners, one SUSPENDED among them", () => {
  it("creation with every learner and a convocation: the SUSPENDED one is not registered and gets no mail", async () => {
    const c = await course("Prévention des risques");
    const [a, b, s] = [await newLearner(w, { courseId: c.id }), await newLearner(w, { courseId: c.id }), await newLearner(w, { courseId: c.id })];
    await suspend(s!);
    const session = await createSession(w, { courseId: c.id, sendConvocation: true });
    const list = await participants(session.id);
    expect(list.registration).toBe("AUTO");
    expect(ids(list.participants)).toEqual(ids([a!, b!]));
    expect(list.registeredCount).toBe(2);
    expect(ids(list.candidates)).toEqual([]);
    expect(await mailsTo(w.api, s!.email, "session-convocation")).toHaveLength(0);
    expect(await mailsTo(w.api, a!.email, "session-convocation")).toHaveLength(1);
    expect(await mailsTo(w.api, b!.email, "session-convocation")).toHaveLength(1);
    // Named explicitly, the SUSPENDED learner is refused (422), and nobody else is registered by that call.
    const res = await w.call("POST", `/sessions/${session.id}/participants`, w.tok.admin, { userIds: [s!.userId] });
    expectError(res, 422);
    expect(ids((await participants(session.id)).participants)).toEqual(ids([a!, b!]));
  }, 120_000); // three convocations, each with its PDF rendered

  it("a LIST registration whose enrollment is suspended afterwards: no update notice for that learner", async () => {
    const c = await course("Sécurité incendie");
    const [a, s] = [await newLearner(w, { courseId: c.id }), await newLearner(w, { courseId: c.id })];
    const session = await createSession(w, { courseId: c.id, registration: "LIST" });
    expect(ids((await participants(session.id)).participants)).toEqual(ids([a!, s!]));
    await suspend(s!);
    const moved = await w.call("PATCH", `/sessions/${session.id}`, w.tok.admin, { scheduledAt: plus(session.scheduledAt, 3 * HOUR).toISOString() });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await mailsTo(w.api, a!.email, "session-update")).toHaveLength(1);
    expect(await mailsTo(w.api, s!.email, "session-update")).toHaveLength(0);
  }, 120_000);
});

describe("AUTO up to capacity; LIST keeps its list", () => {
  it("AUTO with 1 seat: the first enrollee (enrolled after the session) is expected and signs; the second is not", async () => {
    const c = await course("Habilitation électrique B0");
    const session = await createSession(w, { courseId: c.id, maxParticipants: 1 });
    const first = await newLearner(w, { courseId: c.id });
    await w.advance(60); // enrolled a minute later: the seat goes by enrollment time
    const second = await newLearner(w, { courseId: c.id });
    const list = await participants(session.id);
    expect(list).toMatchObject({ registration: "AUTO", registeredCount: 1, seatsLeft: 0 });
    expect(list.participants).toEqual([expect.objectContaining({ userId: first.userId, registeredAt: null })]);
    expect(ids(list.candidates)).toEqual([second.userId]);
    const detail = await w.call("GET", `/sessions/${session.id}`, w.tok.admin);
    expect(detail.body.data).toMatchObject({ registration: "AUTO", registeredCount: 1, seatsLeft: 0, maxParticipants: 1 });
    // Registering the second one: the session is full (409).
    expectError(await w.call("POST", `/sessions/${session.id}/participants`, w.tok.admin, { userIds: [second.userId] }), 409);
    await w.setNow(plus(session.scheduledAt, 5 * 60_000));
    const pin = await pinOf(w, session.id);
    expect((await w.call("POST", "/emargement/sign/pin", first.token, { sessionId: session.id, pin })).status).toBe(201);
    const refused = await w.call("POST", "/emargement/sign/pin", second.token, { sessionId: session.id, pin });
    expectError(refused, 403);
    expect(refused.body.code).toBe("NOT_A_PARTICIPANT");
  });

  it("PATCH AUTO -> LIST keeps who was expected as registrations; a later enrollee is then not expected", async () => {
    const c = await course("Conduite de chariots");
    const session = await createSession(w, { courseId: c.id });
    const early = await newLearner(w, { courseId: c.id });
    const patched = await w.call("PATCH", `/sessions/${session.id}`, w.tok.admin, { registration: "LIST" });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data).toMatchObject({ registration: "LIST", registeredCount: 1 });
    const late = await newLearner(w, { courseId: c.id });
    const list = await participants(session.id);
    expect(list.participants.map((p) => p.userId)).toEqual([early.userId]);
    expect(list.participants[0]!.registeredAt).not.toBeNull();
    expect(ids(list.candidates)).toEqual([late.userId]);
    // Back to AUTO: the later enrollee is expected too.
    const back = await w.call("PATCH", `/sessions/${session.id}`, w.tok.admin, { registration: "AUTO" });
    expect(back.body.data).toMatchObject({ registration: "AUTO", registeredCount: 2 });
  });

  it("the learner's upcoming sessions list the AUTO sessions of their courses", async () => {
    const c = await course("Travail en hauteur");
    const session = await createSession(w, { courseId: c.id });
    const l = await newLearner(w, { courseId: c.id });
    const res = await w.call("GET", "/enrollments/me/upcoming-sessions", l.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((s: { sessionId: string }) => s.sessionId)).toContain(session.id);
  });
});
