import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_DATA } from "../../server/contracts/events";
import { events, lessons } from "../../server/db/schema";
import type { ApiResponse } from "../helpers/api";
import { auditRows, expectError, expectValidation } from "../helpers/rest";
import {
  autoBody,
  canvasFields,
  enrollmentIdOf,
  generateQr,
  liveSession,
  MINUTE,
  newLearner,
  pinOf,
  startWorld,
  type Learner,
  type Session,
  type World,
} from "../helpers/attendance";
import { courseOf, EXCEL } from "../helpers/sessions";

/**
 * POST /enrollments/{id}/suspend, /reactivate and /revoke (issue 9 item 3): every transition and
 * each 409, the 422 of a SUSPENDED or REVOKED learner on progress, quiz attempts and every
 * signature method, roles (403), another tenant's id (404), the event and audit of each move.
 */
let w: World;
let textLesson: string;
let quizLesson: string;
let session: Session;
beforeAll(async () => {
  w = await startWorld();
  const rows = await w.api.db.select({ id: lessons.id, kind: lessons.kind }).from(lessons).where(eq(lessons.courseId, w.sst.id)).orderBy(asc(lessons.position));
  textLesson = rows.find((l) => l.kind !== "QUIZ")!.id;
  quizLesson = rows.find((l) => l.kind === "QUIZ")!.id;
  session = await liveSession(w);
});
afterAll(() => w.close());

const FR = { "Accept-Language": "fr-FR,fr;q=0.9" };
const move = (id: string, action: "suspend" | "reactivate" | "revoke", body?: Record<string, unknown>, token = w.tok.admin, headers?: Record<string, string>) =>
  w.call("POST", `/enrollments/${id}/${action}`, token, body, headers);

async function eventsFor(enrollmentId: string) {
  const rows = await w.api.db.select().from(events).where(eq(events.tenantId, w.acmeId)).orderBy(asc(events.createdAt));
  return rows.filter((r) => (r.data as { enrollmentId?: string }).enrollmentId === enrollmentId);
}

function expectCode(res: ApiResponse, status: number, code: string) {
  expectError(res, status);
  expect(res.body.code, JSON.stringify(res.body)).toBe(code);
}

describe("suspend -> reactivate", () => {
  let l: Learner;
  beforeAll(async () => {
    l = await newLearner(w);
  });

  it("suspend: 200 SUSPENDED with suspendedAt and reason; one enrollment.suspended; audited", async () => {
    const res = await move(l.enrollmentId, "suspend", { reason: "  Dossier de financement incomplet  " });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: l.enrollmentId,
      status: "SUSPENDED",
      suspendedAt: w.now().toISOString(),
      revokedAt: null,
      statusReason: "Dossier de financement incomplet",
    });
    const evs = (await eventsFor(l.enrollmentId)).filter((e) => e.event === "enrollment.suspended");
    expect(evs).toHaveLength(1);
    expect(EVENT_DATA["enrollment.suspended"].parse(evs[0]!.data)).toEqual({
      enrollmentId: l.enrollmentId,
      courseId: w.sst.id,
      userId: l.userId,
      courseTitle: w.sst.title,
      userName: `${l.firstName} ${l.lastName}`,
      reason: "Dossier de financement incomplet",
      suspendedAt: w.now().toISOString(),
      by: w.uid.admin,
    });
    const [audit] = await auditRows(w.api, "enrollment.suspended", { targetId: l.enrollmentId });
    expect(audit).toMatchObject({ tenantId: w.acmeId, actorUserId: w.uid.admin, targetType: "enrollment", metadata: { from: "ACTIVE", to: "SUSPENDED", reason: "Dossier de financement incomplet" } });
  });

  it("a second suspend is 409 ENROLLMENT_TRANSITION_INVALID and writes no event", async () => {
    const before = (await eventsFor(l.enrollmentId)).length;
    expectCode(await move(l.enrollmentId, "suspend"), 409, "ENROLLMENT_TRANSITION_INVALID");
    expect((await eventsFor(l.enrollmentId)).length).toBe(before);
  });

  it("the suspended learner cannot progress nor attempt a quiz: 422 ENROLLMENT_SUSPENDED, worded in French", async () => {
    const progress = await w.call("POST", `/enrollments/${l.enrollmentId}/progress/${textLesson}`, l.token, { status: "COMPLETED" });
    expectCode(progress, 422, "ENROLLMENT_SUSPENDED");
    expect(progress.body.message).toMatch(/suspended/);
    const quiz = await w.call("POST", `/enrollments/${l.enrollmentId}/quiz-attempts/${quizLesson}`, l.token, { answers: [] });
    expectCode(quiz, 422, "ENROLLMENT_SUSPENDED");
    const fr = await w.call("POST", `/enrollments/${l.enrollmentId}/progress/${textLesson}`, l.token, { status: "COMPLETED" }, FR);
    expectCode(fr, 422, "ENROLLMENT_SUSPENDED");
    expect(fr.body.message).toBe("Votre inscription est suspendue\u202f: vous ne pouvez ni progresser ni signer la feuille d'émargement tant qu'un administrateur ne l'a pas réactivée.");
  });

  it("the suspended learner cannot sign by any method: 422 ENROLLMENT_SUSPENDED", async () => {
    const pin = await pinOf(w, session.id);
    expectCode(await w.call("POST", "/emargement/sign/pin", l.token, { sessionId: session.id, pin }), 422, "ENROLLMENT_SUSPENDED");
    const { qrToken } = await generateQr(w, session.id);
    expectCode(await w.call("POST", "/emargement/sign/qr", l.token, { qrToken }), 422, "ENROLLMENT_SUSPENDED");
    expectCode(await w.call("POST", "/qualiopi/emargement/qr-validate", l.token, { qrToken }), 422, "ENROLLMENT_SUSPENDED");
    const { signatureBase64, strokes } = canvasFields();
    expectCode(await w.call("POST", "/emargement/sign/canvas", l.token, { sessionId: session.id, signatureBase64, strokes }), 422, "ENROLLMENT_SUSPENDED");
    expectCode(
      await w.call("POST", "/qualiopi/emargement", l.token, { enrollmentId: l.enrollmentId, sessionId: session.id, method: "CANVAS", signatureBase64, strokes }),
      422,
      "ENROLLMENT_SUSPENDED",
    );
    // the session's staff recording for them, the media server and an ADMIN correction are refused too
    expectCode(await w.call("POST", "/qualiopi/emargement", w.tok.trainer, { enrollmentId: l.enrollmentId, sessionId: session.id, method: "PIN" }), 422, "ENROLLMENT_SUSPENDED");
    const joinedAt = new Date(w.now().getTime() - 10 * MINUTE);
    expectCode(
      await w.api.call("POST", "/emargement/auto", { tenant: "acme", body: autoBody({ sessionId: session.id, userId: l.userId, joinedAt, leftAt: w.now() }) }),
      422,
      "ENROLLMENT_SUSPENDED",
    );
    expectCode(
      await w.call("POST", "/emargement/override", w.tok.admin, { sessionId: session.id, userId: l.userId, reason: "Présent, feuille papier signée ce jour-là", attendanceMinutes: 30 }),
      422,
      "ENROLLMENT_SUSPENDED",
    );
    const signed = (await w.api.db.select().from(events).where(and(eq(events.tenantId, w.acmeId), eq(events.event, "emargement.signed")))).filter(
      (e) => (e.data as { userId: string }).userId === l.userId,
    );
    expect(signed).toEqual([]);
  });

  it("keeps reading their own enrollment (status shown); lists filter SUSPENDED with the right total", async () => {
    const own = await w.call("GET", `/enrollments/${l.enrollmentId}`, l.token);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ status: "SUSPENDED", statusReason: "Dossier de financement incomplet" });
    const mine = await w.call("GET", "/enrollments/me", l.token);
    expect(mine.body.data.map((e: { id: string; status: string }) => [e.id, e.status])).toEqual([[l.enrollmentId, "SUSPENDED"]]);
    const list = await w.call("GET", "/enrollments?status=SUSPENDED", w.tok.admin);
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: { id: string }) => e.id)).toContain(l.enrollmentId);
    expect(list.body.meta.total).toBe(list.body.data.length);
    expect(list.body.data.every((e: { status: string }) => e.status === "SUSPENDED")).toBe(true);
  });

  it("reactivate: 200 ACTIVE, suspension cleared, no event, audited; the learner progresses again", async () => {
    const before = (await eventsFor(l.enrollmentId)).length;
    const res = await move(l.enrollmentId, "reactivate");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: "ACTIVE", suspendedAt: null, statusReason: null });
    expect((await eventsFor(l.enrollmentId)).length).toBe(before);
    const [audit] = await auditRows(w.api, "enrollment.reactivated", { targetId: l.enrollmentId });
    expect(audit).toMatchObject({ actorUserId: w.uid.admin, metadata: { from: "SUSPENDED", to: "ACTIVE" } });
    const progress = await w.call("POST", `/enrollments/${l.enrollmentId}/progress/${textLesson}`, l.token, { status: "IN_PROGRESS" });
    expect(progress.status, JSON.stringify(progress.body)).toBe(201);
  });

  it("reactivating an ACTIVE enrollment is 409", async () => {
    expectCode(await move(l.enrollmentId, "reactivate"), 409, "ENROLLMENT_TRANSITION_INVALID");
  });
});

describe("revoke (final)", () => {
  it("ACTIVE -> REVOKED: reason required (400), then 200 with revokedAt; one enrollment.revoked; audited", async () => {
    const l = await newLearner(w);
    expectValidation(await move(l.enrollmentId, "revoke", {}), ["reason"]);
    expectValidation(await move(l.enrollmentId, "revoke", { reason: "   " }), ["reason"]);
    expectValidation(await move(l.enrollmentId, "revoke", { reason: "x".repeat(501) }), ["reason"]);
    expect(await eventsFor(l.enrollmentId).then((r) => r.filter((e) => e.event === "enrollment.revoked"))).toEqual([]);
    const res = await move(l.enrollmentId, "revoke", { reason: "Remboursement intégral" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: "REVOKED", revokedAt: w.now().toISOString(), statusReason: "Remboursement intégral" });
    const evs = (await eventsFor(l.enrollmentId)).filter((e) => e.event === "enrollment.revoked");
    expect(evs).toHaveLength(1);
    expect(EVENT_DATA["enrollment.revoked"].parse(evs[0]!.data)).toMatchObject({ previousStatus: "ACTIVE", reason: "Remboursement intégral", by: w.uid.admin, revokedAt: w.now().toISOString() });
    expect(await auditRows(w.api, "enrollment.revoked", { targetId: l.enrollmentId })).toHaveLength(1);

    // final: every move from REVOKED is 409, a cancel too, and no event is written
    const before = (await eventsFor(l.enrollmentId)).length;
    for (const action of ["suspend", "reactivate", "revoke"] as const) {
      const r = await move(l.enrollmentId, action, action === "revoke" ? { reason: "Encore" } : undefined);
      expectCode(r, 409, "ENROLLMENT_TRANSITION_INVALID");
      expect(r.body.message).toMatch(/final/);
    }
    expectCode(await w.call("DELETE", `/enrollments/${l.enrollmentId}`, w.tok.admin), 409, "ENROLLMENT_TRANSITION_INVALID");
    // re-enrolling the same learner in the course: 409 ENROLLMENT_REVOKED
    expectCode(await w.call("POST", "/enrollments", w.tok.admin, { courseId: w.sst.id, userId: l.userId, paymentMethod: "FREE" }), 409, "ENROLLMENT_REVOKED");
    expect((await eventsFor(l.enrollmentId)).length).toBe(before);

    // no progress, no quiz, no signature: 422 ENROLLMENT_REVOKED
    expectCode(await w.call("POST", `/enrollments/${l.enrollmentId}/progress/${textLesson}`, l.token, { status: "COMPLETED" }), 422, "ENROLLMENT_REVOKED");
    expectCode(await w.call("POST", `/enrollments/${l.enrollmentId}/quiz-attempts/${quizLesson}`, l.token, { answers: [] }), 422, "ENROLLMENT_REVOKED");
    const fr = await w.call("POST", "/emargement/sign/pin", l.token, { sessionId: session.id, pin: await pinOf(w, session.id) }, FR);
    expectCode(fr, 422, "ENROLLMENT_REVOKED");
    expect(fr.body.message).toMatch(/révoquée/);
  });

  it("COMPLETED -> REVOKED (previousStatus COMPLETED)", async () => {
    const excel = await courseOf(w.api, "acme", EXCEL);
    const id = await enrollmentIdOf(w, w.uid.learner, excel.id);
    const res = await move(id, "revoke", { reason: "Fraude à l'évaluation" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [ev] = (await eventsFor(id)).filter((e) => e.event === "enrollment.revoked");
    expect(EVENT_DATA["enrollment.revoked"].parse(ev!.data).previousStatus).toBe("COMPLETED");
  });

  it("SUSPENDED -> REVOKED (previousStatus SUSPENDED)", async () => {
    const l = await newLearner(w);
    expect((await move(l.enrollmentId, "suspend")).body.data).toMatchObject({ status: "SUSPENDED", statusReason: null });
    const [suspended] = (await eventsFor(l.enrollmentId)).filter((e) => e.event === "enrollment.suspended");
    expect(EVENT_DATA["enrollment.suspended"].parse(suspended!.data).reason).toBeNull();
    const res = await move(l.enrollmentId, "revoke", { reason: "Abandon" });
    expect(res.body.data).toMatchObject({ status: "REVOKED", suspendedAt: expect.any(String) });
    const [ev] = (await eventsFor(l.enrollmentId)).filter((e) => e.event === "enrollment.revoked");
    expect(EVENT_DATA["enrollment.revoked"].parse(ev!.data).previousStatus).toBe("SUSPENDED");
  });
});

describe("CANCELLED", () => {
  it("cannot be suspended, reactivated or revoked (409); a SUSPENDED one cannot be cancelled (409)", async () => {
    const l = await newLearner(w);
    expect((await w.call("DELETE", `/enrollments/${l.enrollmentId}`, w.tok.admin)).status).toBe(200);
    expectCode(await move(l.enrollmentId, "suspend"), 409, "ENROLLMENT_TRANSITION_INVALID");
    expectCode(await move(l.enrollmentId, "reactivate"), 409, "ENROLLMENT_TRANSITION_INVALID");
    expectCode(await move(l.enrollmentId, "revoke", { reason: "Test" }), 409, "ENROLLMENT_TRANSITION_INVALID");
    const other = await newLearner(w);
    await move(other.enrollmentId, "suspend");
    expectCode(await w.call("DELETE", `/enrollments/${other.enrollmentId}`, w.tok.admin), 409, "ENROLLMENT_TRANSITION_INVALID");
  });
});

describe("who may", () => {
  it("ADMIN only: 403 for the other roles (the course's creator included), 401 without a token; nothing changes", async () => {
    const l = await newLearner(w);
    for (const who of ["creator", "trainer", "learner", "finance", "funder"] as const) {
      for (const action of ["suspend", "reactivate", "revoke"] as const) {
        expectError(await move(l.enrollmentId, action, action === "revoke" ? { reason: "x" } : undefined, w.tok[who]), 403, "Forbidden: ADMIN required");
      }
    }
    expectError(await move(l.enrollmentId, "suspend", undefined, l.token), 403);
    expectError(await move(l.enrollmentId, "suspend", undefined, ""), 401);
    const own = await w.call("GET", `/enrollments/${l.enrollmentId}`, l.token);
    expect(own.body.data.status).toBe("ACTIVE");
  });

  it("another tenant's enrollment is 404 (both ways); an unknown id 404; unknown fields 400", async () => {
    const l = await newLearner(w);
    for (const action of ["suspend", "reactivate", "revoke"] as const) {
      const res = await w.api.call("POST", `/enrollments/${l.enrollmentId}/${action}`, { tenant: "globex", token: w.tok.globexAdmin, body: action === "revoke" ? { reason: "x" } : {} });
      expectCode(res, 404, "ENROLLMENT_NOT_FOUND");
    }
    const globexSstEnrollment = await enrollmentIdOf(w, w.uid.globexLearner, w.globexSst.id);
    expectCode(await move(globexSstEnrollment, "suspend"), 404, "ENROLLMENT_NOT_FOUND");
    expectCode(await move("enr_000000000000000000000000", "revoke", { reason: "x" }), 404, "ENROLLMENT_NOT_FOUND");
    expectError(await move(l.enrollmentId, "suspend", { reason: "ok", status: "ACTIVE" }), 400);
    expect((await w.call("GET", `/enrollments/${l.enrollmentId}`, w.tok.admin)).body.data.status).toBe("ACTIVE");
  });
});
