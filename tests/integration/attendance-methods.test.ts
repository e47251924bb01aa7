import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLogs } from "../../server/db/schema";
import { expectError, expectUnknownFields } from "../helpers/rest";
import {
  ALREADY_SIGNED,
  autoBody,
  cancelSession,
  canvasFields,
  createSession,
  download,
  endSession,
  enrollmentIdOf,
  expectRecord,
  expectSignedEvent,
  generateQr,
  HOUR,
  iso,
  liveSession,
  MINUTE,
  newLearner,
  NOT_OPEN,
  pinOf,
  plus,
  rawRows,
  signatureUrlOf,
  signaturePng,
  startSession,
  startWorld,
  strokes,
  TOO_SHORT,
  type World,
} from "../helpers/attendance";

/** Canvas, AUTO and OVERRIDE methods, the session's records, POST /emargement/{sessionId}/sign and the signing window. */
// A shared machine can be slow: every request goes through the real handler and database.
vi.setConfig({ testTimeout: 120_000 });
let w: World;
let learnerEnr: string;
let learner2Enr: string;

beforeAll(async () => {
  w = await startWorld();
  learnerEnr = await enrollmentIdOf(w, w.uid.learner, w.sst.id);
  learner2Enr = await enrollmentIdOf(w, w.uid.learner2, w.sst.id);
}, 180_000);
afterAll(() => w?.close());

const canvas = (token: string, body: Record<string, unknown>) => w.call("POST", "/emargement/sign/canvas", token, body);

function expectTooShort(res: Awaited<ReturnType<typeof canvas>>) {
  expectError(res, 422, TOO_SHORT);
  expect(res.body.errors?.signatureBase64, JSON.stringify(res.body)).toEqual([expect.any(String)]);
}

describe("POST /emargement/sign/canvas", () => {
  it("201 with signatureUrl; the PNG is stored encrypted and downloads for the signer and moderators only", async () => {
    const s = await liveSession(w);
    const { signatureBase64, strokes: drawn, png } = canvasFields(40);
    const res = await canvas(w.tok.learner, { sessionId: s.id, signatureBase64, strokes: drawn, location: { lat: 43.6, lng: 1.44, accuracy: 30 } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rec = res.body.data;
    expectRecord(rec, {
      sessionId: s.id,
      userId: w.uid.learner,
      enrollmentId: learnerEnr,
      method: "CANVAS",
      signedAt: iso(w.now()),
      signatureUrl: signatureUrlOf(rec.id),
      location: { lat: 43.6, lng: 1.44, accuracy: 30 },
    });
    await expectSignedEvent(w, rec);

    const [row] = await rawRows<{ signature_ciphertext: string | null; signature_digest: string | null }>(
      w,
      sql`select signature_ciphertext, signature_digest from emargements where id = ${rec.id}`,
    );
    expect(row!.signature_ciphertext).toMatch(/^v1:/);
    expect(row!.signature_ciphertext).not.toContain(png.toString("base64").slice(0, 40));
    expect(row!.signature_digest).toMatch(/^sha256:[0-9a-f]{64}$/);

    for (const who of ["learner", "trainer", "admin"] as const) {
      const got = await download(w, rec.signatureUrl, w.tok[who]);
      expect(got.status, `${who} ${got.bytes.toString("utf8").slice(0, 200)}`).toBe(200);
      expect(got.headers.get("content-type")).toBe("image/png");
      expect(got.bytes.equals(png)).toBe(true);
    }
    for (const who of ["learner2", "finance", "trainer2"] as const) {
      const denied = await download(w, rec.signatureUrl, w.tok[who]);
      expect([403, 404], who).toContain(denied.status);
      expect(denied.bytes.equals(png)).toBe(false);
    }
    expect((await download(w, rec.signatureUrl)).status).toBe(401);
    expect((await download(w, rec.signatureUrl, w.tok.globexAdmin, "globex")).status).toBe(404);
  });

  it("without strokes the PNG's drawn pixels are counted: 40 pixels pass, 29 and an empty transparent PNG are 422", async () => {
    const s = await liveSession(w);
    const l1 = await newLearner(w, { sessions: [s] });
    expectTooShort(await canvas(l1.token, { sessionId: s.id, signatureBase64: signaturePng({ ink: 0 }).dataUrl }));
    expectTooShort(await canvas(l1.token, { sessionId: s.id, signatureBase64: signaturePng({ ink: 29 }).dataUrl }));
    const ok = signaturePng({ ink: 40 });
    const res = await canvas(l1.token, { sessionId: s.id, signatureBase64: ok.dataUrl });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ method: "CANVAS", userId: l1.userId, enrollmentId: l1.enrollmentId, signatureUrl: signatureUrlOf(res.body.data.id) });
    expect((await download(w, res.body.data.signatureUrl, l1.token)).bytes.equals(ok.bytes)).toBe(true);
  });

  it("with strokes the drawn points are counted: 29 is 422, 30 is 201; then 422 Attendance already signed", async () => {
    const s = await liveSession(w);
    const l = await newLearner(w, { sessions: [s] });
    const png = signaturePng({ ink: 200 }).dataUrl;
    expectTooShort(await canvas(l.token, { sessionId: s.id, signatureBase64: png, strokes: strokes(29) }));
    expectTooShort(await canvas(l.token, { sessionId: s.id, signatureBase64: png, strokes: [] }));
    // a pen resting still: repeated points count once
    const still = [Array.from({ length: 40 }, () => ({ x: 5, y: 5 }))];
    expectTooShort(await canvas(l.token, { sessionId: s.id, signatureBase64: png, strokes: still }));
    const res = await canvas(l.token, { sessionId: s.id, signatureBase64: png, strokes: strokes(30, 7) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectError(await canvas(l.token, { sessionId: s.id, signatureBase64: png, strokes: strokes(40) }), 422, ALREADY_SIGNED);
  });

  it("400 when the image is not a PNG data URL or has no transparent background; unknown fields", async () => {
    const s = await liveSession(w);
    const l = await newLearner(w, { sessions: [s] });
    const notPng = await canvas(l.token, { sessionId: s.id, signatureBase64: "data:image/jpeg;base64,/9j/4AAQ", strokes: strokes(40) });
    expectError(notPng, 400);
    expect(notPng.body.errors?.signatureBase64).toBeDefined();
    const opaque = await canvas(l.token, { sessionId: s.id, signatureBase64: signaturePng({ opaqueBackground: true }).dataUrl });
    expectError(opaque, 400);
    expect(opaque.body.errors?.signatureBase64).toBeDefined();
    expectUnknownFields(await canvas(l.token, { sessionId: s.id, ...canvasFields(), png: undefined, method: "PIN" }), ["method"]);
    // nothing was recorded by the refused attempts
    const list = await w.call("GET", `/emargement/${s.id}`, l.token);
    expect(list.body).toEqual({ data: [] });
  });
});

describe("POST /emargement/auto", () => {
  const at = (s: { scheduledAt: Date }, minutes: number) => plus(s.scheduledAt, minutes * MINUTE);
  const auto = (body: unknown, tenant = "acme") => w.api.call("POST", "/emargement/auto", { tenant, body });

  it("201 without a bearer token; segments of one participant add up (merged, clipped to the session)", async () => {
    const s = await createSession(w, { durationMinutes: 60 });
    const l = await newLearner(w, { sessions: [s] });
    const seg = (from: number, to: number, sid = "PA_one") => autoBody({ sessionId: s.id, userId: l.userId, joinedAt: at(s, from), leftAt: at(s, to), sid });

    const first = await auto(seg(0, 20));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expectRecord(first.body.data, {
      sessionId: s.id,
      userId: l.userId,
      enrollmentId: l.enrollmentId,
      method: "AUTO",
      signedAt: iso(w.now()),
      attendanceMinutes: 20,
      attendanceRate: 0.3333,
    });
    await expectSignedEvent(w, first.body.data);

    await w.advance(5);
    const second = await auto(seg(30, 45, "PA_two"));
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ method: "AUTO", attendanceMinutes: 35, attendanceRate: 0.5833, signedAt: iso(w.now()) });
    expect(second.body.data.id).not.toBe(first.body.data.id);

    // overlapping segment (a second device): merged, not double-counted
    expect((await auto(seg(40, 50, "PA_three"))).body.data).toMatchObject({ attendanceMinutes: 40, attendanceRate: 0.6667 });
    // beyond the planned end: clipped
    expect((await auto(seg(55, 80, "PA_four"))).body.data).toMatchObject({ attendanceMinutes: 45, attendanceRate: 0.75 });
    // the same segment delivered again answers the record already written
    const replay = await auto(seg(30, 45, "PA_two"));
    expect(replay.status).toBe(201);
    expect(replay.body.data.id).toBe(second.body.data.id);
    expect(replay.body.data.attendanceMinutes).toBe(35);
  });

  it("401 Invalid HMAC signature: wrong secret, a field changed after signing, malformed", async () => {
    const s = await createSession(w);
    const good = autoBody({ sessionId: s.id, userId: w.uid.learner, joinedAt: s.scheduledAt, leftAt: at(s, 30) });
    expectError(await auto(autoBody({ sessionId: s.id, userId: w.uid.learner, joinedAt: s.scheduledAt, leftAt: at(s, 30), secret: "another-secret-0123456789" })), 401, "Invalid HMAC signature");
    expectError(await auto({ ...good, leftAt: iso(at(s, 60)) }), 401, "Invalid HMAC signature");
    expectError(await auto({ ...good, userId: w.uid.learner2 }), 401, "Invalid HMAC signature");
    expectError(await auto({ ...good, hmacSignature: "sha256=zz" }), 401, "Invalid HMAC signature");
    expectError(await auto({ ...good, hmacSignature: good.hmacSignature.replace("sha256=", "") }), 401, "Invalid HMAC signature");
    expect((await w.call("GET", `/emargement/${s.id}`, w.tok.admin)).body.data).toEqual([]);
    expect((await auto(good)).status).toBe(201);
  });

  it("404 unknown session or another tenant's; 409 CANCELLED; 422 errors.userId for a non-participant; 400 unknown field", async () => {
    const s = await createSession(w);
    const body = (over: Partial<Parameters<typeof autoBody>[0]> = {}) =>
      autoBody({ sessionId: s.id, userId: w.uid.learner2, joinedAt: s.scheduledAt, leftAt: at(s, 10), ...over });
    expectError(await auto(body({ sessionId: "ses_000000000000000000000000" })), 404, "Session not found");
    expectError(await auto(body(), "globex"), 404);
    const outsider = await newLearner(w, { enroll: false });
    const notParticipant = await auto(body({ userId: outsider.userId }));
    expectError(notParticipant, 422);
    expect(notParticipant.body.errors?.userId).toBeDefined();
    expectUnknownFields(await auto({ ...body(), tenantId: w.globexId }), ["tenantId"]);
    await cancelSession(w, s.id);
    expectError(await auto(body()), 409, NOT_OPEN);
  });
});

describe("POST /emargement/override", () => {
  const REASON = "Feuille papier signée, badge défaillant ce jour-là";
  const override = (token: string, body: Record<string, unknown>) => w.call("POST", "/emargement/override", token, body);

  it("ADMIN: 201 OVERRIDE record with overrideBy, reason, auditLogId; the audit entry exists; outside the signing window", async () => {
    const s = await createSession(w, { durationMinutes: 90 }); // SCHEDULED tomorrow: window closed, override still allowed
    const res = await override(w.tok.admin, { sessionId: s.id, userId: w.uid.learner2, reason: REASON, attendanceMinutes: 45 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rec = res.body.data;
    expectRecord(rec, {
      sessionId: s.id,
      userId: w.uid.learner2,
      enrollmentId: learner2Enr,
      method: "OVERRIDE",
      signedAt: iso(w.now()),
      overrideBy: w.uid.admin,
      reason: REASON,
      auditLogId: expect.stringMatching(/^aud_[a-z0-9]{24}$/) as unknown as string,
      attendanceMinutes: 45,
      attendanceRate: 0.5,
      // Without `status` (the spec's body): the minutes attended, stored without a status (status.ts allocates them over the slots).
      status: null,
    });
    const [audit] = await w.api.db.select().from(auditLogs).where(eq(auditLogs.id, rec.auditLogId));
    expect(audit).toMatchObject({ tenantId: w.acmeId, actorUserId: w.uid.admin, action: "emargement.override", targetId: rec.id });
    expect(audit!.metadata).toMatchObject({ reason: REASON, attendanceMinutes: 45 });
    await expectSignedEvent(w, rec);
    // a second correction is a new record; both stay
    await w.advance(1);
    const again = await override(w.tok.admin, { sessionId: s.id, userId: w.uid.learner2, reason: REASON, attendanceMinutes: 60 });
    expect(again.status).toBe(201);
    const list = await w.call("GET", `/emargement/${s.id}`, w.tok.admin);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([rec.id, again.body.data.id]);
  });

  it("403 for TRAINER, CREATOR, LEARNER, FINANCIER; 401 without token", async () => {
    const s = await liveSession(w);
    const body = { sessionId: s.id, userId: w.uid.learner, reason: REASON, attendanceMinutes: 30 };
    for (const who of ["trainer", "creator", "learner", "finance"] as const) expectError(await override(w.tok[who], body), 403);
    expectError(await override("", body), 401);
    expect((await w.call("GET", `/emargement/${s.id}`, w.tok.admin)).body.data).toEqual([]);
  });

  it("422 errors.reason for 19 characters or none; errors.attendanceMinutes beyond the duration; 409 CANCELLED; 404", async () => {
    const s = await createSession(w, { durationMinutes: 60 });
    const base = { sessionId: s.id, userId: w.uid.learner, attendanceMinutes: 30 };
    const short = await override(w.tok.admin, { ...base, reason: "x".repeat(19) });
    expectError(short, 422);
    expect(short.body.errors?.reason, JSON.stringify(short.body)).toEqual([expect.any(String)]);
    const blank = await override(w.tok.admin, { ...base, reason: `   ${"y".repeat(10)}          ` });
    expectError(blank, 422);
    expect(blank.body.errors?.reason).toBeDefined();
    const missing = await override(w.tok.admin, base);
    expectError(missing, 422);
    expect(missing.body.errors?.reason).toBeDefined();
    const tooLong = await override(w.tok.admin, { ...base, reason: REASON, attendanceMinutes: 61 });
    expectError(tooLong, 422);
    expect(tooLong.body.errors?.attendanceMinutes).toBeDefined();
    expectError(await override(w.tok.admin, { ...base, reason: REASON, sessionId: "ses_000000000000000000000000" }), 404, "Session not found");
    expectUnknownFields(await override(w.tok.admin, { ...base, reason: REASON, overrideBy: w.uid.trainer }), ["overrideBy"]);
    await cancelSession(w, s.id);
    expectError(await override(w.tok.admin, { ...base, reason: REASON }), 409, NOT_OPEN);
  });
});

describe("GET /emargement/{sessionId} and POST /emargement/{sessionId}/sign", () => {
  it("dispatches PIN, CANVAS and QR; moderators list every record with the person, by signedAt; a learner only their own", async () => {
    const s = await liveSession(w);
    const sign = (token: string, body: Record<string, unknown>) => w.call("POST", `/emargement/${s.id}/sign`, token, body);
    const byPin = await sign(w.tok.learner, { method: "PIN", pin: await pinOf(w, s.id) });
    expect(byPin.status, JSON.stringify(byPin.body)).toBe(201);
    expectRecord(byPin.body.data, { sessionId: s.id, userId: w.uid.learner, enrollmentId: learnerEnr, method: "PIN", signedAt: iso(w.now()) });
    await expectSignedEvent(w, byPin.body.data);

    await w.advance(10);
    const { signatureBase64, strokes: drawn } = canvasFields();
    const byCanvas = await sign(w.tok.learner2, { method: "CANVAS", signatureBase64, strokes: drawn });
    expect(byCanvas.status, JSON.stringify(byCanvas.body)).toBe(201);
    expectRecord(byCanvas.body.data, {
      sessionId: s.id,
      userId: w.uid.learner2,
      enrollmentId: learner2Enr,
      method: "CANVAS",
      signedAt: iso(w.now()),
      signatureUrl: signatureUrlOf(byCanvas.body.data.id),
    });

    await w.advance(10);
    const { qrToken } = await generateQr(w, s.id);
    const byQr = await sign(w.tok.trainer, { method: "QR", qrToken });
    expect(byQr.status, JSON.stringify(byQr.body)).toBe(201);
    expectRecord(byQr.body.data, { sessionId: s.id, userId: w.uid.trainer, enrollmentId: null, method: "QR", signedAt: iso(w.now()) });

    const ids = [byPin.body.data.id, byCanvas.body.data.id, byQr.body.data.id];
    for (const who of ["admin", "creator", "trainer"] as const) {
      const list = await w.call("GET", `/emargement/${s.id}`, w.tok[who]);
      expect(list.status).toBe(200);
      expect(list.body.data.map((r: { id: string }) => r.id), who).toEqual(ids);
      expect(list.body.data[0]).toEqual({ ...byPin.body.data, user: { id: w.uid.learner, firstName: "Léa", lastName: "Petit", email: "learner@acme.test" } });
      expect(list.body.data[1].user).toEqual({ id: w.uid.learner2, firstName: "Lucas", lastName: "Moreau", email: "learner2@acme.test" });
      expect(list.body.data[2].user).toEqual({ id: w.uid.trainer, firstName: "Thomas", lastName: "Bernard", email: "trainer@acme.test" });
    }
    const own = await w.call("GET", `/emargement/${s.id}`, w.tok.learner2);
    expect(own.status).toBe(200);
    expect(own.body.data.map((r: { id: string }) => r.id)).toEqual([byCanvas.body.data.id]);
    expect(own.body.data[0]).toMatchObject({ ...byCanvas.body.data });
  });

  it("400 when the method's field is missing or the method unknown; 401 wrong PIN; 422 short signature; unknown fields", async () => {
    const s = await liveSession(w);
    const l = await newLearner(w, { sessions: [s] });
    const sign = (body: Record<string, unknown>) => w.call("POST", `/emargement/${s.id}/sign`, l.token, body);
    const noPin = await sign({ method: "PIN" });
    expectError(noPin, 400);
    expect(noPin.body.errors?.pin).toBeDefined();
    const noImage = await sign({ method: "CANVAS" });
    expectError(noImage, 400);
    expect(noImage.body.errors?.signatureBase64).toBeDefined();
    const noToken = await sign({ method: "QR" });
    expectError(noToken, 400);
    expect(noToken.body.errors?.qrToken).toBeDefined();
    const auto = await sign({ method: "AUTO" });
    expectError(auto, 400);
    expect(auto.body.errors?.method).toBeDefined();
    expectError(await sign({ method: "PIN", pin: "000000" === (await pinOf(w, s.id)) ? "111111" : "000000" }), 401, "Invalid PIN");
    expectTooShort(await sign({ method: "CANVAS", signatureBase64: signaturePng().dataUrl, strokes: strokes(10) }));
    expectUnknownFields(await sign({ method: "PIN", pin: "123456", userId: w.uid.learner }), ["userId"]);
    expectError(await w.call("POST", "/emargement/ses_000000000000000000000000/sign", l.token, { method: "PIN", pin: "123456" }), 404, "Session not found");
  });
});

describe("who may sign, and when", () => {
  it("403: a learner without (ACTIVE or COMPLETED) enrollment, FINANCIER, FUNDER, a trainer not on the session, ADMIN who is not a participant", async () => {
    const s = await liveSession(w);
    const pin = await pinOf(w, s.id);
    const outsider = await newLearner(w, { enroll: false });
    const cancelled = await newLearner(w, { sessions: [s] });
    expect((await w.call("DELETE", `/enrollments/${cancelled.enrollmentId}`, w.tok.creator)).status).toBe(200);
    for (const token of [outsider.token, cancelled.token, w.tok.finance, w.tok.funder, w.tok.trainer2, w.tok.admin]) {
      expectError(await w.call("POST", "/emargement/sign/pin", token, { sessionId: s.id, pin }), 403);
      expectError(await canvas(token, { sessionId: s.id, signatureBase64: canvasFields().signatureBase64, strokes: strokes(40) }), 403);
    }
  });

  it("SCHEDULED: closed until 30 minutes before the start; open from then on without starting the session", async () => {
    const s = await createSession(w, { scheduledAt: iso(plus(w.now(), 40 * MINUTE)) });
    const pin = await pinOf(w, s.id);
    expectError(await w.call("POST", "/emargement/sign/pin", w.tok.learner, { sessionId: s.id, pin }), 409, NOT_OPEN);
    expectError(await canvas(w.tok.learner, { sessionId: s.id, ...canvasFields(), png: undefined }), 409, NOT_OPEN);
    await w.advance(9 * 60); // 31 minutes before
    expectError(await w.call("POST", "/emargement/sign/pin", w.tok.learner, { sessionId: s.id, pin }), 409, NOT_OPEN);
    await w.advance(2 * 60); // 29 minutes before
    const res = await w.call("POST", "/emargement/sign/pin", w.tok.learner, { sessionId: s.id, pin });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await w.call("GET", `/sessions/${s.id}`, w.tok.admin)).body.data.status).toBe("SCHEDULED");
  });

  it("ENDED: open until 2 hours after the planned end, then 409", async () => {
    const s = await createSession(w, { scheduledAt: iso(plus(w.now(), 10 * MINUTE)), durationMinutes: 30 });
    const pin = await pinOf(w, s.id);
    await startSession(w, s.id);
    await endSession(w, s.id);
    expect((await w.call("POST", "/emargement/sign/pin", w.tok.learner, { sessionId: s.id, pin })).status).toBe(201);
    await w.setNow(plus(s.scheduledAt, 30 * MINUTE + 2 * HOUR - MINUTE));
    expect((await w.call("POST", "/emargement/sign/pin", w.tok.learner2, { sessionId: s.id, pin })).status).toBe(201);
    await w.setNow(plus(s.scheduledAt, 30 * MINUTE + 2 * HOUR + MINUTE));
    expectError(await w.call("POST", "/emargement/sign/pin", w.tok.creator, { sessionId: s.id, pin }), 409, NOT_OPEN);
  });

  it("CANCELLED: 409 for every signing method", async () => {
    const s = await createSession(w, { scheduledAt: iso(plus(w.now(), 10 * MINUTE)) });
    const pin = await pinOf(w, s.id);
    await cancelSession(w, s.id);
    expectError(await w.call("POST", "/emargement/sign/pin", w.tok.learner, { sessionId: s.id, pin }), 409, NOT_OPEN);
    expectError(await canvas(w.tok.learner, { sessionId: s.id, signatureBase64: canvasFields().signatureBase64, strokes: strokes(40) }), 409, NOT_OPEN);
    expectError(await w.call("POST", `/emargement/${s.id}/sign`, w.tok.learner, { method: "PIN", pin }), 409, NOT_OPEN);
  });
});
