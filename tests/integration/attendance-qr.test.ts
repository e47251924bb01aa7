import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { decodeJwt, expectError, expectUnknownFields, tamperedToken } from "../helpers/rest";
import {
  ALREADY_SIGNED,
  enrollmentIdOf,
  expectRecord,
  expectSignedEvent,
  generateQr,
  iso,
  liveSession,
  newLearner,
  pinOf,
  startWorld,
  withEnv,
  type World,
} from "../helpers/attendance";

/**
 * QR method: POST /qualiopi/emargement/qr-generate/{sessionId} then POST /emargement/sign/qr
 * (spec: token valid 5 min, bound to a session; 410 expired; 422 invalid or already used).
 */
// A shared machine can be slow: every request goes through the real handler and database.
vi.setConfig({ testTimeout: 120_000 });
let w: World;

beforeAll(async () => {
  w = await startWorld();
}, 180_000);
afterAll(() => w?.close());

const signQr = (token: string, body: Record<string, unknown>) => w.call("POST", "/emargement/sign/qr", token, body);

describe("POST /qualiopi/emargement/qr-generate/{sessionId}", () => {
  it("201 {qrToken, expiresAt = now + QR_TOKEN_TTL_SECONDS, signUrl carrying the token}", async () => {
    const s = await liveSession(w);
    const res = await w.call("POST", `/qualiopi/emargement/qr-generate/${s.id}`, w.tok.trainer);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const d = res.body.data;
    expect(Object.keys(d).sort()).toEqual(["expiresAt", "qrToken", "signUrl"]);
    expect(d.qrToken).toEqual(expect.any(String));
    expect(Math.abs(new Date(d.expiresAt).getTime() - (w.now().getTime() + 300_000))).toBeLessThanOrEqual(1000);
    const url = new URL(d.signUrl);
    expect(url.hostname.startsWith("acme.")).toBe(true);
    // the short URL of the token: /q/{jti} (tests/integration/attendance-signing.test.ts)
    expect(url.pathname).toBe(`/q/${decodeJwt(d.qrToken).jti}`);
    // a JWT of 5 minutes (spec)
    const payload = decodeJwt(d.qrToken);
    expect(payload.exp - payload.iat).toBe(300);
    // ADMIN and the course's creator may generate too; each call is a new token
    const byAdmin = await generateQr(w, s.id, w.tok.admin);
    const byCreator = await generateQr(w, s.id, w.tok.creator);
    expect(new Set([d.qrToken, byAdmin.qrToken, byCreator.qrToken]).size).toBe(3);
  });

  it("403 for learners, FINANCIER and a trainer not on the session; 404 unknown session; 401", async () => {
    const s = await liveSession(w);
    for (const who of ["learner", "finance", "trainer2", "funder"] as const) {
      expectError(await w.call("POST", `/qualiopi/emargement/qr-generate/${s.id}`, w.tok[who]), 403);
    }
    expectError(await w.call("POST", "/qualiopi/emargement/qr-generate/ses_000000000000000000000000", w.tok.admin), 404, "Session not found");
    expectError(await w.call("POST", `/qualiopi/emargement/qr-generate/${s.id}`), 401);
  });
});

describe("POST /emargement/sign/qr", () => {
  it("201 method QR with location stored; the token signs exactly once (422 for the same and another learner)", async () => {
    const s = await liveSession(w);
    const { qrToken } = await generateQr(w, s.id);
    const location = { lat: 48.8566, lng: 2.3522, accuracy: 12 };
    const res = await signQr(w.tok.learner, { qrToken, location });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectRecord(res.body.data, {
      sessionId: s.id,
      userId: w.uid.learner,
      enrollmentId: await enrollmentIdOf(w, w.uid.learner, w.sst.id),
      method: "QR",
      signedAt: iso(w.now()),
      location,
    });
    await expectSignedEvent(w, res.body.data);
    const listed = await w.call("GET", `/emargement/${s.id}`, w.tok.trainer);
    expect(listed.body.data.find((r: { id: string }) => r.id === res.body.data.id)).toMatchObject({ method: "QR", location });

    // the same learner again: the used token or the existing signature, both 422 (the brief names the first)
    expectError(await signQr(w.tok.learner, { qrToken }), 422, /^(QR token already used|Attendance already signed)$/);
    expectError(await signQr(w.tok.learner2, { qrToken }), 422, "QR token already used");
    // learner2 can still sign with a fresh token
    const fresh = await generateQr(w, s.id);
    const second = await signQr(w.tok.learner2, { qrToken: fresh.qrToken });
    expect(second.status).toBe(201);
    expect(second.body.data.location).toBeNull();
  });

  it("two learners racing on one token: one 201, one 422", async () => {
    const s = await liveSession(w);
    const { qrToken } = await generateQr(w, s.id);
    const [a, b] = await Promise.all([signQr(w.tok.learner, { qrToken }), signQr(w.tok.learner2, { qrToken })]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    expectError(a.status === 422 ? a : b, 422, "QR token already used");
  });

  it("422 Invalid QR token: garbage, a tampered payload, another tenant's token", async () => {
    const s = await liveSession(w);
    const { qrToken } = await generateQr(w, s.id);
    expectError(await signQr(w.tok.learner, { qrToken: "not-a-token" }), 422, "Invalid QR token");
    const longer = tamperedToken(qrToken, (p) => ({ ...p, exp: p.exp + 3600 }));
    expectError(await signQr(w.tok.learner, { qrToken: longer }), 422, "Invalid QR token");
    const [head, body, sig] = qrToken.split(".");
    const flipped = `${head}.${body}.${sig!.slice(0, 10)}${sig![10] === "A" ? "B" : "A"}${sig!.slice(11)}`;
    expectError(await signQr(w.tok.learner, { qrToken: flipped }), 422, "Invalid QR token");

    const globexSession = await w.api.call("POST", "/sessions", {
      tenant: "globex",
      token: w.tok.globexCreator,
      body: { courseId: w.globexSst.id, title: "Globex live", scheduledAt: new Date(w.now().getTime() + 3_600_000).toISOString(), durationMinutes: 60 },
    });
    expect(globexSession.status).toBe(201);
    const globexQr = await generateQr(w, globexSession.body.data.id, w.tok.globexCreator, "globex");
    expectError(await signQr(w.tok.learner, { qrToken: globexQr.qrToken }), 422, "Invalid QR token");
    // the untouched token still works
    expect((await signQr(w.tok.learner, { qrToken })).status).toBe(201);
  });

  it("a token of session A used on POST /emargement/{B}/sign: 422 Invalid QR token; on A it works", async () => {
    const a = await liveSession(w);
    const b = await liveSession(w);
    const { qrToken } = await generateQr(w, a.id);
    expectError(await w.call("POST", `/emargement/${b.id}/sign`, w.tok.learner, { method: "QR", qrToken }), 422, "Invalid QR token");
    const res = await w.call("POST", `/emargement/${a.id}/sign`, w.tok.learner, { method: "QR", qrToken, location: { lat: 45.76, lng: 4.83 } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectRecord(res.body.data, {
      sessionId: a.id,
      userId: w.uid.learner,
      enrollmentId: await enrollmentIdOf(w, w.uid.learner, w.sst.id),
      method: "QR",
      signedAt: iso(w.now()),
      location: { lat: 45.76, lng: 4.83 },
    });
  });

  it("410 QR token expired once the clock passes the TTL (5 minutes by default)", async () => {
    const s = await liveSession(w);
    const early = await generateQr(w, s.id);
    const late = await generateQr(w, s.id);
    await w.advance(299);
    expect((await signQr(w.tok.learner, { qrToken: early.qrToken })).status).toBe(201);
    await w.advance(2);
    expectError(await signQr(w.tok.learner2, { qrToken: late.qrToken }), 410, "QR token expired");
  });

  it("410 with QR_TOKEN_TTL_SECONDS lowered by the environment", async () => {
    const s = await liveSession(w);
    await withEnv({ QR_TOKEN_TTL_SECONDS: "5" }, async () => {
      const { qrToken, expiresAt } = await generateQr(w, s.id);
      expect(Math.abs(new Date(expiresAt).getTime() - (w.now().getTime() + 5_000))).toBeLessThanOrEqual(1000);
      const payload = decodeJwt(qrToken);
      expect(payload.exp - payload.iat).toBe(5);
      await w.advance(6);
      expectError(await signQr(w.tok.learner, { qrToken }), 410, "QR token expired");
    });
    // the default again
    const { expiresAt } = await generateQr(w, s.id);
    expect(Math.abs(new Date(expiresAt).getTime() - (w.now().getTime() + 300_000))).toBeLessThanOrEqual(1000);
  });

  it("422 Attendance already signed when the learner signed by PIN; the token stays usable by others", async () => {
    const s = await liveSession(w);
    const pin = await pinOf(w, s.id);
    expect((await w.call("POST", "/emargement/sign/pin", w.tok.learner, { sessionId: s.id, pin })).status).toBe(201);
    const { qrToken } = await generateQr(w, s.id);
    expectError(await signQr(w.tok.learner, { qrToken }), 422, ALREADY_SIGNED);
    expect((await signQr(w.tok.learner2, { qrToken })).status).toBe(201);
  });

  it("403 learner without enrollment and FINANCIER (token not consumed); 400 unknown field and bad location; 401", async () => {
    const s = await liveSession(w);
    const { qrToken } = await generateQr(w, s.id);
    const outsider = await newLearner(w, { enroll: false });
    expectError(await signQr(outsider.token, { qrToken }), 403);
    expectError(await signQr(w.tok.finance, { qrToken }), 403);
    expectUnknownFields(await signQr(w.tok.learner, { qrToken, sessionId: s.id }), ["sessionId"]);
    const badLocation = await signQr(w.tok.learner, { qrToken, location: { lat: 123, lng: 2 } });
    expectError(badLocation, 400);
    expect(Object.keys(badLocation.body.errors ?? {}).some((k) => k.startsWith("location"))).toBe(true);
    expectError(await signQr("", { qrToken }), 401);
    expect((await signQr(w.tok.learner, { qrToken })).status).toBe(201);
  });
});
