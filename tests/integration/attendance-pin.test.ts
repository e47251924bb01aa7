import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { expectError, expectUnknownFields } from "../helpers/rest";
import {
  ALREADY_SIGNED,
  createSession,
  enrollmentIdOf,
  expectRecord,
  expectSignedEvent,
  iso,
  liveSession,
  newLearner,
  registerTo,
  pinOf,
  startWorld,
  withEnv,
  wrongPin,
  type World,
} from "../helpers/attendance";

/** POST /emargement/sign/pin (spec: 401 wrong PIN; 429 after 5 attempts per user, wait 15 minutes). */
// A shared machine can be slow: every request goes through the real handler and database.
vi.setConfig({ testTimeout: 120_000 });
let w: World;
const LOCKED = /^Too many PIN attempts: wait 15 minutes$/;

beforeAll(async () => {
  w = await startWorld();
}, 180_000);
afterAll(() => w?.close());

const signPin = (token: string, sessionId: string, pin: string) => w.call("POST", "/emargement/sign/pin", token, { sessionId, pin });

function expectLocked(res: Awaited<ReturnType<typeof signPin>>, maxSeconds = 15 * 60) {
  expectError(res, 429, LOCKED);
  const retry = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(retry), `Retry-After: ${res.headers.get("retry-after")}`).toBe(true);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(maxSeconds);
}

describe("right PIN", () => {
  it("201 with the full record (method PIN, the learner's enrollment), sealed, with emargement.signed", async () => {
    const s = await liveSession(w);
    const pin = await pinOf(w, s.id);
    const res = await signPin(w.tok.learner, s.id, pin);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Object.keys(res.body)).toEqual(["data"]);
    expectRecord(res.body.data, {
      sessionId: s.id,
      userId: w.uid.learner,
      enrollmentId: await enrollmentIdOf(w, w.uid.learner, w.sst.id),
      method: "PIN",
      signedAt: iso(w.now()),
    });
    await expectSignedEvent(w, res.body.data);
    // a second signature of the same person in the same session
    expectError(await signPin(w.tok.learner, s.id, pin), 422, ALREADY_SIGNED);
  });

  it("the session's trainer and the course's creator countersign (enrollmentId null); ADMIN who is neither: 403", async () => {
    const s = await liveSession(w);
    const pin = await pinOf(w, s.id);
    for (const who of ["trainer", "creator"] as const) {
      const res = await signPin(w.tok[who], s.id, pin);
      expect(res.status, `${who} ${JSON.stringify(res.body)}`).toBe(201);
      expectRecord(res.body.data, { sessionId: s.id, userId: w.uid[who], method: "PIN", signedAt: iso(w.now()), enrollmentId: null });
    }
    expectError(await signPin(w.tok.admin, s.id, pin), 403);
    expectError(await signPin(w.tok.trainer2, s.id, pin), 403);
  });

  it("each session has its own PIN: another session's PIN is 401", async () => {
    const a = await liveSession(w);
    const b = await liveSession(w);
    const [pa, pb] = [await pinOf(w, a.id), await pinOf(w, b.id)];
    if (pa === pb) return; // one chance in a million
    expectError(await signPin(w.tok.learner2, a.id, pb), 401, "Invalid PIN");
    expect((await signPin(w.tok.learner2, a.id, pa)).status).toBe(201);
  });

  it("400 for unknown fields (no userId smuggling) and a missing PIN", async () => {
    const s = await liveSession(w);
    const pin = await pinOf(w, s.id);
    expectUnknownFields(await w.call("POST", "/emargement/sign/pin", w.tok.learner, { sessionId: s.id, pin, userId: w.uid.learner2 }), ["userId"]);
    const missing = await w.call("POST", "/emargement/sign/pin", w.tok.learner, { sessionId: s.id });
    expectError(missing, 400);
    expect(missing.body.errors?.pin).toBeDefined();
  });
});

describe("wrong PIN and lock-out", () => {
  it("401 Invalid PIN five times, then 429 with Retry-After (even with the right PIN), open again after 15 minutes", async () => {
    const s = await liveSession(w);
    const pin = await pinOf(w, s.id);
    const l = await newLearner(w, { sessions: [s] });
    for (let i = 0; i < 5; i++) expectError(await signPin(l.token, s.id, wrongPin(pin)), 401, "Invalid PIN");
    expectLocked(await signPin(l.token, s.id, wrongPin(pin)));
    expectLocked(await signPin(l.token, s.id, pin));

    // the lock is per user and per session
    expect((await signPin(w.tok.learner, s.id, pin)).status).toBe(201);
    const other = await liveSession(w);
    await registerTo(w, other.id, [l]);
    expectError(await signPin(l.token, other.id, wrongPin(await pinOf(w, other.id))), 401, "Invalid PIN");

    await w.advance(14 * 60);
    expectLocked(await signPin(l.token, s.id, pin), 60);
    await w.advance(60 + 1);
    const res = await signPin(l.token, s.id, pin);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectRecord(res.body.data, { sessionId: s.id, userId: l.userId, enrollmentId: l.enrollmentId, method: "PIN", signedAt: iso(w.now()) });
  });

  it("after the wait, five new attempts are allowed before the next lock", async () => {
    const s = await liveSession(w);
    const pin = await pinOf(w, s.id);
    const l = await newLearner(w, { sessions: [s] });
    for (let i = 0; i < 5; i++) expectError(await signPin(l.token, s.id, wrongPin(pin)), 401, "Invalid PIN");
    expectLocked(await signPin(l.token, s.id, wrongPin(pin)));
    await w.advance(15 * 60 + 1);
    for (let i = 0; i < 5; i++) expectError(await signPin(l.token, s.id, wrongPin(pin)), 401, "Invalid PIN");
    expectLocked(await signPin(l.token, s.id, wrongPin(pin)));
  });

  it("50 concurrent wrong attempts by one learner: at most 5 answers 401, all the others 429", async () => {
    const s = await liveSession(w);
    const pin = await pinOf(w, s.id);
    const l = await newLearner(w, { sessions: [s] });
    const results = await Promise.all(Array.from({ length: 50 }, () => signPin(l.token, s.id, wrongPin(pin))));
    const statuses = results.map((r) => r.status);
    const unauthorized = statuses.filter((st) => st === 401).length;
    expect(unauthorized, statuses.join(",")).toBeLessThanOrEqual(5);
    expect(unauthorized, statuses.join(",")).toBeGreaterThan(0);
    expect(statuses.filter((st) => st === 429).length, statuses.join(",")).toBe(50 - unauthorized);
    for (const r of results) {
      if (r.status === 401) expectError(r, 401, "Invalid PIN");
      else expectLocked(r);
    }
    // still locked afterwards, even with the right PIN
    expectLocked(await signPin(l.token, s.id, pin));
  });

  it("20 concurrent right-PIN requests by one learner: exactly one record", async () => {
    const s = await liveSession(w);
    const pin = await pinOf(w, s.id);
    const l = await newLearner(w, { sessions: [s] });
    const results = await Promise.all(Array.from({ length: 20 }, () => signPin(l.token, s.id, pin)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    // the others: already signed, or (attempts are counted before the comparison) locked
    for (const r of results) {
      if (r.status === 422) expectError(r, 422, ALREADY_SIGNED);
      else if (r.status !== 201) expectLocked(r);
    }
    const list = await w.call("GET", `/emargement/${s.id}`, w.tok.trainer);
    expect(list.body.data.filter((r: { userId: string }) => r.userId === l.userId)).toHaveLength(1);
  });

  it("PIN_MAX_ATTEMPTS and PIN_LOCK_SECONDS come from the environment", async () => {
    await withEnv({ PIN_MAX_ATTEMPTS: "2", PIN_LOCK_SECONDS: "120" }, async () => {
      const s = await liveSession(w);
      const pin = await pinOf(w, s.id);
      const l = await newLearner(w, { sessions: [s] });
      for (let i = 0; i < 2; i++) expectError(await signPin(l.token, s.id, wrongPin(pin)), 401, "Invalid PIN");
      const locked = await signPin(l.token, s.id, pin);
      expectError(locked, 429);
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(120);
      await w.advance(121);
      expect((await signPin(l.token, s.id, pin)).status).toBe(201);
    });
  });
});

describe("who and when", () => {
  it("403 for a learner without enrollment, FINANCIER, FUNDER; 404 unknown session; 401 without token", async () => {
    const s = await liveSession(w);
    const pin = await pinOf(w, s.id);
    const outsider = await newLearner(w, { enroll: false });
    expectError(await signPin(outsider.token, s.id, pin), 403);
    expectError(await signPin(w.tok.finance, s.id, pin), 403);
    expectError(await signPin(w.tok.funder, s.id, pin), 403);
    expectError(await signPin(w.tok.learner, "ses_000000000000000000000000", pin), 404, "Session not found");
    expectError(await signPin("", s.id, pin), 401);
    expectError(await w.api.call("POST", "/emargement/sign/pin", { tenant: "globex", token: w.tok.globexAdmin, body: { sessionId: s.id, pin } }), 404);
  });

  it("409 when the session is CANCELLED or not yet open", async () => {
    const cancelled = await createSession(w);
    const pin = await pinOf(w, cancelled.id);
    expect((await w.call("DELETE", `/sessions/${cancelled.id}`, w.tok.creator)).status).toBe(204);
    expectError(await signPin(w.tok.learner, cancelled.id, pin), 409, "Attendance is not open for this session");
    const later = await createSession(w);
    expectError(await signPin(w.tok.learner, later.id, await pinOf(w, later.id)), 409, "Attendance is not open for this session");
  });
});
