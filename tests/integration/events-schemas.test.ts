import { asc, eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_DATA, EVENT_NAMES, type EventName } from "../../server/contracts/events";
import { events, lessons, modules } from "../../server/db/schema";
import { login } from "../factories";
import { createBulk, publishableBulk, createCourse, completeCourse } from "../helpers/courses";
import { expectError } from "../helpers/rest";
import { resetEnvCache } from "../../server/env";
import { drainJobs } from "../helpers/jobs";
import { signatureValid, startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { createSession, endSession, newLearner, signPin, startSession, startWorld, type World } from "../helpers/attendance";

/**
 * Issue 9 item 3: every emitting operation writes exactly one event, in its transaction, whose
 * `data` is exactly its schema (server/contracts/events.ts); a failing operation writes none.
 * certificate.generated (documents job) and payment.* (payments issue) are parsed by their
 * emitters' tests; here their schemas are only checked to exist.
 */
let w: World;
let receiver: Receiver;
let secret: string;
let subscribedAt: Date;
beforeAll(async () => {
  w = await startWorld();
  // A local receiver subscribed to every event of acme (issue 9: each type observed once per emitting operation).
  process.env.ALLOW_HTTP_WEBHOOKS = "true";
  resetEnvCache();
  receiver = await startReceiver([200]);
  const hook = ok(await w.call("POST", "/webhooks", w.tok.admin, { url: receiver.url, events: [...EVENT_NAMES], description: "every event" }), 201);
  secret = hook.secret;
  subscribedAt = new Date(hook.createdAt);
});
afterAll(async () => {
  await receiver.close();
  delete process.env.ALLOW_HTTP_WEBHOOKS;
  resetEnvCache();
  await w.close();
});

type Row = typeof events.$inferSelect;

async function allIds(): Promise<Set<string>> {
  return new Set((await w.api.db.select({ id: events.id }).from(events)).map((r) => r.id));
}

/** Runs `op` and answers the events written meanwhile (any tenant), oldest first. */
async function eventsOf(op: () => Promise<unknown>): Promise<Row[]> {
  const before = await allIds();
  await op();
  const rows = await w.api.db.select().from(events).orderBy(asc(events.createdAt), asc(events.id));
  return rows.filter((r) => !before.has(r.id));
}

/** Exactly one event, named `name`, in `tenantId`, whose data parses (strictly) with its schema; answers the data. */
function expectOne<E extends EventName>(rows: Row[], name: E, tenantId: string) {
  expect(rows.map((r) => r.event)).toEqual([name]);
  const row = rows[0]!;
  expect(row).toMatchObject({ id: expect.stringMatching(/^evt_[a-z0-9]{24}$/), tenantId, event: name, dispatchedAt: null });
  const parsed = EVENT_DATA[name].safeParse(row.data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return parsed.data as Record<string, unknown>;
}

const ok = (res: { status: number; body: any }, status: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body.data;
};

describe("the 14 schemas", () => {
  it("one strict data schema per event name", () => {
    expect(Object.keys(EVENT_DATA).sort()).toEqual([...EVENT_NAMES].sort());
    for (const name of EVENT_NAMES) {
      // strict: an extra field is refused
      expect(EVENT_DATA[name].safeParse({ ...Object.fromEntries(Object.keys(EVENT_DATA[name].shape).map((k) => [k, null])), extra: 1 }).success).toBe(false);
    }
  });
});

describe("enrollments", () => {
  it("POST /enrollments: one enrollment.created with the spec's fields", async () => {
    const learner = await newLearner(w, { enroll: false, firstName: "Léa", lastName: "Martin" });
    let enr: any;
    const rows = await eventsOf(async () => {
      enr = ok(await w.call("POST", "/enrollments", w.tok.admin, { courseId: w.sst.id, userId: learner.userId, paymentMethod: "FREE" }), 201);
    });
    expect(expectOne(rows, "enrollment.created", w.acmeId)).toEqual({
      enrollmentId: enr.id,
      courseId: w.sst.id,
      userId: learner.userId,
      courseTitle: w.sst.title,
      userName: "Léa Martin",
      enrolledAt: enr.enrolledAt,
    });
    // a failing enrollment (409 already enrolled) writes none
    const none = await eventsOf(async () =>
      expectError(await w.call("POST", "/enrollments", w.tok.admin, { courseId: w.sst.id, userId: learner.userId, paymentMethod: "FREE" }), 409),
    );
    expect(none).toEqual([]);
  });

  it("completing the last lesson: one enrollment.completed", async () => {
    const course = ok(await w.call("POST", "/courses/bulk", w.tok.creator, publishableBulk({ title: "Cours à terminer", publish: true })), 201);
    const lessonIds = (
      await w.api.db.select({ id: lessons.id }).from(lessons).innerJoin(modules, eq(modules.id, lessons.moduleId)).where(eq(lessons.courseId, course.id)).orderBy(asc(lessons.position))
    ).map((l) => l.id);
    expect(lessonIds).toHaveLength(2);
    const learner = await newLearner(w, { courseId: course.id, firstName: "Jean", lastName: "Dupont" });
    const first = await eventsOf(async () => ok(await w.call("POST", `/enrollments/${learner.enrollmentId}/progress/${lessonIds[0]}`, learner.token, { status: "COMPLETED" }), 201));
    expect(first).toEqual([]);
    let result: any;
    const rows = await eventsOf(async () => {
      result = ok(await w.call("POST", `/enrollments/${learner.enrollmentId}/progress/${lessonIds[1]}`, learner.token, { status: "COMPLETED" }), 201);
    });
    const data = expectOne(rows, "enrollment.completed", w.acmeId);
    expect(data).toMatchObject({ enrollmentId: learner.enrollmentId, courseId: course.id, userId: learner.userId, courseTitle: "Cours à terminer", userName: "Jean Dupont" });
    expect(data.completedAt).toBe(result.enrollment.completedAt);
    // a failing progress call (lesson of another course: 422) writes none
    const sstLesson = (await w.api.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, w.sst.id)).limit(1))[0]!.id;
    expect(await eventsOf(async () => expectError(await w.call("POST", `/enrollments/${learner.enrollmentId}/progress/${sstLesson}`, learner.token, { status: "COMPLETED" }), 422))).toEqual([]);
  });

  it("suspend and revoke: one enrollment.suspended, one enrollment.revoked; reactivate none", async () => {
    const learner = await newLearner(w, { firstName: "Ana", lastName: "Silva" });
    const s = await eventsOf(async () => ok(await w.call("POST", `/enrollments/${learner.enrollmentId}/suspend`, w.tok.admin, { reason: "Impayé" }), 200));
    expect(expectOne(s, "enrollment.suspended", w.acmeId)).toMatchObject({ enrollmentId: learner.enrollmentId, reason: "Impayé", by: w.uid.admin, userName: "Ana Silva", courseTitle: w.sst.title });
    expect(await eventsOf(async () => ok(await w.call("POST", `/enrollments/${learner.enrollmentId}/reactivate`, w.tok.admin), 200))).toEqual([]);
    const r = await eventsOf(async () => ok(await w.call("POST", `/enrollments/${learner.enrollmentId}/revoke`, w.tok.admin, { reason: "Remboursé" }), 200));
    expect(expectOne(r, "enrollment.revoked", w.acmeId)).toMatchObject({ enrollmentId: learner.enrollmentId, previousStatus: "ACTIVE", reason: "Remboursé", by: w.uid.admin });
    expect(await eventsOf(async () => expectError(await w.call("POST", `/enrollments/${learner.enrollmentId}/revoke`, w.tok.admin, { reason: "Encore" }), 409))).toEqual([]);
  });
});

describe("courses", () => {
  it("publish: one course.published; archive: one course.archived; a refused publication none", async () => {
    const draft = await createCourse(w.api, "acme", w.tok.creator, completeCourse({ title: "À publier", modules: undefined }));
    // no module yet: publication refused (422), no event
    expect(await eventsOf(async () => expect((await w.call("POST", `/courses/${draft.id}/publish`, w.tok.creator)).body.code).toBe("COURSE_NOT_PUBLISHABLE"))).toEqual([]);
    const bulk = await createBulk(w.api, "acme", w.tok.creator, publishableBulk({ title: "Publié puis archivé" }));
    const p = await eventsOf(async () => ok(await w.call("POST", `/courses/${bulk.id}/publish`, w.tok.creator), 201));
    expect(expectOne(p, "course.published", w.acmeId)).toMatchObject({ courseId: bulk.id, title: "Publié puis archivé", creatorId: w.uid.creator, previousStatus: "DRAFT" });
    const a = await eventsOf(async () => ok(await w.call("DELETE", `/courses/${bulk.id}`, w.tok.creator), 200));
    expect(expectOne(a, "course.archived", w.acmeId)).toMatchObject({ courseId: bulk.id, previousStatus: "PUBLISHED" });
  });
});

describe("sessions and attendance", () => {
  it("start: session.started; a PIN signature: emargement.signed; end: session.ended", async () => {
    const s = await createSession(w);
    const started = await eventsOf(() => startSession(w, s.id));
    expect(expectOne(started, "session.started", w.acmeId)).toMatchObject({ sessionId: s.id, courseId: w.sst.id, title: s.title, scheduledAt: s.scheduledAt.toISOString() });
    const learner = await newLearner(w, { sessions: [s] });
    let rec: any;
    const signed = await eventsOf(async () => {
      rec = await signPin(w, s.id, learner.token);
    });
    expect(expectOne(signed, "emargement.signed", w.acmeId)).toEqual({
      emargementId: rec.id,
      sessionId: s.id,
      courseId: w.sst.id,
      userId: learner.userId,
      enrollmentId: learner.enrollmentId,
      slotId: null,
      method: "PIN",
      signedAt: rec.signedAt,
      sealedHash: rec.sealedHash,
    });
    // signing twice is refused (422) and writes nothing
    expect(await eventsOf(async () => expectError(await w.call("POST", "/emargement/sign/pin", learner.token, { sessionId: s.id, pin: "000000" }), 422))).toEqual([]);
    const ended = await eventsOf(() => endSession(w, s.id));
    const data = expectOne(ended, "session.ended", w.acmeId);
    expect(data).toMatchObject({ sessionId: s.id, startedAt: expect.any(String), endedAt: expect.any(String) });
    // ending again: 409, no event
    expect(await eventsOf(async () => expectError(await w.call("POST", `/sessions/${s.id}/end`, w.tok.trainer), 409))).toEqual([]);
  });
});

describe("user.created from every operation that adds a member", () => {
  it("POST /users (INVITED) with the names", async () => {
    let user: any;
    const rows = await eventsOf(async () => {
      user = ok(await w.call("POST", "/users", w.tok.admin, { email: "evt.user@acme.test", firstName: "Évt", lastName: "Utilisateur", role: "TRAINER" }), 201);
    });
    expect(expectOne(rows, "user.created", w.acmeId)).toEqual({ userId: user.id, email: "evt.user@acme.test", firstName: "Évt", lastName: "Utilisateur", role: "TRAINER", status: "INVITED" });
  });

  it("creator signup: in the new tenant, ACTIVE CREATOR", async () => {
    const rows = await eventsOf(async () =>
      ok(await w.api.call("POST", "/auth/signup/creator", { body: { email: "owner@evt-signup.test", password: "evt-Passw0rd!", firstName: "Inès", lastName: "Créatrice", companyName: "Evt Signup" } }), 201),
    );
    const tenantId = rows[0]!.tenantId;
    expect(tenantId).not.toBe(w.acmeId);
    expect(expectOne(rows, "user.created", tenantId)).toMatchObject({ email: "owner@evt-signup.test", firstName: "Inès", lastName: "Créatrice", role: "CREATOR", status: "ACTIVE" });
  });

  it("tenant creation with an admin (platform): INVITED ADMIN in the new tenant; without admin none", async () => {
    const platform = (await login(w.api, "", "platform@admin.test")).accessToken;
    let tenant: any;
    const rows = await eventsOf(async () => {
      tenant = ok(await w.api.call("POST", "/tenants", { token: platform, body: { name: "Evt Tenant", admin: { email: "boss@evt-tenant.test", firstName: "Boss", lastName: "Evt" } } }), 201);
    });
    expect(expectOne(rows, "user.created", tenant.id)).toMatchObject({ email: "boss@evt-tenant.test", firstName: "Boss", lastName: "Evt", role: "ADMIN", status: "INVITED" });
    expect(await eventsOf(async () => ok(await w.api.call("POST", "/tenants", { token: platform, body: { name: "Evt Tenant Two" } }), 201))).toEqual([]);
  });

  it("SSO provisioning (token exchange on a HEADLESS tenant): ACTIVE LEARNER with the provider's names", async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), alg: "RS256", use: "sig" };
    const issuer = "https://idp.evt.example";
    ok(
      await w.call("PATCH", `/tenants/${w.acmeId}`, w.tok.admin, { auth: { mode: "HEADLESS", oidc: { issuer, audience: "evt", jwks: { keys: [jwk] } } } }),
      200,
    );
    const token = await new SignJWT({ email: "sso.evt@idp.evt.example", given_name: "Sso", family_name: "Évt" })
      .setProtectedHeader({ alg: "RS256" })
      .setIssuer(issuer)
      .setAudience("evt")
      .setSubject("evt-sub-1")
      .setIssuedAt(Math.floor(w.now().getTime() / 1000))
      .setExpirationTime(Math.floor(w.now().getTime() / 1000) + 300)
      .sign(privateKey);
    const rows = await eventsOf(async () => ok(await w.api.call("POST", "/auth/token-exchange", { tenant: "acme", body: { token } }), 200));
    expect(expectOne(rows, "user.created", w.acmeId)).toMatchObject({ email: "sso.evt@idp.evt.example", firstName: "Sso", lastName: "Évt", role: "LEARNER", status: "ACTIVE" });
    // the second exchange finds the user: no event
    expect(await eventsOf(async () => ok(await w.api.call("POST", "/auth/token-exchange", { tenant: "acme", body: { token } }), 200))).toEqual([]);
  });
});

describe("every event written by this file's operations", () => {
  it("parses with its schema", async () => {
    const rows = await w.api.db.select().from(events);
    expect(rows.length).toBeGreaterThan(10);
    const bad = rows.filter((r) => !EVENT_DATA[r.event as EventName]?.safeParse(r.data).success).map((r) => `${r.event} ${JSON.stringify(r.data)}`);
    expect(bad).toEqual([]);
  });
});

describe("the local receiver", () => {
  it("gets every acme event of this file once, signed over the raw body, certificate.generated included", async () => {
    await drainJobs(w.api.db); // the worker's part: dispatch, certificates, deliveries
    const all = await w.api.db.select().from(events).where(eq(events.tenantId, w.acmeId));
    // A webhook receives only what happened after it subscribed (the seed's events are not sent).
    const acme = all.filter((e) => e.createdAt >= subscribedAt);
    const older = all.filter((e) => e.createdAt < subscribedAt).map((e) => e.id);
    const got = receiver.received.map((r) => ({ body: JSON.parse(r.raw.toString("utf8")) as { id: string; event: string; tenantId: string; createdAt: string; data: unknown }, valid: signatureValid(secret, r.raw, r.headers["x-platform-signature"]) }));
    expect(got.every((g) => g.valid)).toBe(true);
    // each event delivered exactly once, with the envelope of the spec
    expect(got.map((g) => g.body.id).sort()).toEqual(acme.map((e) => e.id).sort());
    expect(older.length).toBeGreaterThan(0);
    expect(got.filter((g) => older.includes(g.body.id))).toEqual([]);
    for (const g of got) {
      const row = acme.find((e) => e.id === g.body.id)!;
      expect(g.body).toEqual({ id: row.id, event: row.event, tenantId: w.acmeId, createdAt: row.createdAt.toISOString(), data: row.data });
    }
    // every type an operation of the product emits today (payment.* come with the payments issue)
    const types = new Set(got.map((g) => g.body.event));
    expect([...types].sort()).toEqual(EVENT_NAMES.filter((n) => !n.startsWith("payment.")).sort());
  });
});
