import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLearningCourse, insertEnrollment } from "../factories/learning";
import { expectError, expectUnknownFields } from "../helpers/rest";
import {
  ALREADY_SIGNED,
  canvasFields,
  createSession,
  expectRecord,
  expectSignedEvent,
  generateQr,
  HASH,
  iso,
  liveSession,
  MINUTE,
  newLearner,
  plus,
  rawRows,
  signatureUrlOf,
  signPin,
  startWorld,
  strokes,
  TOO_SHORT,
  type Learner,
  type World,
} from "../helpers/attendance";

/** The Qualiopi-module attendance endpoints other than slots (attendance-slots.test.ts). */
// A shared machine can be slow: every request goes through the real handler and database.
vi.setConfig({ testTimeout: 120_000 });
let w: World;
let course: { id: string; title: string };
let l1: Learner;
let l2: Learner;
let l3: Learner;
const UA = "attendance-test/1.0 (tablette salle 2)";

beforeAll(async () => {
  w = await startWorld();
  course = await createLearningCourse(w.api.db, w.acmeId, { creatorId: w.uid.creator, title: "Gestes et postures" });
  l1 = await newLearner(w, { courseId: course.id, firstName: "Anna", lastName: "Arnaud" });
  l2 = await newLearner(w, { courseId: course.id, firstName: "Bruno", lastName: "Blanc" });
  l3 = await newLearner(w, { courseId: course.id, firstName: "Chloé", lastName: "Colin" });
}, 180_000);
afterAll(() => w?.close());

const live = () => liveSession(w, { courseId: course.id });
const record = (token: string, body: Record<string, unknown>) => w.call("POST", "/qualiopi/emargement", token, body, { "User-Agent": UA });
const validate = (token: string, body: Record<string, unknown>) => w.call("POST", "/qualiopi/emargement/qr-validate", token, body);
const canvas = () => {
  const { signatureBase64, strokes: drawn } = canvasFields();
  return { signatureBase64, strokes: drawn };
};

describe("POST /qualiopi/emargement (RecordEmargementDto)", () => {
  it("201 for the enrollment's learner (CANVAS); IP and user agent stored; 422 on a duplicate", async () => {
    const s = await live();
    const res = await record(l1.token, { enrollmentId: l1.enrollmentId, sessionId: s.id, method: "CANVAS", ...canvas() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectRecord(res.body.data, {
      sessionId: s.id,
      userId: l1.userId,
      enrollmentId: l1.enrollmentId,
      method: "CANVAS",
      signedAt: iso(w.now()),
      signatureUrl: signatureUrlOf(res.body.data.id),
    });
    await expectSignedEvent(w, res.body.data);
    const [row] = await rawRows<{ ip: string | null; user_agent: string | null }>(w, sql`select ip, user_agent from emargements where id = ${res.body.data.id}`);
    expect(row!.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(row!.user_agent).toBe(UA);

    const again = await record(l1.token, { enrollmentId: l1.enrollmentId, sessionId: s.id, method: "CANVAS", ...canvas() });
    expectError(again, 422, /already/i);
  });

  it("a moderator records another method for a learner; duplicates of enrollment + session + method are 422", async () => {
    const s = await live();
    const res = await record(w.tok.trainer, { enrollmentId: l2.enrollmentId, sessionId: s.id, method: "PIN" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectRecord(res.body.data, { sessionId: s.id, userId: l2.userId, enrollmentId: l2.enrollmentId, method: "PIN", signedAt: iso(w.now()) });
    const [row] = await rawRows<{ user_agent: string | null }>(w, sql`select user_agent from emargements where id = ${res.body.data.id}`);
    expect(row!.user_agent).toBe(UA);
    expectError(await record(w.tok.admin, { enrollmentId: l2.enrollmentId, sessionId: s.id, method: "PIN" }), 422, /already/i);
    expectError(await record(w.tok.creator, { enrollmentId: l2.enrollmentId, sessionId: s.id, method: "QR_CODE" }), 422, /already/i);
    expectError(await record(l2.token, { enrollmentId: l2.enrollmentId, sessionId: s.id, method: "CANVAS", ...canvas() }), 422, /already/i);
  });

  it("422 when the enrollment is not active (CANCELLED, SUSPENDED) or of another course; canvas rules apply", async () => {
    const s = await live();
    const cancelled = await newLearner(w, { courseId: course.id });
    expect((await w.call("DELETE", `/enrollments/${cancelled.enrollmentId}`, w.tok.creator)).status).toBe(200);
    expectError(await record(w.tok.admin, { enrollmentId: cancelled.enrollmentId, sessionId: s.id, method: "PIN" }), 422, /enrollment.*not active/i);
    const suspended = await newLearner(w, { enroll: false });
    const enr = await insertEnrollment(w.api.db, w.acmeId, { courseId: course.id, userId: suspended.userId, status: "SUSPENDED" });
    // A SUSPENDED enrollment is refused with its own reason (ENROLLMENT_SUSPENDED).
    expectError(await record(w.tok.admin, { enrollmentId: enr.id, sessionId: s.id, method: "PIN" }), 422, /enrollment is suspended/i);
    expectError(await record(suspended.token, { enrollmentId: enr.id, sessionId: s.id, method: "CANVAS", ...canvas() }), 422, /enrollment is suspended/i);

    const sst = await newLearner(w); // enrolled in SST, not in this session's course
    const other = await record(w.tok.admin, { enrollmentId: sst.enrollmentId, sessionId: s.id, method: "PIN" });
    expectError(other, 422);

    const short = await record(l3.token, { enrollmentId: l3.enrollmentId, sessionId: s.id, method: "CANVAS", signatureBase64: canvas().signatureBase64, strokes: strokes(12) });
    expectError(short, 422, TOO_SHORT);
    expect((await w.call("GET", `/emargement/${s.id}`, w.tok.admin)).body.data).toEqual([]);
  });

  it("404 unknown session or enrollment, another learner's enrollment; 400 unknown field; 401", async () => {
    const s = await live();
    expectError(await record(l1.token, { enrollmentId: l1.enrollmentId, sessionId: "ses_000000000000000000000000", method: "CANVAS", ...canvas() }), 404);
    expectError(await record(w.tok.admin, { enrollmentId: "enr_000000000000000000000000", sessionId: s.id, method: "PIN" }), 404);
    expectError(await record(l3.token, { enrollmentId: l1.enrollmentId, sessionId: s.id, method: "CANVAS", ...canvas() }), 404);
    expectUnknownFields(await record(l1.token, { enrollmentId: l1.enrollmentId, sessionId: s.id, method: "CANVAS", ...canvas(), userId: l2.userId }), ["userId"]);
    expectError(await record("", { enrollmentId: l1.enrollmentId, sessionId: s.id, method: "CANVAS", ...canvas() }), 401);
  });
});

describe("POST /qualiopi/emargement/qr-validate", () => {
  it("201 method QR_CODE for the learner's enrollment; 400 used, invalid, expired; 422 duplicate", async () => {
    const s = await live();
    const { qrToken } = await generateQr(w, s.id);
    const res = await validate(l1.token, { qrToken, location: { lat: 47.2, lng: -1.55, accuracy: 8 } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectRecord(res.body.data, {
      sessionId: s.id,
      userId: l1.userId,
      enrollmentId: l1.enrollmentId,
      method: "QR_CODE",
      signedAt: iso(w.now()),
      location: { lat: 47.2, lng: -1.55, accuracy: 8 },
    });
    await expectSignedEvent(w, res.body.data);

    expectError(await validate(l2.token, { qrToken }), 400, "QR token already used");
    expectError(await validate(l2.token, { qrToken: "garbage" }), 400, "Invalid QR token");
    const stale = await generateQr(w, s.id);
    await w.advance(301);
    expectError(await validate(l2.token, { qrToken: stale.qrToken }), 400, "QR token expired");

    const fresh = await generateQr(w, s.id);
    expectError(await validate(l1.token, { qrToken: fresh.qrToken }), 422, ALREADY_SIGNED);
    expect((await validate(l2.token, { qrToken: fresh.qrToken })).status).toBe(201);
  });

  it("403 for non-LEARNER roles; 422 for a learner without enrollment in the course; 400 unknown field; 401", async () => {
    const s = await live();
    const { qrToken } = await generateQr(w, s.id);
    for (const who of ["trainer", "admin", "creator", "finance"] as const) expectError(await validate(w.tok[who], { qrToken }), 403);
    expectError(await validate(w.tok.learner, { qrToken }), 422, /enrollment/i); // enrolled in SST only
    expectUnknownFields(await validate(l3.token, { qrToken, sessionId: s.id }), ["sessionId"]);
    expectError(await validate("", { qrToken }), 401);
    expect((await validate(l3.token, { qrToken })).status).toBe(201);
  });
});

describe("GET /qualiopi/emargement/enrollment/{enrollmentId}", () => {
  it("the enrollment's records by signature time, for its learner, ADMIN and the course's creator; 404 / 403 otherwise", async () => {
    const learner = await newLearner(w, { courseId: course.id });
    const a = await live();
    const b = await live();
    const c = await createSession(w, { courseId: course.id });
    const first = await signPin(w, a.id, learner.token);
    await w.advance(60);
    const second = await record(learner.token, { enrollmentId: learner.enrollmentId, sessionId: b.id, method: "CANVAS", ...canvas() });
    expect(second.status).toBe(201);
    await w.advance(60);
    const third = await w.call("POST", "/emargement/override", w.tok.admin, { sessionId: c.id, userId: learner.userId, reason: "Présent toute la journée (feuille papier)", attendanceMinutes: 30 });
    expect(third.status).toBe(201);
    const ids = [first.id, second.body.data.id, third.body.data.id];

    for (const token of [learner.token, w.tok.admin, w.tok.creator]) {
      const res = await w.call("GET", `/qualiopi/emargement/enrollment/${learner.enrollmentId}`, token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.map((r: { id: string }) => r.id)).toEqual(ids);
      expect(res.body.data[0]).toMatchObject(first);
      expect(res.body.data[2]).toMatchObject({ method: "OVERRIDE", enrollmentId: learner.enrollmentId, attendanceMinutes: 30 });
    }
    expectError(await w.call("GET", `/qualiopi/emargement/enrollment/${learner.enrollmentId}`, l1.token), 404);
    expectError(await w.call("GET", "/qualiopi/emargement/enrollment/enr_000000000000000000000000", w.tok.admin), 404);
    expectError(await w.call("GET", `/qualiopi/emargement/enrollment/${learner.enrollmentId}`, w.tok.trainer), 403);
    expectError(await w.call("GET", `/qualiopi/emargement/enrollment/${learner.enrollmentId}`, w.tok.finance), 403);
    expectError(await w.call("GET", `/qualiopi/emargement/enrollment/${learner.enrollmentId}`), 401);
  });
});

describe("GET /qualiopi/emargement/{sessionId}", () => {
  it("the roster: expected learners with present/absent, time, method, minutes, records; trainers; every record", async () => {
    const s = await live();
    const byPin = await signPin(w, s.id, l1.token);
    await w.advance(30);
    const byCanvas = await w.call("POST", "/emargement/sign/canvas", l2.token, { sessionId: s.id, ...canvas() });
    expect(byCanvas.status).toBe(201);
    await w.advance(30);
    const trainerSig = await signPin(w, s.id, w.tok.trainer);

    for (const who of ["trainer", "creator", "admin"] as const) {
      const res = await w.call("GET", `/qualiopi/emargement/${s.id}`, w.tok[who]);
      expect(res.status, `${who} ${JSON.stringify(res.body)}`).toBe(200);
      const d = res.body.data;
      const at = (minutes: number) => new Date(new Date(s.scheduledAt).getTime() + minutes * 60_000).toISOString();
      // The signing window from the server's one rule (signing-window.ts): 30 min before the start to 2 h after the end; LIVE is open.
      expect(d.session).toEqual({
        id: s.id,
        title: s.title,
        status: "LIVE",
        scheduledAt: iso(s.scheduledAt),
        durationMinutes: 60,
        courseId: course.id,
        courseTitle: course.title,
        endsAt: at(60),
        signingOpensAt: at(-30),
        signingClosesAt: at(180),
        signingOpen: true,
      });
      const enrolled = await w.call("GET", `/enrollments?courseId=${course.id}&limit=100`, w.tok.admin);
      const expected = enrolled.body.data.filter((e: { status: string }) => e.status === "ACTIVE" || e.status === "COMPLETED").length;
      // The session starts tomorrow (LIVE early): whoever has not signed is NOT_YET, not absent.
      expect(d.summary).toEqual({
        expected,
        present: 2,
        absent: 0,
        byStatus: { PRESENT: 2, ABSENT: 0, EXCUSED_ABSENCE: 0, LATE: 0, LEFT_EARLY: 0, NOT_YET: expected - 2 },
        attendanceMinutes: 120,
      });
      expect(d.slots).toEqual([
        { id: null, position: 1, label: expect.stringMatching(/^Session complète — /), startsAt: iso(s.scheduledAt), endsAt: iso(plus(s.scheduledAt, 60 * MINUTE)), byStatus: d.summary.byStatus },
      ]);
      expect(d.learners).toHaveLength(expected);
      const of = (l: Learner) => d.learners.find((x: { userId: string }) => x.userId === l.userId);
      expect(of(l1)).toEqual({
        userId: l1.userId,
        enrollmentId: l1.enrollmentId,
        firstName: "Anna",
        lastName: "Arnaud",
        email: l1.email,
        status: "PRESENT",
        justification: null,
        present: true,
        signedAt: byPin.signedAt,
        method: "PIN",
        attendanceMinutes: 60,
        slots: [
          {
            slotId: null,
            position: 1,
            label: d.slots[0].label,
            startsAt: iso(s.scheduledAt),
            endsAt: iso(plus(s.scheduledAt, 60 * MINUTE)),
            status: "PRESENT",
            minutes: 60,
            lateMinutes: null,
            leftEarlyMinutes: null,
            justification: null,
            signedAt: byPin.signedAt,
            method: "PIN",
            recordId: byPin.id,
            corrections: [],
          },
        ],
        corrections: [],
        records: [expect.objectContaining({ id: byPin.id })],
      });
      expect(of(l2)).toMatchObject({ present: true, method: "CANVAS", signedAt: byCanvas.body.data.signedAt, records: [expect.objectContaining({ id: byCanvas.body.data.id })] });
      expect(of(l3)).toEqual({
        userId: l3.userId,
        enrollmentId: l3.enrollmentId,
        firstName: "Chloé",
        lastName: "Colin",
        email: l3.email,
        status: "NOT_YET",
        justification: null,
        present: false,
        signedAt: null,
        method: null,
        attendanceMinutes: null,
        slots: [expect.objectContaining({ status: "NOT_YET", minutes: 0, signedAt: null, method: null, recordId: null, corrections: [] })],
        corrections: [],
        records: [],
      });
      expect(d.trainers).toEqual([{ userId: w.uid.trainer, firstName: "Thomas", lastName: "Bernard", signedAt: trainerSig.signedAt, method: "PIN" }]);
      expect(d.records.map((r: { id: string }) => r.id)).toEqual([byPin.id, byCanvas.body.data.id, trainerSig.id]);
      expect(d.records[0].user).toEqual({ id: l1.userId, firstName: "Anna", lastName: "Arnaud", email: l1.email });
    }
    for (const who of ["learner", "finance", "trainer2"] as const) expectError(await w.call("GET", `/qualiopi/emargement/${s.id}`, w.tok[who]), 403);
    expectError(await w.call("GET", `/qualiopi/emargement/${s.id}`, l1.token), 403);
    expectError(await w.call("GET", "/qualiopi/emargement/ses_000000000000000000000000", w.tok.admin), 404);
    expectError(await w.call("GET", `/qualiopi/emargement/${s.id}`), 401);
  });
});

describe("seal certificate and verification", () => {
  it("GET /qualiopi/emargement/{id}/seal-certificate: the record's link; consecutive records are chained", async () => {
    const s = await live();
    const first = await signPin(w, s.id, l1.token);
    const second = await signPin(w, s.id, l2.token);
    const res = await w.call("GET", `/qualiopi/emargement/${second.id}/seal-certificate`, l2.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const firstCert = (await w.call("GET", `/qualiopi/emargement/${first.id}/seal-certificate`, l1.token)).body.data;
    expect(res.body.data).toEqual({
      id: second.id,
      sessionId: s.id,
      sealedAt: expect.any(String),
      sealedHash: second.sealedHash,
      previousHash: first.sealedHash,
      chainPosition: firstCert.chainPosition + 1,
      algorithm: expect.any(String),
      certificateUrl: expect.stringContaining(s.id),
    });
    expect(Number.isNaN(Date.parse(res.body.data.sealedAt))).toBe(false);
    expect(firstCert.sealedHash).toBe(first.sealedHash);
    expect(firstCert.sealedHash).toMatch(HASH);
    for (const token of [w.tok.trainer, w.tok.admin]) expect((await w.call("GET", `/qualiopi/emargement/${first.id}/seal-certificate`, token)).status).toBe(200);
    expectError(await w.call("GET", `/qualiopi/emargement/${first.id}/seal-certificate`, l2.token), 403);
    expectError(await w.call("GET", `/qualiopi/emargement/${first.id}/seal-certificate`, w.tok.finance), 403);
    expectError(await w.call("GET", `/qualiopi/emargement/${first.id}/seal-certificate`), 401);
    expectError(await w.call("GET", "/qualiopi/emargement/emg_000000000000000000000000/seal-certificate", w.tok.admin), 404);
  });

  it("GET /qualiopi/emargement/{sessionId}/verify: {valid, checked, brokenAt} for moderators", async () => {
    const s = await live();
    const empty = await w.call("GET", `/qualiopi/emargement/${s.id}/verify`, w.tok.trainer);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: { valid: true, checked: 0, brokenAt: null } });
    await signPin(w, s.id, l1.token);
    await signPin(w, s.id, l3.token);
    expect((await w.call("POST", "/emargement/override", w.tok.admin, { sessionId: s.id, userId: l2.userId, reason: "Arrivé en retard, présent ensuite", attendanceMinutes: 40 })).status).toBe(201);
    // records of other sessions interleaved in the tenant's chain
    const other = await live();
    await signPin(w, other.id, l1.token);
    await signPin(w, s.id, w.tok.trainer);
    for (const who of ["trainer", "creator", "admin"] as const) {
      const res = await w.call("GET", `/qualiopi/emargement/${s.id}/verify`, w.tok[who]);
      expect(res.body, who).toEqual({ data: { valid: true, checked: 4, brokenAt: null } });
    }
    expectError(await w.call("GET", `/qualiopi/emargement/${s.id}/verify`, l1.token), 403);
    expectError(await w.call("GET", `/qualiopi/emargement/${s.id}/verify`, w.tok.finance), 403);
    expectError(await w.call("GET", `/qualiopi/emargement/${s.id}/verify`), 401);
    expectError(await w.call("GET", "/qualiopi/emargement/ses_000000000000000000000000/verify", w.tok.admin), 404);
  });
});
